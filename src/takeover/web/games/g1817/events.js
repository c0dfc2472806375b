// 1817's events in words, for the game log and the replay, as 18xx players write them
// ("A&S buys a 3 train from the depot for $250"). 1817 is fully public: each action yields
// an event of its own type, carrying the money it moved, then the events of what followed
// (a price move, a phase, rusting, the next round: src/takeover/g1817/narration.py). The
// words come from the action's record form (the log's `entry`) and those events; private
// and place names from the last view seen (`remember`).

import { money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { roundWords } from "./bank.js";

let companies = {};
let players = {};
let hexNames = new Map();
let cityHexes = new Map();

/** Keep the privates' and places' names of a view for the log's words. */
export function remember(view) {
  if (view && view.companies) companies = view.companies;
  if (view && view.players) players = view.players;
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

/** A player (by id) or a corporation (by symbol) in words. */
function holderWords(id, who) {
  const p = players[String(id)];
  if (p && typeof p.seat === "number") return who(p.seat);
  return p && p.name ? p.name : String(id);
}

/** " for $40" when `key` paid, " for $135" when it was paid; "" when no money moved. */
function priceWords(e, key) {
  const moved = e.cash ? e.cash[String(key)] : undefined;
  return moved ? ` for ${money(Math.abs(moved))}` : "";
}

/** ", paying $20" when `key` paid; ", Bess paying $20" when another (the corporation that
 * owns the private acting) did. */
function payingWords(e, key) {
  const payer = Object.entries(e.cash || {}).find(([, v]) => v < 0);
  if (!payer) return "";
  return payer[0] === String(key) ? `, paying ${money(-payer[1])}` : `, ${payer[0]} paying ${money(-payer[1])}`;
}

/** "$32.50" for a fraction of a dollar, "$55" for a whole one. */
function perShare(n) {
  return Number.isInteger(n) ? money(n) : `$${n.toFixed(2)}`;
}

/** What a pass declined, by the decision it answered. */
const PASSES = {
  selection_auction: "passes on the auction",
  buy_sell_par_shares: "passes in the stock round",
  home_token: "places no home token",
  track: "lays no more track",
  token: "places no token",
  route: "runs no train",
  buy_train: "buys no more trains",
  loan: "takes no more loans",
  conversion: "neither converts nor merges",
  post_conversion: "buys no more shares",
  post_conversion_loans: "takes no more loans",
  acquire: "declines",
  cash_crisis: "raises no more cash",
};

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
    case "undo":
      return `${person} took actions back: the game is as it was ${e.action_id ? `after move ${e.action_id}` : "at the start"}.`;
    case "redo":
      return `${person} put back what the last undo took.`;
    case "bid":
      if (a.company) return `${person} bids ${money(a.price)} on ${companyWords(a.company)}.`;
      return `${person} bids ${money(a.price)} for ${a.corporation}.`;
    case "pass": {
      // a corporation's turn ends with this pass: its interest is paid then
      const paid = e.cash && e.cash[String(a.entity)] < 0 ? -e.cash[String(a.entity)] : 0;
      const interest = paid && corp ? ` and pays ${money(paid)} interest` : "";
      return `${actor} ${PASSES[e.step] || "passes"}${interest}.`;
    }
    case "choose":
      return `${person} chooses ${plural(a.choice, "share")}.`;
    case "assign":
      if (a.target_type === "hex") return `${person} puts ${companyWords(a.entity)}'s marker on ${hexWords(a.target)}.`;
      if (a.target_type === "company")
        return `${person} puts ${companyWords(a.target)} into the corporation.`;
      return `${person} offers ${a.target} for sale.`;
    case "buy_shares": {
      const n = (a.shares || []).length;
      const sym = corpOfShare((a.shares || [""])[0]);
      if (corp) return `${corp} redeems ${plural(n, "share")} from the market${priceWords(e, corp)}.`;
      return `${person} buys ${n === 1 ? "one" : n} ${sym} ${n === 1 ? "share" : "shares"}${priceWords(e, a.entity)}.`;
    }
    case "sell_shares": {
      const n = (a.shares || []).length;
      const sym = corpOfShare((a.shares || [""])[0]);
      return `${actor} sells ${n === 1 ? "one" : n} ${sym} ${n === 1 ? "certificate" : "certificates"}${priceWords(e, a.entity)}.`;
    }
    case "short":
      return `${person} shorts ${a.corporation}${priceWords(e, a.entity)}.`;
    case "take_loan":
      return `${actor} takes a loan${priceWords(e, a.entity)}.`;
    case "payoff_loan":
      return `${actor} repays a loan${priceWords(e, a.entity)}.`;
    case "lay_tile":
      return `${actor} lays tile ${String(a.tile || "").split("-")[0]} on ${hexWords(a.hex)}${viaPrivate}${payingWords(e, a.entity)}.`;
    case "place_token":
      return `${actor} places a token${a.city ? ` in ${cityWords(a.city)}` : ""}${payingWords(e, a.entity)}.`;
    case "remove_token":
      return `${actor} gives back a token${a.city ? ` in ${cityWords(a.city)}` : ""}.`;
    case "run_routes": {
      const routes = a.routes || [];
      if (!routes.length) return `${actor} runs no train.`;
      const known = typeof e.revenue === "number" || routes.every((r) => typeof r.revenue === "number");
      const revenue =
        typeof e.revenue === "number"
          ? e.revenue
          : routes.reduce((s, r) => s + (r.revenue || 0), 0) + (a.extra_revenue || 0);
      const where = routes
        .map(
          (r) =>
            `${trainName(r.train)}: ${stopsOf(r.connections)}${typeof r.revenue === "number" ? ` ${money(r.revenue)}` : ""}`,
        )
        .join("; ");
      return `${actor} runs ${plural(routes.length, "train")}${known ? ` for ${money(revenue)}` : ""} (${where}).`;
    }
    case "dividend": {
      const words = DIVIDENDS[a.kind] || a.kind;
      if (typeof e.revenue !== "number") return `${actor} ${words}.`;
      if (a.kind === "withhold") return `${actor} withholds ${money(e.revenue)}.`;
      return `${actor} ${words} ${money(e.revenue)}: ${perShare(e.per_share)} a share.`;
    }
    case "buy_train": {
      const seller = e.seller && e.seller !== "depot" ? e.seller : "the depot";
      return `${actor} buys a ${trainName(a.train)} train from ${seller} for ${money(a.price)}.`;
    }
    case "discard_train":
      return `${actor} discards a ${trainName(a.train)} train.`;
    case "convert": {
      const paid = e.cash && e.cash[a.entity] < 0 ? `, paying ${money(-e.cash[a.entity])}` : "";
      return `${actor} converts${e.size ? ` to ${e.size} shares` : ""}${paid}.`;
    }
    case "merge":
      if (corp) return `${corp} merges with ${a.corporation}.`;
      return `${person} chooses ${a.corporation} as the buyer.`;
    case "bankrupt":
      return `${person} goes bankrupt.`;
    case "game_end":
      return "The game is over.";
    case "round_start":
      return `— ${roundWords(e.round, e.turn, e.round_num)} —`;
    case "company_won": {
      const price = e.price > 0 ? ` for ${money(e.price)}` : "";
      if (e.from === null) return `${holderWords(e.owner, who)} wins ${companyWords(e.company)}${price}.`;
      return `${holderWords(e.owner, who)} buys ${companyWords(e.company)} from ${holderWords(e.from, who)}${price}.`;
    }
    case "par":
      return `${holderWords(e.owner, who)} pars ${e.corporation} at ${money(e.price)} (${e.size} shares).`;
    case "price_move":
      return `${e.corporation}'s share price ${e.to > e.from ? "rises" : "falls"} from ${money(e.from)} to ${money(e.to)}.`;
    case "phase_change":
      return `Phase ${e.phase} begins.`;
    case "train_rusted":
      return `${e.corporation}'s ${trainName(e.train)} train rusts.`;
    case "train_obsolete":
      return `${e.corporation}'s ${trainName(e.train)} train is obsolete.`;
    case "train_exported":
      return `A ${trainName(e.train)} train is exported.`;
    case "corporation_closed":
      return `${e.corporation} closes.`;
    case "player_bankrupt":
      return `${holderWords(e.player, who)} is bankrupt.`;
    default:
      return entry && entry.text ? `${actor}: ${entry.text}` : null;
  }
}
