// The corporations: one card each, in operating order, with size, price, cash, loans and the
// interest they cost, trains, tokens, privates and who holds what (shorts negative, the
// treasury and the market pool included).

import { el, money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { byCompanyNumber, companyName, companyTitle, corpTag, playerName, priceNode, shareCount } from "./common.js";
import { corpName } from "./data.js";

function holderLabel(view, sym, who, names) {
  if (who === sym) return "treasury";
  if (who === "market") return "market";
  if (/^\d+$/.test(who)) return playerName(view, Number(who), names);
  return who;
}

function holdersLine(view, sym, corp, names) {
  const entries = Object.entries(corp.holders || {}).filter(([, pct]) => pct);
  // the president first, then other holders by size, shorts last
  const rank = ([holder, pct]) => (String(corp.owner) === holder ? -1000 : -pct);
  entries.sort((a, b) => rank(a) - rank(b));
  const parts = entries.map(([holder, pct]) => {
    const short = holder.endsWith(":short");
    const who = short ? holder.slice(0, -6) : holder;
    const n = shareCount(pct, corp.size);
    const president = String(corp.owner) === who && !short;
    return el(
      "span",
      {
        class: `holder${short ? " short" : ""}${president ? " president" : ""}`,
        title: `${pct}%${short ? " (short)" : ""}${president ? ", president" : ""}`,
        dataset: { holder },
      },
      `${holderLabel(view, sym, who, names)} ${n > 0 ? n : "−" + Math.abs(n)}`,
    );
  });
  return el("div", { class: "holders" }, parts);
}

/** The next train out of the depot ("4" from "4-0"), or null. */
function nextTrain(view) {
  const next = view.depot && view.depot.next;
  return next ? next.split("-").slice(0, -1).join("-") : null;
}

/** A corporation's trains; those the next train rusts or obsoletes marked. */
function trainsNode(view, corp) {
  const trains = corp.trains || [];
  if (!trains.length) return "none";
  const next = nextTrain(view);
  const types = new Map(((view.depot && view.depot.trains) || []).map((t) => [t.name, t]));
  return el(
    "span",
    {},
    trains.map((name, i) => {
      const t = types.get(name) || {};
      const doomed = next && (t.rusts_on === next || t.obsolete_on === next);
      return [
        i ? " " : "",
        el("span", {
          class: doomed ? "train doomed" : "train",
          text: name,
          title: doomed
            ? `${t.rusts_on === next ? "rusts" : "becomes obsolete"} when the first ${next} train is bought`
            : null,
        }),
      ];
    }),
  );
}

function fact(label, value, cls) {
  return el("span", { class: `fact ${cls || ""}` }, el("span", { class: "k", text: label }), " ", value);
}

function corpCard(view, sym, corp, names, operating) {
  const zone = corp.price_type === "liquidation" || corp.price_type === "acquisition";
  const facts = [
    fact("cash", money(corp.cash), "cash"),
    fact(
      "loans",
      `${corp.loans}/${corp.size}${corp.loans ? ` (${money(corp.interest_due)} due)` : ""}`,
      "loans",
    ),
    fact("trains", trainsNode(view, corp), "trains"),
    fact("tokens", `${corp.tokens - corp.tokens_placed} of ${corp.tokens} left`, "tokens"),
  ];
  return el(
    "article",
    {
      class: `corp-card${operating ? " operating" : ""}${zone ? " in-zone" : ""}`,
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
    el("div", { class: "facts-line" }, facts),
    (corp.companies || []).length
      ? el(
          "div",
          { class: "corp-privates" },
          byCompanyNumber(view, corp.companies).map((c, i) => [
            i ? ", " : "",
            el("span", { class: "private", title: companyTitle(view, c), text: companyName(view, c) }),
          ]),
        )
      : null,
    corp.owner === "SharePool"
      ? el("div", { class: "muted", text: "No president: the market holds it." })
      : null,
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
