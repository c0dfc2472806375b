// The corporations: one card each, in operating order, with size, price, cash, loans and the
// interest they cost, trains, tokens, privates and who holds what (shorts negative, the
// treasury and the market pool included).

import { el, money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { companyName, corpTag, playerName, priceNode, shareCount } from "./common.js";
import { corpName } from "./data.js";

function holdersLine(view, sym, corp, names) {
  const entries = Object.entries(corp.holders || {}).filter(([, pct]) => pct);
  const parts = entries.map(([holder, pct]) => {
    const short = holder.endsWith(":short");
    const who = short ? holder.slice(0, -6) : holder;
    let label;
    if (who === sym) label = "treasury";
    else if (who === "market") label = "market";
    else if (/^\d+$/.test(who)) label = playerName(view, Number(who), names);
    else label = who;
    const n = shareCount(pct, corp.size);
    const president = String(corp.owner) === who && !short;
    return el(
      "span",
      {
        class: `holder${short ? " short" : ""}${president ? " president" : ""}`,
        title: `${pct}%${short ? " (short)" : ""}${president ? ", president" : ""}`,
      },
      `${label} ${n > 0 ? n : "−" + Math.abs(n)}`,
    );
  });
  return el("div", { class: "holders" }, parts);
}

function corpCard(view, sym, corp, names, operating) {
  const owner =
    corp.owner === "SharePool" ? "the market" : playerName(view, corp.owner, names) || "-";
  const trains = (corp.trains || []).length ? corp.trains.join(" ") : "none";
  const facts = [
    ["Cash", money(corp.cash)],
    [
      "Loans",
      corp.loans
        ? `${corp.loans} of ${corp.size} (interest ${money(corp.interest_due)})`
        : `0 of ${corp.size}`,
    ],
    ["Trains", trains],
    ["Tokens", `${corp.tokens - corp.tokens_placed} left of ${corp.tokens}`],
  ];
  if ((corp.companies || []).length)
    facts.push(["Privates", corp.companies.map((c) => companyName(view, c)).join(", ")]);
  return el(
    "article",
    {
      class: `corp-card${operating ? " operating" : ""}${corp.price_type === "liquidation" || corp.price_type === "acquisition" ? " in-zone" : ""}`,
      dataset: { corp: sym },
    },
    el(
      "header",
      {},
      corpTag(sym),
      el("span", { class: "corp-name", text: corpName(sym) }),
      el("span", { class: "corp-size", text: plural(corp.size, "share") }),
      priceNode(corp),
    ),
    el(
      "dl",
      { class: "facts" },
      facts.map(([k, v]) => [el("dt", { text: k }), el("dd", { text: v })]),
    ),
    el("p", { class: "president-line muted" }, `President: ${owner}`),
    holdersLine(view, sym, corp, names),
  );
}

export function renderCorporations(view, names) {
  const corps = view.corps || {};
  const syms = Object.keys(corps).sort((a, b) => {
    const oa = corps[a].order ?? 99;
    const ob = corps[b].order ?? 99;
    return oa - ob || a.localeCompare(b);
  });
  if (!syms.length) return el("p", { class: "muted", text: "No corporation has started yet." });
  const operating = view.round === "Operating" ? view.current : null;
  return el(
    "div",
    { class: "corp-grid" },
    syms.map((sym) => corpCard(view, sym, corps[sym], names, sym === operating)),
  );
}
