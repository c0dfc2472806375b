// A filter on the game log by corporation or player: the log is the shell's (its lines are
// words), so a line is kept when it names the chosen one as a whole word; round headings
// always stay. Lines added later are filtered as they come (a MutationObserver).

import { el } from "../../shell/dom.js";
import { playerName } from "./common.js";

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a log line's words name `name` (a symbol such as "A&S", or a player's name). */
export function names(line, name) {
  return new RegExp(`(^|[^\\w&])${escape(name)}(?![\\w&])`).test(line);
}

export class LogFilter {
  constructor() {
    this.choice = "";
    this.select = el("select", { class: "log-filter", "aria-label": "show the log of" });
    this.select.addEventListener("change", () => {
      this.choice = this.select.value;
      this.apply();
    });
    this.node = el("label", { class: "log-filter-box" }, "Log of ", this.select);
    this.observer = new MutationObserver(() => this.apply());
    this.watched = null;
  }

  /** The choices: everyone, each player, each corporation that has been started. */
  update(view, seatNames) {
    const players = (view.seats || []).map((id) => playerName(view, id, seatNames));
    const corps = Object.keys(view.corps || {}).sort();
    const options = [["", "everyone"], ...players.map((p) => [p, p]), ...corps.map((c) => [c, c])];
    const key = JSON.stringify(options);
    if (key !== this.key) {
      this.key = key;
      this.select.replaceChildren(...options.map(([value, text]) => el("option", { value, text })));
      this.select.value = options.some(([v]) => v === this.choice) ? this.choice : "";
      this.choice = this.select.value;
    }
    const list = document.querySelector(".log-box .log");
    if (list && list !== this.watched) {
      this.observer.disconnect();
      this.observer.observe(list, { childList: true });
      this.watched = list;
    }
    this.apply();
  }

  apply() {
    for (const li of document.querySelectorAll(".log-box .log li")) {
      const text = li.textContent || "";
      const heading = text.startsWith("— ");
      li.hidden = Boolean(this.choice) && !heading && !names(text.replace(" (you)", ""), this.choice);
    }
  }
}
