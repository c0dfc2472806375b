// The lobby: open and playing tables with their game, seats and options, a page at a time
// (the server lists joinable tables first), live tables apart from correspondence ones
// (played over days), and the form to create a table (shell/create.js).

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
    // Until the options say whether the server has correspondence tables, one list of all.
    this.live = new TableList(app, null, "No tables yet: create one.");
    this.slow = new TableList(
      app,
      "correspondence",
      "No correspondence tables yet: create one with the pace “correspondence”.",
    );
    this.form = el(
      "div",
      { class: "create" },
      el("p", { class: "muted", text: "Loading options…" }),
    );
    this.slowPanel = el(
      "section",
      { class: "panel correspondence-tables", hidden: true },
      el("h2", { text: "Correspondence tables" }),
      el("p", { class: "muted", text: "Played over days: a move every few hours." }),
      this.slow.list,
      this.slow.pager,
    );
    this.node = el(
      "div",
      { class: "page lobby-page" },
      el("section", { class: "panel" }, el("h2", { text: "New table" }), this.form),
      el(
        "div",
        { class: "lobby-lists" },
        el(
          "section",
          { class: "panel live-tables" },
          el("h2", { text: "Tables" }),
          this.live.list,
          this.live.pager,
        ),
        this.slowPanel,
      ),
    );
    this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    loadOptions()
      .then((o) => {
        replace(this.form, createForm(o, app));
        if (o.correspondence) {
          this.live.pace = "live";
          this.slowPanel.hidden = false;
          this.refresh();
        }
      })
      .catch((err) => replace(this.form, el("p", { class: "error", text: err.message })));
  }

  destroy() {
    clearInterval(this.timer);
  }

  refresh() {
    this.live.refresh();
    if (!this.slowPanel.hidden) this.slow.refresh();
  }
}

/** One list of the lobby, a page at a time: every table, or those of one pace. */
class TableList {
  constructor(app, pace, empty) {
    this.app = app;
    this.pace = pace;
    this.empty = empty;
    this.offset = 0;
    this.asked = 0; // the latest request's number: an older answer is not drawn over it
    this.pager = el("nav", { class: "pager", "aria-label": "pages of tables", hidden: true });
    this.list = el(
      "div",
      { class: "tables" },
      el("p", { class: "muted", text: "Loading tables…" }),
    );
  }

  async refresh() {
    const asked = ++this.asked;
    try {
      const page = await api.tables(PAGE, this.offset, this.pace);
      if (asked !== this.asked) return;
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
          : el("p", { class: "muted", text: this.empty }),
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
