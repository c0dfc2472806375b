// What Acquire's prompts share: chain letters as shortcuts, chains by name.

import { el, isLight } from "../../shell/dom.js";
import { letterKeys } from "../../shell/prompt.js";

/** Unique single-letter shortcuts for the chains (the first free letter of each name). */
export function chainKeys(view) {
  return letterKeys(view.chains.map((c) => c.name));
}

/** Chain name -> the view's chain entry (colour, size, price, shares left). */
export function chainInfo(view) {
  return Object.fromEntries(view.chains.map((c) => [c.name, c]));
}

/** A chain's letter: the first of its name, one per chain in every edition (L T A F W C I;
 * Sackson's S in 2008), so that no chain is told by its colour alone. */
export function chainLetter(name) {
  return (name || "?").charAt(0).toUpperCase();
}

/** A chain's letter on its colour (the chains table, the log), as on its board cells. */
export function chainMark(name, colour) {
  const mark = el("span", {
    class: "chain-mark",
    text: chainLetter(name),
    "aria-hidden": "true",
    dataset: { chain: name },
  });
  mark.style.background = colour || "#777";
  mark.style.color = isLight(colour) ? "#222" : "#fff";
  return mark;
}
