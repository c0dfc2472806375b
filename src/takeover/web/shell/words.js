// Words that depend on a number or on the device: "1 share" but "2 shares"; "tap" on a
// touch screen, keys only where there is a keyboard.

/**
 * A count with its noun: plural(1, "share") is "1 share", plural(3, "share") "3 shares".
 * `many` gives an irregular plural: plural(2, "bonus", "bonuses").
 */
export function plural(n, one, many = one + "s") {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * "a" or "an" before `word`, by its sound: "an MCTS bot" (an initialism is read letter by
 * letter: "em"), "a heuristic bot", "an easy bot".
 */
export function article(word) {
  const w = String(word);
  if (/^[A-Z]{2,}/.test(w)) return "AEFHILMNORSX".includes(w[0]) ? "an" : "a";
  return /^[aeiou]/i.test(w) ? "an" : "a";
}

/** The noun alone, agreeing with `n`: noun(1, "share") is "share". */
export function noun(n, one, many = one + "s") {
  return n === 1 ? one : many;
}

/**
 * Whether the page is driven by touch: a coarse primary pointer (a phone or a tablet). Prompts
 * then say "tap" and leave out keyboard shortcuts; a laptop with a touch screen keeps its keys.
 */
export function isTouch() {
  return typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
}

/** "click" or "tap", as the device is used. */
export function clickWord() {
  return isTouch() ? "tap" : "click";
}
