// One step of a finished Acquire game in the replay viewer: the board, every player with the
// tiles they held at that moment, and the chains.

import { el } from "../../shell/dom.js";
import { renderBoard, renderLegend } from "./board.js";
import { renderChains } from "./chains.js";
import { learnColours, openingWords } from "./events.js";
import { renderPlayers } from "./players.js";

/**
 * @param {object} step the server's step (`view`, `hands`, ...; docs/server-protocol.md)
 * @param {object} ctx {names(), seatLabel(seat, opts)}
 * @returns {{main: Node[], side: Node[]}}
 */
export function renderReplay(step, ctx) {
  const view = step.view;
  learnColours(view);
  const names = ctx.names();
  const players = renderPlayers(view, (seat, o) => ctx.seatLabel(seat, o));
  (step.hands || []).forEach((hand, seat) => {
    const item = players.querySelector(`[data-seat="${seat}"]`);
    if (item)
      item.appendChild(
        el(
          "div",
          { class: "replay-hand" },
          el("span", { class: "muted", text: "tiles: " }),
          hand.join(" "),
        ),
      );
  });
  const opening = step.step === 0 ? openingWords(view, (seat) => names[seat]) : null;
  return {
    main: [
      el("section", { class: "board-box" }, renderBoard(view, {}), renderLegend(false)),
      opening ? el("p", { class: "opening", text: opening }) : null,
    ],
    side: [
      el("section", { class: "players-box" }, el("h3", { text: "Players" }), players),
      el(
        "section",
        { class: "chains-box" },
        el("h3", { text: "Chains" }),
        renderChains(view, names),
      ),
    ],
  };
}
