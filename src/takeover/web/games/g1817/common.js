// Small helpers shared by 1817's panels and prompts: names of players and holders from the
// view, corporation tags, share counts.

import { colourTag, el, money } from "../../shell/dom.js";
import { corpColour, corpName } from "./data.js";

/** A player id's display name: the table's name for its seat, else the view's. */
export function playerName(view, id, names) {
  const p = view.players[String(id)];
  if (!p) return `player ${id}`;
  return (names && names[p.seat]) || p.name || `player ${id}`;
}

/** A corporation's symbol on its colour, with its full name as a tooltip. */
export function corpTag(sym) {
  const tag = colourTag(sym, corpColour(sym));
  tag.classList.add("corp-tag");
  tag.dataset.corp = sym;
  tag.title = corpName(sym);
  return tag;
}

/** Whether an entity (an action's `entity`) is a corporation of the view. */
export function isCorp(view, entity) {
  return typeof entity === "string" && Object.hasOwn(view.corps || {}, entity);
}

/** Whether an auction's target is a private company: privates are auctioned only in the
 * opening auction, and Morristown & Erie (ME) shares its symbol with P3 Mountain Engineers. */
export function auctionsPrivate(view, sym) {
  return view.round === "Auction" && Object.hasOwn(view.companies || {}, sym);
}

/** A private company's short label: "P4 Pittsburgh Steel Mill ($40)". */
export function companyLabel(view, sym) {
  const c = (view.companies || {})[sym];
  if (!c) return sym;
  return `${c.name.replace(" - ", " ")} (${money(c.value)})`;
}

/** A private company's name without its number. */
export function companyName(view, sym) {
  const c = (view.companies || {})[sym];
  return c ? c.name.replace(/^P\d+ - /, "") : sym;
}

/** Shares of a size-`size` corporation held as `pct` percent. */
export function shareCount(pct, size) {
  return Math.round((pct * size) / 100);
}

/** "$100 (par)" style price cell with the price type as a class. */
export function priceNode(corp) {
  return el("span", { class: `price price-${corp.price_type || "plain"}`, text: money(corp.price) });
}

/** The winner of an auction that is decided (one bidder left, with a bid), else null. */
export function wonBy(auction) {
  const bidders = (auction && auction.bidders) || [];
  if (bidders.length !== 1 || !(bidders[0] in (auction.bids || {}))) return null;
  return bidders[0];
}

/** A hex by its name and coordinate ("Pittsburgh (F13)"), from the view's map. */
/** The hex of city `cityId` ("57-0-0": city 0 of tile copy 57-0) on the view's map. */
export function cityHex(view, cityId) {
  const h = ((view.map && view.map.hexes) || []).find((x) => (x.cities || []).some((c) => c.id === cityId));
  return h ? h.id : String(cityId).split("-")[0];
}

export function hexLabel(view, id) {
  const h = ((view.map && view.map.hexes) || []).find((x) => x.id === id);
  return h && h.name ? `${h.name} (${id})` : id;
}

/** A private's number ("P4" is 4), for listing privates in order; unnumbered ones last. */
export function companyNumber(view, sym) {
  const c = (view.companies || {})[sym];
  const m = c && /^P(\d+)/.exec(c.name);
  return m ? Number(m[1]) : 1000;
}

/** Private symbols in their number order (P1, P2, P3...). */
export function byCompanyNumber(view, syms) {
  return [...syms].sort((a, b) => companyNumber(view, a) - companyNumber(view, b));
}

/** A private's tooltip: its name, face value and power. */
export function companyTitle(view, sym) {
  const c = (view.companies || {})[sym];
  if (!c) return sym;
  return `${c.name.replace(" - ", " ")} (${money(c.value)})${c.power ? `: ${c.power}` : ""}`;
}
