// Ending a game by agreement (1817's rule 8.5; docs/server-protocol.md, "end_vote"): a seat
// proposes, every other person agrees or refuses. The table's `end_vote` lists the seats that
// agreed while a proposal stands; the server ends the game once every person agreed.

import { el } from "./dom.js";

/** The end-vote box for a seated person at a playing 1817 table: a button to propose, or
 * the standing proposal with "Agree"/"Refuse", or "waiting" once this seat agreed. */
export function endVoteNodes(table, mySeat, send) {
  if (!table || table.game !== "1817" || table.status !== "playing" || mySeat === null) return [];
  const votes = table.end_vote || [];
  const vote = (agree) => () => send({ type: "end_vote", agree });
  if (!votes.length) {
    return [el("button", { class: "end-propose", type: "button", onclick: vote(true), text: "Propose ending the game" })];
  }
  const names = votes.map((n) => (table.seats.find((s) => s.seat === n) || {}).name || `seat ${n}`);
  if (votes.includes(mySeat)) {
    return [el("span", { class: "end-waiting", text: "You agreed to end the game: waiting for the others." })];
  }
  return [
    el("span", { class: "end-proposal", text: `${names.join(", ")} proposed ending the game now. ` }),
    el("button", { class: "end-agree", type: "button", onclick: vote(true), text: "Agree to end" }),
    el("button", { class: "end-refuse", type: "button", onclick: vote(false), text: "Refuse" }),
  ];
}
