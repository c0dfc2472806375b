// The game registry: a game's name (the `game` field of tables, snapshots and views) -> the
// module that draws it. The shell (lobby, table page, log, chat, replay controls) is the same
// for every game; what a game shows and asks is in its module, loaded on first use. The
// contract a module fulfils is in docs/web-client.md.

/** Tables and messages without a `game` field are Acquire (servers before several games). */
export const DEFAULT_GAME = "acquire";

// A Map keeps this order (an object would put the integer-like "1817" first).
const GAMES = new Map([
  ["acquire", { title: "Acquire", load: () => import("./acquire/index.js") }],
  ["1817", { title: "1817", load: () => import("./g1817/index.js") }],
]);

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
  return GAMES.has(name);
}

/** A game's title for people ("Acquire"); an unknown game's own name. */
export function gameTitle(name) {
  return isKnown(name) ? GAMES.get(name).title : String(name);
}

/** The names of the games this client can draw. */
export function knownGames() {
  return [...GAMES.keys()];
}

export class UnknownGame extends Error {
  constructor(name) {
    super(`This page cannot show ${name} games yet.`);
    this.game = name;
  }
}

/** What a game module must export (docs/web-client.md), and of what type. */
export const CONTRACT = {
  name: "string",
  title: "string",
  players: "function",
  decision: "function",
  prompts: "object",
  describe: "function",
  createTable: "function",
  renderScoreSheet: "function",
  renderReplay: "function",
};

/** What is missing or of the wrong type in a game module, in words (empty when it is whole). */
export function checkGame(game) {
  if (!game || typeof game !== "object") return ["the module has no default export object"];
  const problems = [];
  for (const [key, type] of Object.entries(CONTRACT)) {
    if (typeof game[key] !== type) problems.push(`"${key}" should be a ${type}`);
  }
  if (game.stylesheet !== undefined && typeof game.stylesheet !== "string")
    problems.push('"stylesheet" should be a URL string');
  if (game.actionText !== undefined && typeof game.actionText !== "function")
    problems.push('"actionText" should be a function');
  return problems;
}

/**
 * The game module for `name` (its default export, checked against the contract), with its
 * stylesheet loaded once.
 * @returns {Promise<object>}
 */
export function loadGame(name) {
  if (!isKnown(name)) return Promise.reject(new UnknownGame(name));
  if (!loaded.has(name)) {
    const promise = GAMES.get(name).load().then(async (module) => {
      const game = module.default;
      const problems = checkGame(game);
      if (problems.length) throw new Error(`the ${name} module: ${problems.join("; ")}`);
      if (game.name !== name) throw new Error(`the ${name} module calls itself ${game.name}`);
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
