// The turn timer, for every game: whose time runs and how much is left (a countdown from the
// `clock` of the server's `state` and `clock` messages), the log's lines when a seat runs out
// of time or comes back, and, for a person whose time ran out, the way back ("I'm back").
// See docs/server-protocol.md, "Turn timers".

import { el, replace } from "./dom.js";

/** Seconds left under which the countdown says it is urgent. */
const URGENT = 10;

export class TurnClock {
  /**
   * @param {(seat: number) => string} who a seat's display name
   * @param {() => number|null} mySeat this page's seat
   */
  constructor(who, mySeat) {
    this.who = who;
    this.mySeat = mySeat;
    this.clock = null;
    this.until = 0; // when the time runs out, on this page's own clock (ms)
    this.timer = null;
    this.node = el("p", { class: "turn-clock", role: "timer", hidden: true });
  }

  /** The server's clock (`null`: nobody is timed now). */
  set(clock) {
    this.clock = clock || null;
    clearInterval(this.timer);
    this.timer = null;
    if (!this.clock) {
      this.node.hidden = true;
      replace(this.node);
      return;
    }
    // The server says how much is left when it sent the message: count from now, so that a
    // page whose clock differs from the server's still shows the right time.
    this.until = Date.now() + 1000 * Number(this.clock.left || 0);
    this.node.hidden = false;
    this.tick();
    this.timer = setInterval(() => this.tick(), 1000);
  }

  tick() {
    const left = Math.max(0, Math.ceil((this.until - Date.now()) / 1000));
    const seats = this.clock.seats || [];
    const mine = seats.includes(this.mySeat());
    const names = seats.map((s) => (s === this.mySeat() ? "you" : this.who(s)));
    const verb = seats.length > 1 || (mine && seats.length === 1) ? "have" : "has";
    const whom = `${names.join(" and ")} ${verb}`;
    const text =
      left > 0 ? `${whom} ${minutes(left)} to decide` : `Time is up for ${names.join(" and ")}`;
    this.node.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    this.node.dataset.left = String(left);
    this.node.classList.toggle("urgent", left <= URGENT);
    this.node.classList.toggle("mine", mine);
  }

  destroy() {
    clearInterval(this.timer);
  }
}

/** "1:05" for 65 seconds, "1:00:00" for an hour; a correspondence move's days and hours:
 * "1 day 23 h" (the minutes no longer matter). */
export function minutes(seconds) {
  const s = seconds % 60;
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  if (h >= 24) {
    const d = Math.floor(h / 24);
    return `${d} day${d > 1 ? "s" : ""}` + (h % 24 ? ` ${h % 24} h` : "");
  }
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The log's words for a clock event (`timed_out`, `back`); null for anything else. */
export function clockNote(event, who) {
  if (!event) return null;
  if (event.type === "timed_out") {
    const then = event.bot
      ? `a bot (${event.bot}) plays for them until they come back`
      : "the table waits for them";
    return `${who(event.seat)} ran out of time: ${then}.`;
  }
  if (event.type === "back") return `${who(event.seat)} is back.`;
  return null;
}

/**
 * What a person whose time ran out sees: who plays for them meanwhile, and a button to take
 * the seat back (any action or chat does too). Empty when the seat is not absent.
 * @param {object|null} seat this page's seat in the table summary
 * @param {string} onTimeout the table's policy: "wait" or a bot spec
 * @param {() => void} back sends `{"type": "back"}`
 */
export function awayNotice(seat, onTimeout, back) {
  if (!seat || !seat.absent) return [];
  const meanwhile =
    onTimeout && onTimeout !== "wait"
      ? `a bot (${onTimeout}) plays for you until you come back`
      : "the table waits for you";
  return [
    el("span", { text: `Your time ran out: ${meanwhile}.` }),
    " ",
    el("button", { class: "small primary", type: "button", onclick: back }, "I'm back"),
  ];
}
