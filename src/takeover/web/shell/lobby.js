// The lobby: open and playing tables with their game, seats and options, a page at a time
// (the server lists joinable tables first), and the form to create a table (shell/create.js).

import { gameOf, gameTitle } from "../games/index.js";
import { api, seats } from "./api.js";
import { createForm } from "./create.js";
import { el, replace } from "./dom.js";
import { loadOptions } from "./options.js";
import { displayNames, seatDetails } from "./seats.js";
import { settingsLine } from "./settings.js";
import { plural } from "./words.js";

const REFRESH_MS = 5000;
/** Tables per page of the lobby. */
const PAGE = 20;

export class LobbyPage {
  constructor(app) {
    this.app = app;
    this.offset = 0;
    this.pager = el("nav", { class: "pager", "aria-label": "pages of tables", hidden: true });
    this.list = el(
      "div",
      { class: "tables" },
      el("p", { class: "muted", text: "Loading tables…" }),
    );
    this.form = el(
      "div",
      { class: "create" },
      el("p", { class: "muted", text: "Loading options…" }),
    );
    this.node = el(
      "div",
      { class: "page lobby-page" },
      el("section", { class: "panel" }, el("h2", { text: "New table" }), this.form),
      el("section", { class: "panel" }, el("h2", { text: "Tables" }), this.list, this.pager),
    );
    this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    loadOptions()
      .then((o) => replace(this.form, createForm(o, app)))
      .catch((err) => replace(this.form, el("p", { class: "error", text: err.message })));
  }

  destroy() {
    clearInterval(this.timer);
  }

  async refresh() {
    try {
      const page = await api.tables(PAGE, this.offset);
      const total = page.total ?? page.tables.length;
      if (this.offset && this.offset >= total) {
        // The page emptied (tables started or expired): show the last one there is.
        this.offset = Math.max(0, Math.floor((total - 1) / PAGE) * PAGE);
        return this.refresh();
      }
      this.app.connection("ok");
      replace(
        this.list,
        page.tables.length
          ? page.tables.map(tableCard)
          : el("p", { class: "muted", text: "No tables yet: create one." }),
      );
      this.drawPager(total, page.joinable);
    } catch (err) {
      this.app.connection("lost", err.message, () => this.refresh());
    }
  }

  /** "Tables 21–40 of 135 (12 to join)" between Previous and Next, when there are pages. */
  drawPager(total, joinable) {
    this.pager.hidden = total <= PAGE;
    if (this.pager.hidden) return;
    const first = this.offset + 1;
    const last = Math.min(total, this.offset + PAGE);
    const go = (offset) => {
      this.offset = offset;
      this.refresh();
    };
    replace(
      this.pager,
      el(
        "button",
        { class: "small prev", disabled: this.offset === 0, onclick: () => go(this.offset - PAGE) },
        "← Previous",
      ),
      el("span", {
        class: "muted page-of",
        text:
          `Tables ${first}–${last} of ${total}` +
          (typeof joinable === "number" ? ` (${joinable} to join)` : ""),
      }),
      el(
        "button",
        { class: "small next", disabled: last >= total, onclick: () => go(this.offset + PAGE) },
        "Next →",
      ),
    );
  }
}

function tableCard(t) {
  const mine = seats.get(t.id);
  const free = t.seats.filter((s) => s.kind === "empty").length;
  const href = `#/table/${encodeURIComponent(t.id)}`;
  const action = mine
    ? el("a", { class: "button primary", href }, "Return to your seat")
    : t.status === "open" && free
      ? el("a", { class: "button primary", href }, "Join")
      : el("a", { class: "button", href }, "Watch");
  const names = displayNames(t.seats);
  return el(
    "article",
    { class: "table-card", dataset: { table: t.id, game: gameOf(t) } },
    el(
      "header",
      {},
      el("strong", { text: `Table ${t.id}` }),
      el("span", { class: "badge status-" + t.status, text: t.status }),
      el("span", { class: "muted", text: gameTitle(gameOf(t)) }),
      t.status === "playing" ? el("span", { class: "muted", text: plural(t.seq, "move") }) : null,
    ),
    settingsLine(t, "settings muted"),
    el(
      "ul",
      { class: "seat-list" },
      t.seats.map((s) =>
        el(
          "li",
          { class: `seat-${s.kind}`, title: seatDetails(s) },
          s.kind === "empty"
            ? el("em", { text: "empty seat" })
            : el("span", { text: names[s.seat] }),
          s.kind === "bot" ? el("span", { class: "badge", text: "bot" }) : null,
        ),
      ),
    ),
    action,
  );
}
