// The bid prompt for every 1817 auction (privates, IPOs, acquisitions and liquidations):
// pick what to bid on (when several may be opened), then an amount among the legal bids
// the server listed; anything else cannot be sent.

import { el, money } from "../../shell/dom.js";
import { keyCap } from "../../shell/prompt.js";
import { companyLabel, corpTag, playerName, auctionsPrivate } from "./common.js";
import { corpName } from "./data.js";

function targetOf(action) {
  return action.company !== undefined ? action.company : action.corporation;
}

function targetNode(view, target) {
  if (auctionsPrivate(view, target)) return el("span", { text: companyLabel(view, target) });
  return el("span", {}, corpTag(target), ` ${corpName(target)}`);
}

export function bidWidget(prompt, options, view) {
  const targets = new Map();
  for (const { action } of options) {
    const t = targetOf(action);
    if (!targets.has(t)) targets.set(t, new Map());
    targets.get(t).set(action.price, action);
  }
  const scratch = prompt.scratch;
  if (!targets.has(scratch.bidTarget)) scratch.bidTarget = targets.keys().next().value;
  const me = options[0].action.entity;
  const player = view.players[String(me)] || {};
  const privates = (player.companies || []).reduce(
    (sum, c) => sum + ((view.companies || {})[c] || {}).value || 0,
    0,
  );
  const box = el("div", { class: "choices w-bid bid-box" });

  const draw = () => {
    const target = scratch.bidTarget;
    const byPrice = targets.get(target);
    const prices = [...byPrice.keys()].sort((a, b) => a - b);
    const low = prices[0];
    const high = prices[prices.length - 1];
    const step = prices.length > 1 ? prices[1] - prices[0] : 5;
    if (!byPrice.has(scratch.bidPrice)) scratch.bidPrice = low;
    const input = el("input", {
      type: "number",
      class: "bid-amount",
      min: low,
      max: high,
      step,
      value: scratch.bidPrice,
      "aria-label": "bid amount",
    });
    const send = el("button", { class: "act primary bid-send", type: "button" });
    const why = el("span", { class: "bid-why muted" });
    const check = () => {
      const price = Number(input.value);
      const action = byPrice.get(price);
      scratch.bidPrice = price;
      send.disabled = !action || prompt.pending;
      send.dataset.off = action ? "0" : "1";
      send.replaceChildren(`Bid ${money(price)}`, keyCap("Enter") || "");
      why.textContent = action
        ? ""
        : `Bids from ${money(low)} to ${money(high)}, in steps of ${money(step)}.`;
      return action;
    };
    const bump = (delta) => {
      const next = Math.min(high, Math.max(low, (Number(input.value) || low) + delta));
      input.value = String(next);
      check();
    };
    input.addEventListener("input", check);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        const action = check();
        if (action) prompt.act(action);
      }
    });
    send.addEventListener("click", () => {
      const action = check();
      if (action) prompt.act(action);
    });
    prompt.keys.set("Enter", () => {
      const action = check();
      if (action) prompt.act(action);
    });
    prompt.keys.set("+", () => bump(step));
    prompt.keys.set("-", () => bump(-step));
    const picker =
      targets.size > 1
        ? el(
            "div",
            { class: "bid-targets", role: "radiogroup", "aria-label": "bid on" },
            [...targets.keys()].map((t) => {
              const min = Math.min(...targets.get(t).keys());
              return el(
                "button",
                {
                  type: "button",
                  class: `bid-target${t === target ? " chosen" : ""}`,
                  role: "radio",
                  "aria-checked": t === target ? "true" : "false",
                  dataset: { target: t },
                  title: `from ${money(min)}`,
                  onclick: () => {
                    scratch.bidTarget = t;
                    scratch.bidPrice = undefined;
                    draw();
                  },
                },
                targetNode(view, t),
                el("small", { text: ` from ${money(min)}` }),
              );
            }),
          )
        : null;
    const standing = view.auction && view.auction.target === target ? highBid(view, prompt) : "";
    box.replaceChildren(
      el("p", { class: "hint" }, "Bid on ", targetNode(view, target), standing),
      picker || "",
      el(
        "div",
        { class: "row bid-row" },
        el("button", { type: "button", class: "small", onclick: () => bump(-step), text: "−" }),
        input,
        el("button", { type: "button", class: "small", onclick: () => bump(step), text: "+" }),
        el("button", {
          type: "button",
          class: "small",
          onclick: () => ((input.value = String(high)), check()),
          text: "max",
        }),
        send,
      ),
      why,
      el("p", {
        class: "muted bid-means",
        text:
          acquisitionPayers(view, me) ||
          `You have ${money(player.cash)}` +
          (privates && (view.round === "Stock" || view.round === "Auction")
            ? ` and privates worth ${money(privates)}, which may pay part of an IPO bid`
            : "") +
          ".",
      }),
    );
    check();
  };
  draw();
  return box;
}

/** In an acquisition auction the winner's corporation pays, not the player: which of the
 * bidder's corporations may buy, and the most each may pay (the view's `buyers`). */
function acquisitionPayers(view, me) {
  const acq = view.acquisition;
  if (!acq || !acq.auctioning) return null;
  const mine = (acq.buyers || {})[String(me)] || {};
  const parts = Object.entries(mine).map(([sym, max]) => `${sym} up to ${money(max)}`);
  if (!parts.length) return null;
  return `Your corporation pays, not you: ${parts.join(", ")}.`;
}

function highBid(view, prompt) {
  const bids = Object.entries(view.auction.bids || {});
  if (!bids.length) return " (no bid yet)";
  const [pid, price] = bids.sort((a, b) => b[1] - a[1])[0];
  return ` (high bid ${money(price)} by ${playerName(view, pid, prompt.names())})`;
}
