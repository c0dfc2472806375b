// The players: cash, holdings, tiles in hand and whose turn it is, two lines each so that six
// fit beside the log at 1280x800 (holdings as chain marks, the letter on its colour, with the
// full name on hover). Who a seat is (its short name, presence, badges) is drawn by the
// shell's `seatLabel`, the same in every game.

import { el, money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { chainMark } from "./choices.js";

/**
 * @param {object} view
 * @param {(seat: number, opts: {toMove: boolean}) => Node[]} seatLabel
 */
export function renderPlayers(view, seatLabel) {
  const colours = Object.fromEntries(view.chains.map((c) => [c.name, c.colour]));
  const toMove = view.decision ? view.decision.player : null;
  const order = view.order && view.order.length ? view.order : view.players.map((p) => p.seat);
  const list = el("ul", { class: "players" });
  for (const seat of order) {
    const p = view.players[seat];
    const classes = ["player"];
    if (seat === toMove) classes.push("to-move");
    if (seat === view.seat) classes.push("me");
    const shares = Object.entries(p.shares || {}).map(([chain, n]) =>
      el(
        "span",
        { class: "holding", title: plural(n, `${chain} share`) },
        chainMark(chain, colours[chain]),
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
          seatLabel(seat, { toMove: seat === toMove }),
          el(
            "span",
            { class: "money" },
            el("span", {
              class: "cash",
              text: p.cash === undefined ? "cash hidden" : money(p.cash),
            }),
            el("span", { class: "muted", text: ` · ${plural(p.tiles, "tile")}` }),
            view.finished && view.scores
              ? el("span", { class: "score", text: ` · final ${money(view.scores[seat])}` })
              : null,
          ),
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
