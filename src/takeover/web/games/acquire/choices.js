// What Acquire's prompts share: chain letters as shortcuts, chains by name.

import { letterKeys } from "../../shell/prompt.js";

/** Unique single-letter shortcuts for the chains (the first free letter of each name). */
export function chainKeys(view) {
  return letterKeys(view.chains.map((c) => c.name));
}

/** Chain name -> the view's chain entry (colour, size, price, shares left). */
export function chainInfo(view) {
  return Object.fromEntries(view.chains.map((c) => [c.name, c]));
}
