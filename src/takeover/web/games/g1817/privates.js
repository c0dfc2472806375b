// The private companies as cards: number and name, face value, owner (a player, a
// corporation, closed or unsold) and what each does for its corporation (the view's `power`).

import { el, money } from "../../shell/dom.js";
import { byCompanyNumber, corpTag, playerName } from "./common.js";

function ownerNode(view, c, names) {
  if (c.closed) return "closed";
  if (c.owner === null || c.owner === undefined) return "unsold";
  if (typeof c.owner === "number" || /^\d+$/.test(String(c.owner))) return playerName(view, c.owner, names);
  return corpTag(String(c.owner));
}

export function renderPrivates(view, names) {
  const companies = view.companies || {};
  const syms = byCompanyNumber(view, Object.keys(companies));
  if (!syms.length) return null;
  return el(
    "details",
    { class: "privates" },
    el("summary", { text: "Private companies" }),
    el(
      "ul",
      { class: "private-cards" },
      syms.map((sym) => {
        const c = companies[sym];
        return el(
          "li",
          { class: `private-card${c.closed ? " closed" : ""}`, dataset: { company: sym } },
          el("strong", { text: c.name.replace(" - ", " ") }),
          ` ${money(c.value)} · `,
          ownerNode(view, c, names),
          c.power ? el("p", { class: "power", text: c.power }) : null,
        );
      }),
    ),
  );
}
