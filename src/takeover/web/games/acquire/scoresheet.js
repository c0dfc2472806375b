// The final score sheet, laid out like the example in acquire-endgame.md: bonuses per chain,
// stock sales per chain, then cash + bonuses + sales = total for every player.

import { colourTag, el, money } from "../../shell/dom.js";

/**
 * @param {object} view the final view (finished, scores, chains at their final size)
 * @param {object[]} events the final scoring events (bonuses_paid with reason "final",
 *   final_sale, final_scores); may be empty, then only the totals are shown
 * @param {string[]} names display names by seat
 */
export function renderScoreSheet(view, events, names) {
  const players = view.players;
  const scores = view.scores || [];
  const chainInfo = Object.fromEntries(view.chains.map((c) => [c.name, c]));
  const finalBonus = (events || []).filter(
    (e) => e.type === "bonuses_paid" && e.reason === "final",
  );
  const sales = (events || []).filter((e) => e.type === "final_sale");
  const ranksEvent = (events || []).find((e) => e.type === "final_scores");
  const ranks = ranksEvent ? ranksEvent.ranks : rank(scores);
  const detailed =
    finalBonus.length > 0 || sales.length > 0 || events.some((e) => e.type === "game_ended");

  const bonusBy = players.map(() => ({}));
  for (const e of finalBonus)
    (e.paid || []).forEach((amount, seat) => amount && (bonusBy[seat][e.chain] = amount));
  const saleBy = players.map(() => ({}));
  for (const e of sales) Object.assign(saleBy[e.player], e.proceeds || {});
  const bonusChains = finalBonus.map((e) => e.chain);
  const saleChains = view.chains
    .filter((c) => sales.some((e) => c.name in (e.proceeds || {})))
    .map((c) => c.name);
  const sum = (obj) => Object.values(obj).reduce((a, b) => a + b, 0);

  const th = (text) => el("th", { text });
  const chainTh = (name) => el("th", {}, colourTag(name, (chainInfo[name] || {}).colour));
  const sections = [el("h2", { text: "Final scores" })];
  const winners = players.filter((p) => ranks[p.seat] === 1).map((p) => names[p.seat]);
  sections.push(
    el("p", {
      class: "winner",
      text:
        winners.length > 1
          ? `A tie for first: ${winners.join(" and ")} with ${money(Math.max(...scores))}.`
          : `Winner: ${winners[0]} with ${money(Math.max(...scores))}.`,
    }),
  );
  if (detailed) {
    sections.push(
      el("h3", { text: "Final bonuses" }),
      el(
        "table",
        { class: "sheet bonuses" },
        el("thead", {}, el("tr", {}, th("Player"), bonusChains.map(chainTh), th("Total bonus"))),
        el(
          "tbody",
          {},
          players.map((p) =>
            el(
              "tr",
              {},
              el("td", { text: names[p.seat] }),
              bonusChains.map((c) =>
                el("td", {
                  class: "num",
                  text: bonusBy[p.seat][c] ? money(bonusBy[p.seat][c]) : "–",
                }),
              ),
              el("td", { class: "num", text: money(sum(bonusBy[p.seat])) }),
            ),
          ),
        ),
      ),
      el("h3", { text: "Stock sales" }),
      el(
        "table",
        { class: "sheet sales" },
        el("thead", {}, el("tr", {}, th("Player"), saleChains.map(chainTh), th("Stock value"))),
        el(
          "tbody",
          {},
          players.map((p) =>
            el(
              "tr",
              {},
              el("td", { text: names[p.seat] }),
              saleChains.map((c) => {
                const value = saleBy[p.seat][c];
                const price = (chainInfo[c] || {}).price;
                if (!value) return el("td", { class: "num", text: "–" });
                const n = price ? Math.round(value / price) : null;
                return el("td", {
                  class: "num",
                  text: n ? `${n} × ${money(price)} = ${money(value)}` : money(value),
                });
              }),
              el("td", { class: "num", text: money(sum(saleBy[p.seat])) }),
            ),
          ),
        ),
      ),
    );
  }
  sections.push(
    el("h3", { text: "Final totals" }),
    el(
      "table",
      { class: "sheet totals" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          th("Place"),
          th("Player"),
          detailed ? [th("Cash"), th("Bonuses"), th("Stock sales")] : null,
          th("Total"),
        ),
      ),
      el(
        "tbody",
        {},
        [...players]
          .sort((a, b) => ranks[a.seat] - ranks[b.seat] || a.seat - b.seat)
          .map((p) => {
            const bonus = sum(bonusBy[p.seat]);
            const sale = sum(saleBy[p.seat]);
            return el(
              "tr",
              { class: ranks[p.seat] === 1 ? "first" : "", dataset: { seat: String(p.seat) } },
              el("td", { class: "place", text: placeWords(ranks, p.seat) }),
              el("td", { text: names[p.seat] }),
              detailed
                ? [
                    el("td", { class: "num", text: money(scores[p.seat] - bonus - sale) }),
                    el("td", { class: "num", text: money(bonus) }),
                    el("td", { class: "num", text: money(sale) }),
                  ]
                : null,
              el("td", { class: "num total" }, el("strong", { text: money(scores[p.seat]) })),
            );
          }),
      ),
    ),
  );
  if (new Set(ranks).size < ranks.length) {
    sections.push(
      el("p", {
        class: "muted tie-rule",
        text: "Equal scores share a place and the places after them move down (1st, 1st, 3rd: rule 8.5).",
      }),
    );
  }
  return el("section", { class: "scoresheet" }, sections);
}

/** "2nd", or "1st (tied)" where another player has the same place. */
function placeWords(ranks, seat) {
  const tied = ranks.filter((r) => r === ranks[seat]).length > 1;
  return ordinal(ranks[seat]) + (tied ? " (tied)" : "");
}

function rank(scores) {
  return scores.map((s) => 1 + scores.filter((o) => o > s).length);
}

function ordinal(n) {
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? "st"
      : n % 10 === 2 && n % 100 !== 12
        ? "nd"
        : n % 10 === 3 && n % 100 !== 13
          ? "rd"
          : "th";
  return `${n}${suffix}`;
}
