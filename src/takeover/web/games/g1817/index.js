// 1817 for the shell: the game module the registry (games/index.js) loads for tables whose
// `game` is "1817". The contract is in docs/web-client.md; the view is Game1817.view
// (src/takeover/g1817/views.py), the same for every seat.

import { auctionsPrivate, wonBy } from "./common.js";
import { DECISIONS } from "./data.js";
import { describe, remember } from "./events.js";
import { prompts } from "./prompts.js";
import { renderReplay } from "./replay.js";
import { renderScoreSheet } from "./scoresheet.js";
import { G1817Table } from "./table.js";

/** The deciding seat and what they decide, in words ("buy trains for A&S", "bid for GT"). */
export function decision(view) {
  remember(view);
  const d = view.decision;
  if (!d || !d.seats || !d.seats.length) return null;
  let words = DECISIONS[d.kind] || d.kind.replaceAll("_", " ");
  const target = view.auction && view.auction.target;
  if (target && ["selection_auction", "buy_sell_par_shares", "acquire"].includes(d.kind)) {
    const company = auctionsPrivate(view, target) ? view.companies[target] : null;
    const name = company ? company.name.replace(/^P\d+ - /, "") : target;
    words = wonBy(view.auction) !== null ? `set up ${name}` : `bid for ${name}`;
  }
  // the corporation being auctioned places its home token, for the player who opened it
  if (d.kind === "home_token" && target) words = `place ${target}'s home token`;
  const acq = view.acquisition;
  if (d.kind === "acquire" && acq) {
    if (acq.buyer && acq.winner) words = `take or repay loans for ${acq.buyer}, which bought ${acq.winner.corporation}`;
    else if (acq.winner) words = `choose which corporation buys ${acq.winner.corporation}`;
    else if (acq.offer) words = `offer ${acq.offer} for sale, or keep it`;
  }
  const current = view.current;
  const forCorp = typeof current === "string" && view.corps && view.corps[current];
  if (forCorp && !words.includes(current)) words = `${words} for ${current}`;
  if (d.seats.length > 1) words = `${words} (any player may)`;
  return { seat: d.seats[0], kind: d.kind, words };
}

export default {
  name: "1817",
  title: "1817",
  stylesheet: new URL("./g1817.css", import.meta.url).href,

  /** Seat names from a view, for when the table's seats are not known. */
  players(view) {
    return (view.seats || []).map((id) => ({
      seat: view.players[id].seat,
      name: view.players[id].name,
    }));
  },

  decision,
  prompts,
  describe,

  /** A move in words for the replay's heading: the action's own line. */
  actionText(entry, who) {
    const type = entry.action && entry.action.type;
    return type ? describe({ type, entity: entry.action.entity }, who, entry) : null;
  },

  createTable(ctx) {
    return new G1817Table(ctx);
  },

  renderScoreSheet(view, events, ctx) {
    return renderScoreSheet(view, ctx.names());
  },

  renderReplay,
};
