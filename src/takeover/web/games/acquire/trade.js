// Proposing a player-to-player trade (standard rules allow it at the start of one's turn).
// Proposals are open-ended, so the server never lists them; it checks each one we send.

import { el } from "../../shell/dom.js";
import { chainInfo, chainMark } from "./choices.js";

/**
 * A collapsible form; `send(action)` gets a propose_trade action in record form.
 * @param {object} view
 * @param {(action: object) => void} send
 * @param {string[]} names display names by seat
 */
export function renderTradeForm(view, send, names) {
  const me = view.players[view.seat];
  const others = view.players.filter((p) => p.seat !== view.seat);
  const onBoard = view.chains.filter((c) => c.size > 0).map((c) => c.name);
  const info = chainInfo(view);
  const to = el(
    "select",
    { name: "to", "aria-label": "trade with" },
    others.map((p) => el("option", { value: p.seat, text: names[p.seat] })),
  );
  const side = (title, prefix, chains) =>
    el(
      "fieldset",
      {},
      el("legend", { text: title }),
      // one row per field, names left and inputs right, so the two sides line up
      el(
        "label",
        { class: "field" },
        el("span", { class: "what", text: "Cash $" }),
        el("input", { type: "number", name: `${prefix}-cash`, min: 0, step: 100, value: 0 }),
      ),
      chains.map((c) =>
        el(
          "label",
          { class: "field" },
          el("span", { class: "what" }, chainMark(c, (info[c] || {}).colour), c),
          el("input", {
            type: "number",
            name: `${prefix}-${c}`,
            min: 0,
            step: 1,
            value: 0,
            dataset: { chain: c },
          }),
        ),
      ),
    );
  const mine = Object.keys((me && me.shares) || {});
  const form = el(
    "form",
    { class: "trade-form" },
    el("label", {}, "Offer to ", to),
    el("div", { class: "sides" }, side("You give", "give", mine), side("You get", "get", onBoard)),
    el("button", { type: "submit", class: "primary" }, "Propose"),
  );
  const read = (prefix) => {
    const cash = Number(form.querySelector(`[name="${prefix}-cash"]`).value) || 0;
    const shares = {};
    for (const input of form.querySelectorAll(`input[name^="${prefix}-"][data-chain]`)) {
      const n = Number(input.value) || 0;
      if (n > 0) shares[input.dataset.chain] = n;
    }
    return { cash, shares };
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send({ type: "propose_trade", to: Number(to.value), give: read("give"), get: read("get") });
  });
  return el("details", { class: "trade" }, el("summary", { text: "Propose a trade…" }), form);
}
