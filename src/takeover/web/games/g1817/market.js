// The stock market: 1817's one row of spaces, from the liquidation space ($0) through the
// acquisition zone to $600, with every corporation's marker on its space (stacked in
// arrival order: the first to arrive operates first among equals).

import { el, money } from "../../shell/dom.js";
import { corpTag } from "./common.js";

const ZONES = { l: "liquidation", a: "acquisition", p: "par", s: "safe-par" };

export function renderMarket(view) {
  const stacks = view.market_stacks || {};
  const operating = view.round === "Operating" ? view.current : null;
  const cells = (view.market || []).map((code, i) => {
    const kind = ZONES[code.slice(-1)] || "plain";
    const price = parseInt(code, 10);
    const here = stacks[String(i)] || [];
    return el(
      "li",
      {
        class: `mkt mkt-${kind}${here.length ? " occupied" : ""}`,
        dataset: { index: i, price },
        title: `${money(price)}${kind === "plain" ? "" : ` (${kind.replace("-", " ")})`}`,
      },
      el("span", { class: "mkt-price", text: price ? String(price) : "0" }),
      el(
        "span",
        { class: "mkt-stack" },
        here.map((sym) => {
          const tag = corpTag(sym);
          if (sym === operating) tag.classList.add("operating");
          return tag;
        }),
      ),
    );
  });
  return el(
    "div",
    { class: "market" },
    el("ol", { class: "market-row" }, cells),
    el(
      "p",
      { class: "market-legend muted" },
      el("span", { class: "key key-liquidation" }),
      " liquidation ",
      el("span", { class: "key key-acquisition" }),
      " acquisition zone ",
      el("span", { class: "key key-par" }),
      " par ",
      el("span", { class: "key key-safe-par" }),
      " safe par ($55, $70, $120: a 2, 5 or 10-share corporation with all its loans stays out of the acquisition zone)",
    ),
  );
}
