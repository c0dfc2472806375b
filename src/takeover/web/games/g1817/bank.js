// The bank: loans left and the interest rate, the phase and its limits, the train depot
// with what each type costs and what it rusts, and what the next train changes.

import { el, money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { ROUNDS } from "./data.js";

function sizesText(sizes) {
  return sizes.map(String).join(", ").replace(/, (\d+)$/, " or $1") + "-share";
}

/** What buying the next train changes: a new phase, rusting, obsolete trains. */
export function nextTrainText(view) {
  const depot = view.depot || {};
  if (view.finished) return "The game is over.";
  if (!depot.next) return "The depot is empty.";
  const name = depot.next.split("-").slice(0, -1).join("-");
  const types = depot.trains || [];
  const type = types.find((t) => t.name === name);
  const phases = view.phases || [];
  const current = phases.findIndex((p) => p.current);
  const phase = phases.find((p, i) => i > current && p.name === name);
  const parts = [`Next train: ${name} (${money(type ? type.price : 0)})`];
  const changes = [];
  if (phase) {
    changes.push(
      `starts phase ${phase.name}: train limit ${phase.train_limit}, new corporations ${sizesText(phase.sizes)}`,
    );
  }
  const rusts = types.filter((t) => t.rusts_on === name).map((t) => t.name);
  const obsolete = types.filter((t) => t.obsolete_on === name).map((t) => t.name);
  if (rusts.length) changes.push(`${rusts.join(", ")} trains rust`);
  if (obsolete.length) changes.push(`${obsolete.join(", ")} trains become obsolete`);
  if (name === "8") changes.push("the game ends after the next set of operating rounds");
  return parts[0] + (changes.length ? `: ${changes.join("; ")}.` : ": no change of phase.");
}

/** 18xx style: "Stock round 3", "Operating round 3.2" (the second of the set); the merger
 * and acquisition rounds after each operating round carry its number too. */
export function roundWords(round, turn, roundNum) {
  const name = ROUNDS[round] || round;
  return ["Operating", "Merger", "Acquisition"].includes(round) ? `${name} ${turn}.${roundNum}` : `${name} ${turn}`;
}

export function roundName(view) {
  if (view.finished) return "The end";
  return roundWords(view.round, view.turn, view.round_num);
}

/** What the first train of type `name` rusts or makes obsolete ("2, 2+ obsolete"), from the
 * view's train types; "–" for nothing. */
function rustedBy(types, name) {
  const rusts = types.filter((t) => t.rusts_on === name).map((t) => t.name);
  const obsolete = types.filter((t) => t.obsolete_on === name).map((t) => `${t.name} obsolete`);
  return [...rusts, ...obsolete].join(", ") || "–";
}

export function renderBank(view) {
  const phases = view.phases || [];
  const phase = phases.find((p) => p.current) || { name: view.phase, train_limit: "?", sizes: [] };
  const rate = view.interest_rate;
  const future = view.future_interest_rate;
  const depot = (view.depot && view.depot.trains) || [];
  const round = roundName(view);
  return el(
    "div",
    { class: "bank", dataset: { round: view.round, turn: view.turn, roundNum: view.round_num } },
    el(
      "dl",
      { class: "facts" },
      el("dt", { text: "Round" }),
      el("dd", { text: round }),
      el("dt", { text: "Phase" }),
      el("dd", {
        text: `${phase.name}: train limit ${phase.train_limit}, new corporations ${sizesText(phase.sizes || [])}`,
      }),
      el("dt", { text: "Loans" }),
      el("dd", {
        text: `${plural(view.loans_left, "loan")} of ${money(view.loan_value || 100)} left`,
      }),
      el("dt", { text: "Interest" }),
      el("dd", {
        text: `${rate}% now${future !== rate ? `, ${future}% from the next operating round` : ""}`,
      }),
    ),
    el("p", { class: "next-train", text: nextTrainText(view) }),
    el(
      "table",
      { class: "depot" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["Train", "Price", "Left", "Rusts on", "The first one rusts"].map((h) => el("th", { text: h })),
        ),
      ),
      el(
        "tbody",
        {},
        depot.map((t) =>
          el(
            "tr",
            { class: t.left === 0 && !t.discarded ? "gone" : null, dataset: { train: t.name } },
            el("th", { text: t.name }),
            el("td", { class: "num", text: money(t.price) }),
            el("td", {
              class: "num",
              text:
                (t.left === null ? "∞" : String(t.left)) +
                (t.discarded ? ` (+${t.discarded} used)` : ""),
            }),
            el("td", {
              text: t.rusts_on ? t.rusts_on : t.obsolete_on ? `${t.obsolete_on} (obsolete)` : "–",
            }),
            el("td", { class: "rusts", text: rustedBy(depot, t.name) }),
          ),
        ),
      ),
    ),
  );
}
