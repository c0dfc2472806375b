// Finished games: newest first, with players, scores and a link to the replay viewer.

import { gameOf, gameTitle } from "../games/index.js";
import { api } from "./api.js";
import { el, money, replace } from "./dom.js";
import { settingsPhrases } from "./settings.js";
import { displayNames, seatDetails } from "./seats.js";
import { importPanel } from "./upload.js";
import { plural } from "./words.js";

const PAGE = 25;

export class GamesPage {
  constructor(app) {
    this.app = app;
    this.offset = 0;
    this.body = el("div", {}, el("p", { class: "muted", text: "Loading finished games…" }));
    this.node = el(
      "div",
      { class: "page games-page" },
      el("section", { class: "panel" }, el("h2", { text: "Finished games" }), this.body),
      importPanel(app),
    );
    this.load();
  }

  destroy() {}

  async load() {
    let data;
    try {
      data = await api.games(PAGE, this.offset);
      this.app.connection("ok");
    } catch (err) {
      this.app.connection("lost", err.message, () => this.load());
      replace(this.body, el("p", { class: "error", text: err.message }));
      return;
    }
    if (!data.games.length) {
      replace(this.body, el("p", { class: "muted", text: "No finished games yet." }));
      return;
    }
    const rows = data.games.map((g) => {
      // Short names as at the table (equal ones numbered by seat); bots are known as bots
      // (and shortened) only when the server lists the seats with their kinds.
      const names = g.players || [];
      const seatList = g.seats || names.map((name, seat) => ({ seat, name }));
      const short = displayNames(seatList);
      const order = names.map((_, seat) => seat);
      if (g.ranks) order.sort((a, b) => g.ranks[a] - g.ranks[b] || a - b);
      const players = order.map((seat) =>
        el(
          "li",
          { class: g.ranks && g.ranks[seat] === 1 ? "first" : "" },
          g.ranks ? place(g.ranks, seat) : null,
          el("span", {
            title: seatList[seat] ? seatDetails(seatList[seat]) : null,
            text: short[seat],
          }),
          " ",
          el("span", { class: "muted", text: g.scores ? money(g.scores[seat]) : "" }),
        ),
      );
      const when = g.finished_at ? new Date(g.finished_at) : null;
      return el(
        "tr",
        { dataset: { game: g.id } },
        el("td", { text: when && !isNaN(when) ? when.toLocaleString() : "" }),
        el("td", {}, el("ul", { class: "result" }, players)),
        el("td", { class: "num", text: g.actions }),
        el("td", {
          class: "settings",
          text: [gameTitle(gameOf(g)), ...settingsPhrases(g)].join(" · "),
        }),
        el(
          "td",
          {},
          el("a", { class: "button", href: `#/replay/${encodeURIComponent(g.id)}` }, "Replay"),
        ),
      );
    });
    const pager = el(
      "div",
      { class: "choices" },
      this.offset > 0
        ? el("button", { onclick: () => ((this.offset -= PAGE), this.load()) }, "Newer")
        : null,
      this.offset + PAGE < data.total
        ? el("button", { onclick: () => ((this.offset += PAGE), this.load()) }, "Older")
        : null,
      el("span", { class: "muted", text: plural(data.total, "game") }),
    );
    replace(
      this.body,
      el(
        "table",
        { class: "games" },
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            ["Finished", "Players and scores", "Moves", "Game and rules", ""].map((h) =>
              el("th", { text: h }),
            ),
          ),
        ),
        el("tbody", {}, rows),
      ),
      pager,
    );
  }
}

/** A finished game's place: "2.", or "1=" with a title where players tied (equal scores share
 * a place, the next is skipped: 1, 1, 3). */
function place(ranks, seat) {
  const tied = ranks.filter((r) => r === ranks[seat]).length > 1;
  return el("span", {
    class: "place",
    text: tied ? `${ranks[seat]}=` : `${ranks[seat]}.`,
    title: tied ? "tied: equal scores share a place" : null,
  });
}
