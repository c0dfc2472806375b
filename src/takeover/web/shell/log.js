// The game log: every action in words (the game module's `describe`), oldest first. It follows
// new events while the reader is at the bottom, stays put once they scroll up (a "Latest"
// button brings them back), lands at the bottom when it first appears (after a reload), and
// can fetch the earlier part of a long game ("Load earlier moves", the `history` request of
// docs/web-client.md).

import { el } from "./dom.js";
import { plural } from "./words.js";

/** Pixels from the bottom that still count as "at the bottom". */
const SLACK = 8;

export class GameLog {
  /**
   * @param {(event: object, who: (seat: number) => string, entry: object) => string|null} describe
   *   an event in words (`entry`: the action it came from, `{seq, player, action, text}`)
   * @param {(before: number) => Promise<object[]>} fetchEarlier resolves to the actions before
   *   action number `before`, oldest first, as `{seq, player, text, events}`
   * @param {(seat: number) => string} who a seat's display name
   */
  constructor(describe, fetchEarlier, who) {
    this.describe = describe;
    this.fetchEarlier = fetchEarlier;
    this.who = who;
    this.first = null; // the number of the earliest action shown
    this.last = 0; // the number of the latest action shown
    this.opening = null; // the game's line before its first action (Acquire's opening draw)
    this.follow = true;
    this.list = el("ol", { class: "log", "aria-live": "polite" });
    this.earlier = el(
      "button",
      { class: "small earlier", type: "button", hidden: true, onclick: () => this.loadEarlier() },
      "Load earlier moves",
    );
    this.jump = el(
      "button",
      { class: "small latest", type: "button", hidden: true, onclick: () => this.toBottom() },
      "Latest ↓",
    );
    this.node = el(
      "section",
      { class: "log-box" },
      el("h3", { text: "Game log" }),
      this.earlier,
      this.list,
      this.jump,
    );
    this.list.addEventListener("scroll", () => {
      this.follow = this.atBottom();
      this.jump.hidden = this.follow;
    });
    // The list has no size while the table page is hidden (before the first state): when it
    // appears, or its height changes with the layout, a follower lands at the bottom again.
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.follow && this.stick()).observe(this.list);
    }
  }

  atBottom() {
    const l = this.list;
    return l.scrollTop + l.clientHeight >= l.scrollHeight - SLACK;
  }

  stick() {
    this.list.scrollTop = this.list.scrollHeight;
  }

  toBottom() {
    this.follow = true;
    this.jump.hidden = true;
    this.stick();
  }

  /** The lines for one action: its events in words, or its own words when it caused none. */
  lines(entry) {
    const who = this.who;
    const out = [];
    for (const e of entry.events || []) {
      const line = this.describe(e, who, entry); // words, or nodes (a game's marks and words)
      if (line) out.push(el("li", { class: `ev ev-${e.type}`, dataset: { seq: entry.seq } }, line));
    }
    if (!(entry.events || []).length && entry.text) {
      const text = `${who(entry.player)}: ${entry.text}`;
      out.push(el("li", { class: "note act", dataset: { seq: entry.seq }, text }));
    }
    return out;
  }

  /**
   * Append actions (live ones, or the snapshot's `recent`) that are newer than the log's
   * latest; a gap (moves missed while the connection was down) is said as such.
   * @param {{seq: number, player: number, text: string, events: object[]}[]} entries
   */
  append(entries) {
    const fresh = entries.filter((e) => typeof e.seq !== "number" || e.seq > this.last);
    if (!fresh.length) return;
    if (this.first === null) {
      this.first = fresh[0].seq;
      this.earlier.hidden = !(this.first > 1);
    } else if (fresh[0].seq > this.last + 1) {
      const missed = fresh[0].seq - this.last - 1;
      this.list.appendChild(
        el("li", { class: "note gap", text: `(${plural(missed, "move")} not shown)` }),
      );
    }
    for (const entry of fresh) {
      this.list.append(...this.lines(entry));
      if (typeof entry.seq === "number") this.last = entry.seq;
    }
    this.showOpening();
    this.settle();
  }

  /**
   * The game's line that comes before its first action (who begins, and why). It heads the
   * log whenever the log reaches back to the first action: after a reload too, and once the
   * earlier moves are loaded.
   * @param {string|null} text
   */
  setOpening(text) {
    this.opening = text || null;
    this.showOpening();
  }

  showOpening() {
    if (!this.opening || this.first === null || this.first > 1) return;
    if (this.list.querySelector(":scope > li.opening")) return;
    this.list.prepend(el("li", { class: "note opening", text: this.opening }));
  }

  /** Where the log starts when it has no action yet (a page that joins after `seq` moves). */
  startAfter(seq) {
    if (this.first !== null) return;
    this.first = seq + 1;
    this.last = seq;
    this.earlier.hidden = !(seq > 0);
    this.showOpening();
  }

  /** Insert earlier actions above the others, keeping the reader's place. */
  prepend(entries) {
    const older = entries.filter((e) => this.first === null || e.seq < this.first);
    if (!older.length) return;
    const before = this.list.scrollHeight;
    const top = this.list.scrollTop;
    this.list.prepend(...older.flatMap((entry) => this.lines(entry)));
    this.first = older[0].seq;
    this.earlier.hidden = !(this.first > 1);
    this.showOpening();
    if (this.follow) this.stick();
    else this.list.scrollTop = top + (this.list.scrollHeight - before);
  }

  async loadEarlier() {
    if (this.first === null || this.first <= 1) return;
    this.earlier.disabled = true;
    this.earlier.textContent = "Loading earlier moves…";
    try {
      this.prepend(await this.fetchEarlier(this.first));
      this.earlier.textContent = "Load earlier moves";
    } catch (err) {
      this.earlier.hidden = true;
      this.list.prepend(
        el("li", { class: "note", text: `Earlier moves are not available: ${err.message}` }),
      );
    } finally {
      this.earlier.disabled = false;
    }
  }

  note(text, cls = "note") {
    this.list.appendChild(el("li", { class: cls, text }));
    this.settle();
  }

  /** After new lines: follow them, or say there is something newer below. */
  settle() {
    if (this.follow) this.stick();
    else this.jump.hidden = false;
  }
}
