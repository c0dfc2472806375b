// The end of a 1817 game: every player's net worth (cash, shares at market value, shorts
// owed, privates at face value), best first, with why the game ended.

import { el, money } from "../../shell/dom.js";
import { playerName } from "./common.js";

const REASONS = {
  bankrupt: "a player went bankrupt",
  final_phase: "the last set of operating rounds after the first 8 train ended",
  manually_ended: "the players ended it",
};

export function renderScoreSheet(view, names) {
  const ids = (view.seats || Object.keys(view.players)).slice();
  ids.sort((a, b) => view.players[b].value - view.players[a].value);
  let place = 0;
  let last = null;
  const rows = ids.map((id, i) => {
    const p = view.players[id];
    if (p.value !== last) place = i + 1;
    last = p.value;
    return el(
      "tr",
      { class: place === 1 ? "winner" : null, dataset: { player: id } },
      el("td", { class: "num", text: String(place) }),
      el("th", { scope: "row", text: playerName(view, id, names) }),
      el("td", { class: "num", text: money(p.cash) }),
      el("td", { class: "num worth", text: money(p.value) }),
    );
  });
  const reason = REASONS[view.game_end_reason] || view.game_end_reason;
  return el(
    "section",
    { class: "score-sheet score-1817" },
    el("h2", { text: "Final scores" }),
    reason ? el("p", { class: "muted", text: `The game ended: ${reason}.` }) : null,
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el("tr", {}, ["", "Player", "Cash", "Net worth"].map((h) => el("th", { text: h }))),
      ),
      el("tbody", {}, rows),
    ),
  );
}
