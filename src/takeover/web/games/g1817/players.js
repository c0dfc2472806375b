// The players: cash, certificates against the limit, net worth, then their shares (shorts
// negative) and privates on a line of their own, in seat order; the priority deal marked.

import { el, money } from "../../shell/dom.js";
import { companyName, corpTag, shareCount } from "./common.js";

export function renderPlayers(view, seatLabel) {
  const ids = view.seats || Object.keys(view.players || {});
  const priority = (view.priority_order || [])[0];
  const active = new Set((view.decision && view.decision.seats) || []);
  const rows = ids.flatMap((id) => {
    const p = view.players[id];
    const shares = Object.entries(p.shares || {})
      .filter(([, pct]) => pct)
      .map(([sym, pct]) => {
        const corp = (view.corps || {})[sym];
        const n = corp ? shareCount(pct, corp.size) : pct;
        return el(
          "span",
          { class: `holding${pct < 0 ? " short" : ""}`, title: `${pct}% of ${sym}` },
          corpTag(sym),
          el("span", { class: "n", text: n < 0 ? `−${-n}` : String(n) }),
        );
      });
    const privates = (p.companies || []).map((c) =>
      el("span", { class: "private", title: c, text: companyName(view, c) }),
    );
    const over = p.certs > view.cert_limit;
    const cls = p.bankrupt ? "bankrupt" : null;
    return [
      el(
        "tr",
        { dataset: { player: id, seat: p.seat }, class: `player-row ${cls || ""}` },
        el(
          "th",
          { scope: "row" },
          seatLabel(p.seat, { toMove: active.has(p.seat) }),
          id === priority ? el("span", { class: "pd", title: "priority deal", text: "PD" }) : null,
        ),
        el("td", { class: "num cash", text: money(p.cash) }),
        el("td", {
          class: `num certs${over ? " over" : ""}`,
          text: `${p.certs}/${view.cert_limit}`,
          title: "certificates held / limit",
        }),
        el("td", { class: "num worth", text: money(p.value) }),
      ),
      el(
        "tr",
        { class: `holdings-row ${cls || ""}`, dataset: { player: id } },
        el(
          "td",
          { colspan: 4 },
          el(
            "div",
            { class: "shares" },
            shares.length || privates.length ? [shares, privates] : el("span", { class: "muted", text: "no shares" }),
          ),
        ),
      ),
    ];
  });
  return el(
    "table",
    { class: "players-1817" },
    el(
      "thead",
      {},
      el("tr", {}, ["Player", "Cash", "Certs", "Worth"].map((h) => el("th", { text: h }))),
    ),
    el("tbody", {}, rows),
  );
}
