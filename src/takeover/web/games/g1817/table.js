// 1817's panels on the live table page: the map first, then the corporations, the stock market
// and the bank in the main column; the auction under way and the route editor beside the
// prompt; the players with the log and chat. The shell places the panels and calls `update` with every `state`.

import { el, replace } from "../../shell/dom.js";
import { renderAuction } from "./auction.js";
import { renderBank, roundWords } from "./bank.js";
import { renderCorporations } from "./corps.js";
import { MapView } from "./map.js";
import { mapLink, markLegal } from "./maplink.js";
import { renderMarket } from "./market.js";
import { renderPlayers } from "./players.js";
import { routeEditor } from "./routes.js";
import { LogFilter } from "./logfilter.js";
import { renderPrivates } from "./privates.js";
import { renderSpreadsheet } from "./spreadsheet.js";

export class G1817Table {
  /** @param {object} ctx the shell's table context (docs/web-client.md) */
  constructor(ctx) {
    this.ctx = ctx;
    this.map = new MapView();
    mapLink.map = this.map;
    this.map.onHex = (hex, city, slot) => mapLink.onPick && mapLink.onPick(hex, city, slot);
    this.mapBox = el("section", { class: "map-box" }, el("h3", { text: "Map" }), this.map.node);
    this.marketBox = el("section", { class: "market-box" });
    this.auctionBox = el("section", { class: "auction-box" });
    this.routeBox = el("section", { class: "route-box" });
    this.corpsBox = el("section", { class: "corps-box" });
    this.playersBox = el("section", { class: "players-box" });
    this.bankBox = el("section", { class: "bank-box" });
    this.sheetBox = el("section", { class: "sheet-box" });
    this.logFilter = new LogFilter();
    this.panels = {
      main: [this.mapBox, this.corpsBox, this.marketBox, this.bankBox, this.sheetBox],
      decide: [this.routeBox, this.auctionBox],
      aside: [this.playersBox, this.logFilter.node],
    };
  }

  update(state) {
    const view = state.view;
    const names = this.ctx.names();
    this.map.update(view);
    // the first round has no event that starts it: its heading opens the log
    if (this.ctx.opening) this.ctx.opening(`— ${roundWords("Auction", 1, 1)} —`);
    // what the prompt (drawn just before) asked of the map for this state
    const legal = state.legal || [];
    if (!mapLink.fresh) mapLink.onPick = null;
    mapLink.fresh = false;
    markLegal(this.map, legal);
    this.drawRouteBox(state);
    // on a phone the map comes right after the prompt while a decision is made on it
    const kind = (view.decision && view.decision.kind) || "";
    const onMap =
      legal.some((a) => ["lay_tile", "place_token", "remove_token", "run_routes"].includes(a.type)) ||
      this.routeBox.childElementCount > 0;
    this.mapBox.classList.toggle("map-now", onMap && kind !== "");
    const after = mapLink.after;
    mapLink.after = null;
    mapLink.fresh = false;
    if (after) after();
    replace(this.marketBox, el("h3", { text: "Stock market" }), renderMarket(view));
    replace(this.auctionBox, renderAuction(view, names));
    replace(this.corpsBox, el("h3", { text: "Corporations" }), renderCorporations(view, names));
    // a corporation's card points at its tokens on the map
    for (const card of this.corpsBox.querySelectorAll(".corp-card")) {
      const mark = (on) => {
        for (const slot of this.map.svg.querySelectorAll(`.slot[data-corp="${CSS.escape(card.dataset.corp)}"]`))
          slot.classList.toggle("highlight", on);
      };
      card.addEventListener("mouseenter", () => mark(true));
      card.addEventListener("mouseleave", () => mark(false));
    }
    const privatesOpen = Boolean(this.bankBox.querySelector("details.privates[open]"));
    replace(this.bankBox, el("h3", { text: "Bank" }), renderBank(view), renderPrivates(view, names) || "");
    const privates = this.bankBox.querySelector("details.privates");
    if (privates) privates.open = privatesOpen;
    // the spreadsheet stays open or closed across updates, as the reader left it
    const open = Boolean(this.sheetBox.querySelector("details[open]"));
    replace(this.sheetBox, renderSpreadsheet(view, names));
    this.sheetBox.querySelector("details").open = open;
    this.refreshSeats(state);
    this.logFilter.update(view, names);
  }

  /** The route step when the engine lists no run: the editor (the server checks what it
   * sends). A listed run has its own prompt (mapprompts.js). */
  drawRouteBox(state) {
    const view = state.view;
    const d = view.decision;
    const mine =
      d && d.kind === "route" && (d.seats || []).includes(this.ctx.mySeat()) && state.status !== "finished";
    const listed = (state.legal || []).some((a) => a.type === "run_routes");
    if (!mine || listed || typeof view.current !== "string") {
      replace(this.routeBox);
      return;
    }
    if (this.routeSeq !== state.seq) {
      this.routeSeq = state.seq;
      this.routeScratch = {};
    }
    replace(
      this.routeBox,
      el("h3", { text: `Run ${view.current}'s trains` }),
      routeEditor({
        view,
        sym: view.current,
        act: (action) => this.ctx.act(action),
        scratch: this.routeScratch,
        suggested: null,
      }),
    );
  }

  refreshSeats(state) {
    replace(
      this.playersBox,
      el("h3", { text: "Players" }),
      renderPlayers(state.view, (seat, o) => this.ctx.seatLabel(seat, o)),
    );
  }

  destroy() {
    if (mapLink.map === this.map) Object.assign(mapLink, { map: null, onPick: null, after: null });
    this.map.destroy();
  }
}
