// The players: cash, holdings, tiles in hand, whose turn it is, and who is connected.

import { chainTag, el, money } from "./dom.js";

/** Each seat's display name; equal names (e.g. several "Random bot") get their seat number. */
export function displayNames(view) {
  const count = {};
  for (const p of view.players) count[p.name] = (count[p.name] || 0) + 1;
  return view.players.map((p) => (count[p.name] > 1 ? `${p.name} ${p.seat + 1}` : p.name));
}

/**
 * @param {object} view
 * @param {object|null} table the lobby's table (seat kinds, bots, connection), if known
 */
export function renderPlayers(view, table) {
  const colours = Object.fromEntries(view.chains.map((c) => [c.name, c.colour]));
  const toMove = view.decision ? view.decision.player : null;
  const seatInfo = Object.fromEntries(((table && table.seats) || []).map((s) => [s.seat, s]));
  const order = view.order && view.order.length ? view.order : view.players.map((p) => p.seat);
  const names = displayNames(view);
  const list = el("ul", { class: "players" });
  for (const seat of order) {
    const p = view.players[seat];
    const info = seatInfo[seat] || {};
    const classes = ["player"];
    if (seat === toMove) classes.push("to-move");
    if (seat === view.seat) classes.push("me");
    const shares = Object.entries(p.shares || {}).map(([chain, n]) =>
      el(
        "span",
        { class: "holding" },
        chainTag(chain, colours[chain]),
        el("span", { text: `×${n}` }),
      ),
    );
    list.appendChild(
      el(
        "li",
        { class: classes.join(" "), dataset: { seat: String(seat) } },
        el(
          "div",
          { class: "who" },
          table
            ? el("span", {
                class: "dot " + (info.kind === "bot" || info.connected ? "on" : "off"),
                title: info.kind === "bot" ? "bot" : info.connected ? "connected" : "not connected",
              })
            : null,
          el("strong", { text: names[seat] }),
          info.kind === "bot" ? el("span", { class: "badge", text: "bot" }) : null,
          seat === view.seat ? el("span", { class: "badge you", text: "you" }) : null,
          seat === toMove ? el("span", { class: "badge turn", text: "to move" }) : null,
        ),
        el(
          "div",
          { class: "money" },
          el("span", { class: "cash", text: p.cash === undefined ? "cash hidden" : money(p.cash) }),
          el("span", { class: "muted", text: ` · ${p.tiles} tile${p.tiles === 1 ? "" : "s"}` }),
          view.finished && view.scores
            ? el("span", { class: "score", text: ` · final ${money(view.scores[seat])}` })
            : null,
        ),
        el(
          "div",
          { class: "shares" },
          p.shares === undefined
            ? el("span", { class: "muted", text: "holdings hidden" })
            : shares.length
              ? shares
              : el("span", { class: "muted", text: "no shares" }),
        ),
      ),
    );
  }
  return list;
}
