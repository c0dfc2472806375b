// One step of a 1817 game in the replay viewer: the map and the market, the corporations,
// the players and the bank, as at the table.

import { el } from "../../shell/dom.js";
import { renderBank } from "./bank.js";
import { renderCorporations } from "./corps.js";
import { remember } from "./events.js";
import { MapView } from "./map.js";
import { renderMarket } from "./market.js";
import { renderPlayers } from "./players.js";

/**
 * @param {object} step the server's step (`view`, ...; docs/server-protocol.md)
 * @param {object} ctx {names(), seatLabel(seat, opts)}
 * @returns {{main: Node[], side: Node[]}}
 */
export function renderReplay(step, ctx) {
  const view = step.view;
  remember(view);
  const names = ctx.names();
  const map = new MapView();
  map.update(view, null, null);
  return {
    main: [
      el("section", { class: "market-box" }, el("h3", { text: "Stock market" }), renderMarket(view)),
      el("section", { class: "map-box" }, el("h3", { text: "Map" }), map.node),
    ],
    side: [
      el(
        "section",
        { class: "corps-box" },
        el("h3", { text: "Corporations" }),
        renderCorporations(view, names),
      ),
      el(
        "section",
        { class: "players-box" },
        el("h3", { text: "Players" }),
        renderPlayers(view, (seat, o) => ctx.seatLabel(seat, o)),
      ),
      el("section", { class: "bank-box" }, el("h3", { text: "Bank" }), renderBank(view)),
    ],
  };
}
