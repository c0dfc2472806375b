// The spreadsheet, as on 18xx.games: the players by corporation (shares, shorts negative,
// cash, certificates, net worth) and the corporations (treasury, loans, interest due, trains,
// tokens left, price, size and the revenue of each operating round so far). Every number is
// the view's; nothing is computed here but sums for display.

import { el, money } from "../../shell/dom.js";
import { corpTag, playerName, shareCount } from "./common.js";

/** The corporations in operating order (those not yet operating after, by symbol). */
function corpOrder(view) {
  const syms = Object.keys(view.corps || {});
  const rank = (s) => (view.corps[s].order === null || view.corps[s].order === undefined ? 1e6 : view.corps[s].order);
  return syms.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Shares of `sym` held by `holder` (a player id, "market", the symbol), shorts negative. */
function held(corp, holder) {
  const h = corp.holders || {};
  const pct = (h[holder] || 0) + (h[`${holder}:short`] || 0);
  return shareCount(pct, corp.size);
}

function num(text, cls) {
  return el("td", { class: `num${cls ? ` ${cls}` : ""}`, text });
}

function holdingsTable(view, corps, names) {
  const ids = view.seats || Object.keys(view.players);
  const cell = (corp, holder) => {
    const n = held(corp, holder);
    return num(n ? String(n).replace("-", "\u2212") : "", n < 0 ? "short" : "");
  };
  const rows = ids.map((id) => {
    const p = view.players[id];
    return el(
      "tr",
      { dataset: { player: id } },
      el("th", { scope: "row", text: playerName(view, id, names) }),
      corps.map((sym) => cell(view.corps[sym], id)),
      num(money(p.cash), "cash"),
      num(`${p.certs}/${view.cert_limit}`, "certs"),
      num(money(p.value), "worth"),
    );
  });
  const market = el(
    "tr",
    { class: "pool-row" },
    el("th", { scope: "row", text: "Market" }),
    corps.map((sym) => cell(view.corps[sym], "market")),
    num(""),
    num(""),
    num(""),
  );
  return el(
    "table",
    { class: "sheet-players" },
    el("caption", { text: "Players" }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { text: "" }),
        corps.map((sym) => el("th", { scope: "col" }, corpTag(sym))),
        ["Cash", "Certs", "Worth"].map((h) => el("th", { scope: "col", text: h })),
      ),
    ),
    el("tbody", {}, rows, market),
  );
}

/** Every operating round any corporation has a revenue for ("1.1", "1.2", "2.1"), in order. */
function roundsOf(view, corps) {
  const labels = new Set(corps.flatMap((sym) => Object.keys(view.corps[sym].revenues || {})));
  const key = (l) => l.split(".").map(Number);
  return [...labels].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1]);
}

function corporationsTable(view, corps) {
  const rounds = roundsOf(view, corps);
  const rows = corps.map((sym) => {
    const c = view.corps[sym];
    const revenues = c.revenues || {};
    return el(
      "tr",
      { dataset: { corp: sym } },
      el("th", { scope: "row" }, corpTag(sym)),
      num(money(c.price), "price"),
      num(String(c.size), "size"),
      num(money(c.cash), "treasury"),
      num(String(c.loans), "loans"),
      num(c.interest_due ? money(c.interest_due) : "", "interest"),
      el("td", { class: "trains", text: (c.trains || []).join(" ") }),
      num(String(c.tokens - c.tokens_placed), "tokens"),
      rounds.map((r) => num(r in revenues ? money(revenues[r]) : "", "revenue")),
    );
  });
  return el(
    "table",
    { class: "sheet-corps" },
    el("caption", { text: "Corporations" }),
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        ["", "Price", "Size", "Treasury", "Loans", "Interest", "Trains", "Tokens"].map((h) =>
          el("th", { scope: "col", text: h }),
        ),
        rounds.map((r) => el("th", { scope: "col", class: "revenue", text: `OR ${r}`, title: `revenue in operating round ${r}` })),
      ),
    ),
    el("tbody", {}, rows),
  );
}

export function renderSpreadsheet(view, names) {
  const corps = corpOrder(view);
  return el(
    "details",
    { class: "spreadsheet" },
    el("summary", { text: "Spreadsheet" }),
    el("div", { class: "sheet-scroll" }, holdingsTable(view, corps, names)),
    el("div", { class: "sheet-scroll" }, corporationsTable(view, corps)),
  );
}
