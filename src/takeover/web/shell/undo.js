// Taking actions back (docs/server-protocol.md, "Undo"): a seat takes back its last action
// at once while nobody else acted since; otherwise it asks, and every other person agrees or
// refuses. The state's `undo` says what this seat may take back; the table's `undo` is the
// standing request (while its `seq` is the game's).

import { el } from "./dom.js";

/** The undo box for a seated person at a playing table: "Undo my last action" (or "Ask to
 * undo..." when others must agree), or the standing request with "Agree"/"Refuse". */
export function undoNodes(table, state, mySeat, send) {
  if (!table || table.status !== "playing" || mySeat === null || !state) return [];
  const request = table.undo && table.undo.seq === state.seq ? table.undo : null;
  const nameOf = (n) => (table.seats.find((s) => s.seat === n) || {}).name || `seat ${n}`;
  if (request) {
    if (request.agreed.includes(mySeat)) {
      const waiting = table.seats.filter((s) => s.kind === "human" && !request.agreed.includes(s.seat));
      const who = waiting.map((s) => s.name).join(", ");
      return [el("span", { class: "undo-waiting", text: `Undo asked: waiting for ${who} to agree.` })];
    }
    return [
      el("span", {
        class: "undo-request",
        text: `${nameOf(request.seat)} asks to take back their last action and what followed. `,
      }),
      el("button", {
        class: "undo-agree",
        type: "button",
        onclick: () => send({ type: "undo_vote", agree: true }),
        text: "Agree to undo",
      }),
      el("button", {
        class: "undo-refuse",
        type: "button",
        onclick: () => send({ type: "undo_vote", agree: false }),
        text: "Refuse",
      }),
    ];
  }
  const mine = state.undo;
  if (!mine) return [];
  const agreement = mine.agreement;
  return [
    el("button", {
      class: "undo-ask",
      type: "button",
      title: agreement
        ? "Others have played since: everyone at the table must agree"
        : "Nobody has played since: it is taken back at once",
      onclick: () => send({ type: "undo" }),
      text: agreement ? "Ask to undo my last action" : "Undo my last action",
    }),
  ];
}
