// An auction under way (a private, an IPO, an acquisition or liquidation): what is up,
// the standing bids, who is still in.

import { el, money } from "../../shell/dom.js";
import { auctionsPrivate, companyLabel, corpTag, playerName, wonBy } from "./common.js";

export function renderAuction(view, names) {
  const a = view.auction;
  const acq = view.acquisition;
  if (!a && acq && acq.winner) {
    const w = acq.winner;
    return el(
      "div",
      { class: "auction won" },
      el("h3", {}, "Sold: ", corpTag(w.corporation)),
      el("p", {
        text:
          `${playerName(view, w.player, names)} won it for ${money(w.price)}` +
          (acq.buyer ? `; ${acq.buyer} buys it.` : "; which of their corporations buys it?"),
      }),
    );
  }
  if (!a) return null;
  const target = auctionsPrivate(view, a.target)
    ? el("strong", { text: companyLabel(view, a.target) })
    : corpTag(a.target);
  const bids = Object.entries(a.bids || {}).sort((x, y) => y[1] - x[1]);
  const winner = wonBy(a);
  if (winner !== null) {
    return el(
      "div",
      { class: "auction won" },
      el("h3", {}, "Won: ", target),
      el("p", { text: `${playerName(view, winner, names)} won it for ${money(a.bids[winner])}.` }),
    );
  }
  return el(
    "div",
    { class: "auction" },
    el("h3", {}, "Auction: ", target),
    bids.length
      ? el(
          "ol",
          { class: "bids" },
          bids.map(([pid, price], i) =>
            el(
              "li",
              { class: i === 0 ? "high" : null },
              `${playerName(view, pid, names)} ${money(price)}`,
            ),
          ),
        )
      : el("p", { class: "muted", text: "No bid yet." }),
    el("p", {
      class: "muted",
      text: `Still bidding: ${(a.bidders || []).map((p) => playerName(view, p, names)).join(", ") || "nobody"}`,
    }),
  );
}
