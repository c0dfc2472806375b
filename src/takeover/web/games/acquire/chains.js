// The chain table: size, price, shares left, safe, and who would be paid the majority and
// minority bonuses now, with the amount (the view's per-seat `bonuses`, present when holdings
// are public). One row per chain, kept short so that it fits beside the prompt.

import { el, money } from "../../shell/dom.js";
import { chainMark } from "./choices.js";

/**
 * @param {object} view
 * @param {string[]} names display names by seat
 */
export function renderChains(view, names) {
  const head = el(
    "tr",
    {},
    el("th", { text: "Chain" }),
    el("th", { class: "num", text: "Size" }),
    el("th", { class: "num", text: "Price" }),
    el("th", { class: "num", title: "shares left to buy", text: "Left" }),
    el("th", {
      title: "majority (1st) and minority (2nd) holders: their shares, the bonus now",
      text: "Bonuses now",
    }),
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
        chainMark(chain.name, chain.colour),
        chain.name,
        chain.safe
          ? el("span", { class: "badge safe", title: "safe: cannot be acquired", text: "safe" })
          : null,
      ),
      el("td", { class: "num", text: onBoard ? chain.size : "–" }),
      el("td", { class: "num", text: onBoard ? money(chain.price) : "–" }),
      el("td", { class: "num", text: chain.available }),
      holders(view, chain, names),
    );
    body.appendChild(row);
  }
  return el("table", { class: "chains" }, el("thead", {}, head), body);
}

/** One cell: the majority and minority holders, with the bonus each would be paid now. */
function holders(view, chain, names) {
  if (!chain.size) return el("td");
  if (!chain.bonuses) return el("td", { class: "muted", text: "holdings hidden" });
  const held = view.players.map((p) => ({ seat: p.seat, n: (p.shares || {})[chain.name] || 0 }));
  const counts = [...new Set(held.map((h) => h.n).filter((n) => n > 0))].sort((a, b) => b - a);
  if (!counts.length) return el("td", { class: "muted", text: "nobody" });
  const line = (rank, n, title) => {
    const who = held.filter((h) => h.n === n);
    const bonus = chain.bonuses[who[0].seat];
    return el(
      "div",
      { class: "holder", title },
      el("span", { class: "rank", text: rank }),
      " ",
      el("span", { text: `${who.map((h) => names[h.seat]).join(", ")} ×${n}` }),
      " ",
      el("span", { class: "bonus", text: money(bonus) + (who.length > 1 ? " each" : "") }),
    );
  };
  const tied = held.filter((h) => h.n === counts[0]).length > 1;
  if (tied) {
    return el("td", {}, line("1st+2nd", counts[0], "tied for the majority: both bonuses shared"));
  }
  if (counts.length === 1) {
    return el("td", {}, line("1st+2nd", counts[0], "sole holder: both bonuses"));
  }
  return el(
    "td",
    {},
    line("1st", counts[0], "majority holder"),
    line("2nd", counts[1], "minority holder"),
  );
}
