// The game registry: a game's name (the `game` field of tables, snapshots and views) -> the
// module that draws it. The shell (lobby, table page, log, chat, replay controls) is the same
// for every game; what a game shows and asks is in its module, loaded on first use. The
// contract a module fulfils is in docs/web-client.md.

/** Tables and messages without a `game` field are Acquire (servers before several games). */
export const DEFAULT_GAME = "acquire";

const GAMES = {
  acquire: { title: "Acquire", load: () => import("./acquire/index.js") },
};

const loaded = new Map();

/** The game a table, snapshot or view is of: the first `game` field among `sources`. */
export function gameOf(...sources) {
  for (const source of sources) {
    if (source && typeof source.game === "string" && source.game) return source.game;
  }
  return DEFAULT_GAME;
}

/** Whether this client can draw `name`. */
export function isKnown(name) {
  return Object.hasOwn(GAMES, name);
}

/** A game's title for people ("Acquire"); an unknown game's own name. */
export function gameTitle(name) {
  return isKnown(name) ? GAMES[name].title : String(name);
}

/** The names of the games this client can draw. */
export function knownGames() {
  return Object.keys(GAMES);
}

export class UnknownGame extends Error {
  constructor(name) {
    super(`This page cannot show ${name} games yet.`);
    this.game = name;
  }
}

/**
 * The game module for `name` (its default export), with its stylesheet loaded once.
 * @returns {Promise<object>}
 */
export function loadGame(name) {
  if (!isKnown(name)) return Promise.reject(new UnknownGame(name));
  if (!loaded.has(name)) {
    const promise = GAMES[name].load().then(async (module) => {
      const game = module.default;
      if (game.stylesheet) await addStylesheet(game.stylesheet);
      return game;
    });
    promise.catch(() => loaded.delete(name));
    loaded.set(name, promise);
  }
  return loaded.get(name);
}

/** A `<link rel=stylesheet>` (allowed by a strict CSP, unlike an inline style), once loaded. */
function addStylesheet(href) {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve); // unstyled is still playable
    document.head.appendChild(link);
  });
}
