// 1817's actions in words, for the game log and the replay, as 18xx players write them
// ("A&S buys a 3 train from the depot for $250"). 1817 is fully public: each action yields
// one event of its own type, and the words come from the action's record form (the
// log's `entry`); private names come from the last view seen (`remember`).

import { money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";

let companies = {};
let hexNames = new Map();
let cityHexes = new Map();

/** Keep the privates' and places' names of a view for the log's words. */
export function remember(view) {
  if (view && view.companies) companies = view.companies;
  if (view && view.map && view.map.hexes) {
    hexNames = new Map(view.map.hexes.filter((h) => h.name).map((h) => [h.id, h.name]));
    cityHexes = new Map(view.map.hexes.flatMap((h) => (h.cities || []).map((c) => [c.id, h.id])));
  }
}

/** The place of a city ("57-0-0": city 0 of tile copy 57-0), in words. */
function cityWords(city) {
  return hexWords(cityHexes.get(city) || String(city).split("-")[0]);
}

/** "Pittsburgh (F13)", or the coordinate of a hex without a name. */
function hexWords(id) {
  return hexNames.has(id) ? `${hexNames.get(id)} (${id})` : String(id);
}

function companyWords(sym) {
  const c = companies[sym];
  return c ? c.name.replace(/^P\d+ - /, "") : sym;
}

/** "2+" from "2+-1". */
export function trainName(id) {
  return String(id).split("-").slice(0, -1).join("-") || String(id);
}

function corpOfShare(id) {
  return String(id).slice(0, String(id).lastIndexOf("_"));
}

/** "F19–E22": the ends of a route's connections (its stops), in order. */
function stopsOf(connections) {
  const stops = [];
  for (const c of connections || []) {
    for (const h of [c[0], c[c.length - 1]]) if (stops[stops.length - 1] !== h) stops.push(h);
  }
  return stops.join("–");
}

const DIVIDENDS = { payout: "pays out", half: "pays half", withhold: "withholds" };

/**
 * One event in words, or null.
 * @param {object} e the event ({type, entity})
 * @param {(seat: number) => string} who a seat's display name
 * @param {object} [entry] the action it came from: {player, action, text}
 */
export function describe(e, who, entry) {
  const a = (entry && entry.action) || {};
  const seat = entry ? entry.player : undefined;
  const person = seat !== undefined && seat !== null ? who(seat) : String(e.entity);
  const corp = a.entity_type === "corporation" ? a.entity : null;
  const actor = corp ? corp : person;
  const viaPrivate = a.entity_type === "company" ? ` with ${companyWords(a.entity)}` : "";
  switch (e.type) {
    case "bid":
      if (a.company) return `${person} bids ${money(a.price)} on ${companyWords(a.company)}.`;
      return `${person} bids ${money(a.price)} for ${a.corporation}.`;
    case "pass":
      return `${actor} passes.`;
    case "choose":
      return `${person} chooses ${plural(a.choice, "share")}.`;
    case "assign":
      if (a.target_type === "hex") return `${person} puts ${companyWords(a.entity)}'s marker on ${hexWords(a.target)}.`;
      if (companies[a.target])
        return `${person} puts ${companyWords(a.target)} into the corporation.`;
      return `${person} offers ${a.target} for sale.`;
    case "buy_shares": {
      const n = (a.shares || []).length;
      const sym = corpOfShare((a.shares || [""])[0]);
      if (corp) return `${corp} redeems ${plural(n, "share")} from the market.`;
      return `${person} buys ${n === 1 ? "a" : n} ${sym} ${n === 1 ? "share" : "shares"}.`;
    }
    case "sell_shares": {
      const n = (a.shares || []).length;
      const sym = corpOfShare((a.shares || [""])[0]);
      return `${actor} sells ${n === 1 ? "a" : n} ${sym} ${n === 1 ? "certificate" : "certificates"}.`;
    }
    case "short":
      return `${person} shorts ${a.corporation}.`;
    case "take_loan":
      return `${actor} takes a loan.`;
    case "payoff_loan":
      return `${actor} repays a loan.`;
    case "lay_tile":
      return `${actor} lays tile ${String(a.tile || "").split("-")[0]} on ${hexWords(a.hex)}${viaPrivate}.`;
    case "place_token":
      return `${actor} places a token${a.city ? ` in ${cityWords(a.city)}` : ""}.`;
    case "remove_token":
      return `${actor} gives back a token${a.city ? ` in ${cityWords(a.city)}` : ""}.`;
    case "run_routes": {
      const routes = a.routes || [];
      if (!routes.length) return `${actor} runs no train.`;
      const known = routes.every((r) => typeof r.revenue === "number");
      const revenue = routes.reduce((s, r) => s + (r.revenue || 0), 0) + (a.extra_revenue || 0);
      const where = routes
        .map((r) => `${trainName(r.train)}: ${stopsOf(r.connections)}`)
        .join("; ");
      return `${actor} runs ${plural(routes.length, "train")}${known ? ` for ${money(revenue)}` : ""} (${where}).`;
    }
    case "dividend":
      return `${actor} ${DIVIDENDS[a.kind] || a.kind}.`;
    case "buy_train":
      return `${actor} buys a ${trainName(a.train)} train for ${money(a.price)}.`;
    case "discard_train":
      return `${actor} discards a ${trainName(a.train)} train.`;
    case "convert":
      return `${actor} converts.`;
    case "merge":
      if (corp) return `${corp} merges with ${a.corporation}.`;
      return `${person} chooses ${a.corporation} as the buyer.`;
    case "bankrupt":
      return `${person} goes bankrupt.`;
    case "game_end":
      return "The game is over.";
    default:
      return entry && entry.text ? `${actor}: ${entry.text}` : null;
  }
}
