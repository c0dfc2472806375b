// Seats as players read them, for every game: short names (a bot's level without its
// details: "MCTS bot", not "MCTS (1 s a move) bot"), equal names numbered by seat ("Random
// bot 2", "Random bot 3"), the details on hover, and each seat's presence.

import { el } from "./dom.js";

/** A seat's short name: a bot's label without its parenthesised details. */
export function shortName(seat) {
  const name = seat.name || `Seat ${seat.seat + 1}`;
  if (seat.kind !== "bot") return name;
  return (
    name
      .replace(/\s*\([^)]*\)/g, "")
      .replace(/\s+/g, " ")
      .trim() || "Bot"
  );
}

/** What a short name leaves out, for a tooltip ("MCTS (1 s a move) bot, bot level mcts:time=1"). */
export function seatDetails(seat) {
  if (seat.kind === "bot") return `${seat.name}${seat.bot ? `, bot level ${seat.bot}` : ""}`;
  if (seat.kind === "empty") return `seat ${seat.seat + 1}: empty`;
  return `${seat.name}, seat ${seat.seat + 1}`;
}

/**
 * Display names by seat number: short names, equal ones followed by their seat number.
 * @param {{seat: number, name: string|null, kind?: string, bot?: string|null}[]} seats
 */
export function displayNames(seats) {
  const short = seats.map((s) => (s.kind === "empty" ? null : shortName(s)));
  const count = {};
  for (const name of short) if (name) count[name] = (count[name] || 0) + 1;
  const out = [];
  seats.forEach((s, i) => {
    const name = short[i];
    out[s.seat] = name && count[name] > 1 ? `${name} ${s.seat + 1}` : name;
  });
  return out;
}

/**
 * A presence dot. `known` is false while this page cannot hear the server (the socket is
 * down): the last presence it heard may be stale, so the dot says "unknown" instead.
 */
export function presenceDot(seat, known) {
  if (!known) {
    return el("span", {
      class: "dot unknown",
      title: "presence unknown: this page has lost the server",
    });
  }
  const on = seat.kind === "bot" || seat.connected;
  return el("span", {
    class: "dot " + (on ? "on" : "off"),
    title: seat.kind === "bot" ? "bot" : on ? "connected" : "not connected",
  });
}

/**
 * The nodes that name a seat in a player list: presence (when the table is known), the short
 * name with its details on hover, and badges (bot, you, to move).
 * @param {object} seat the table's seat entry (or {seat, name} when only the view is known)
 * @param {{name: string, known?: boolean, me?: boolean, toMove?: boolean, presence?: boolean}} o
 */
export function seatLabel(seat, o) {
  return [
    o.presence ? presenceDot(seat, o.known) : null,
    el("strong", { class: "seat-name", title: seatDetails(seat), text: o.name }),
    seat.kind === "bot"
      ? el("span", { class: "badge", title: seatDetails(seat), text: "bot" })
      : null,
    o.me ? el("span", { class: "badge you", text: "you" }) : null,
    seat.absent
      ? el("span", { class: "badge away", title: "their time ran out", text: "away" })
      : null,
    o.toMove ? el("span", { class: "badge turn", text: "to move" }) : null,
  ];
}
