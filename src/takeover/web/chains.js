// The chain table: size, price, shares left, safe, and the majority / minority holders with
// the bonus each would get now (the view's per-seat `bonuses`, present when holdings are public).

import { el, money, swatch } from "./dom.js";
import { displayNames } from "./players.js";

export function renderChains(view) {
  const names = displayNames(view);
  const head = el(
    "tr",
    {},
    ["Chain", "Size", "Price", "Left", "Majority", "Minority"].map((h) => el("th", { text: h })),
  );
  const body = el("tbody");
  for (const chain of view.chains) {
    const onBoard = chain.size > 0;
    const row = el(
      "tr",
      { class: onBoard ? "" : "off-board", dataset: { chain: chain.name } },
      el(
        "td",
        { class: "chain-name" },
        swatch(chain.colour),
        chain.name,
        chain.safe
          ? el("span", { class: "badge safe", title: "safe: cannot be acquired", text: "safe" })
          : null,
      ),
      el("td", { class: "num", text: onBoard ? chain.size : "–" }),
      el("td", { class: "num", text: onBoard ? money(chain.price) : "–" }),
      el("td", { class: "num", text: chain.available }),
      ...holders(view, chain, names),
    );
    body.appendChild(row);
  }
  return el("table", { class: "chains" }, el("thead", {}, head), body);
}

/** Two cells: the majority and minority holders, each with the bonus they would be paid. */
function holders(view, chain, names) {
  if (!chain.size) return [el("td"), el("td")];
  if (!chain.bonuses) {
    return [el("td", { class: "muted", colspan: 2, text: "holdings hidden" })];
  }
  const held = view.players.map((p) => ({ seat: p.seat, n: (p.shares || {})[chain.name] || 0 }));
  const counts = [...new Set(held.map((h) => h.n).filter((n) => n > 0))].sort((a, b) => b - a);
  if (!counts.length) return [el("td", { class: "muted", text: "nobody" }), el("td")];
  const cellFor = (n) => {
    if (n === undefined) return el("td");
    const who = held.filter((h) => h.n === n);
    return el(
      "td",
      {},
      who.map((h) =>
        el(
          "div",
          { class: "holder" },
          el("span", { text: `${names[h.seat]} (${n})` }),
          " ",
          el("span", { class: "bonus", text: money(chain.bonuses[h.seat]) }),
        ),
      ),
    );
  };
  const tiedForMajority = held.filter((h) => h.n === counts[0]).length > 1;
  let minority;
  if (tiedForMajority) minority = el("td", { class: "muted", text: "shared by the tie" });
  else if (counts.length === 1) minority = el("td", { class: "muted", text: "sole holder: both" });
  else minority = cellFor(counts[1]);
  return [cellFor(counts[0]), minority];
}
