// The players: cash, certificates against the limit, net worth, then their shares (shorts
// negative) and privates, in seat order; the priority deal marked. One block per player, so
// that long names and badges fit a narrow column.

import { el, money } from "../../shell/dom.js";
import { byCompanyNumber, companyName, companyTitle, corpTag, shareCount } from "./common.js";

export function renderPlayers(view, seatLabel) {
  const ids = view.seats || Object.keys(view.players || {});
  const priority = (view.priority_order || [])[0];
  const active = new Set((view.decision && view.decision.seats) || []);
  const items = ids.map((id) => {
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
          el("span", { class: "n", text: n < 0 ? `\u2212${-n}` : String(n) }),
        );
      });
    const privates = byCompanyNumber(view, p.companies || []).map((c) =>
      el("span", { class: "private", title: companyTitle(view, c), text: companyName(view, c) }),
    );
    const over = p.certs > view.cert_limit;
    return el(
      "li",
      {
        class: `player-row${p.bankrupt ? " bankrupt" : ""}`,
        dataset: { player: id, seat: p.seat },
      },
      el(
        "div",
        { class: "who" },
        seatLabel(p.seat, { toMove: active.has(p.seat) }),
        id === priority ? el("span", { class: "pd", title: "priority deal", text: "PD" }) : null,
        p.bankrupt ? el("span", { class: "muted", text: " bankrupt" }) : null,
      ),
      el(
        "div",
        { class: "stats" },
        el("span", { class: "k", text: "cash " }),
        el("span", { class: "cash", text: money(p.cash) }),
        el("span", { class: "k", text: " certs " }),
        el("span", {
          class: `certs${over ? " over" : ""}`,
          text: `${p.certs}/${view.cert_limit}`,
          title: "certificates held / limit",
        }),
        el("span", { class: "k", text: " worth " }),
        el("span", { class: "worth", text: money(p.value) }),
      ),
      el(
        "div",
        { class: "shares" },
        shares.length || privates.length
          ? [shares, privates]
          : el("span", { class: "muted", text: "no shares" }),
      ),
    );
  });
  return el("ol", { class: "players-1817" }, items);
}
