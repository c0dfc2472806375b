// A table's settings in words, the same wherever a table is shown (the lobby row, the waiting
// room, the table's header, finished games): its rules (the preset and each option changed
// from it), the turn timer and what happens when a person's time runs out, and its bots.

import { el, money } from "./dom.js";
import { shortName } from "./seats.js";
import { article } from "./words.js";

/** A bot level without its details: "mcts" for "mcts:time=1" (the spec is in seat tooltips). */
function level(spec) {
  return String(spec).split(":")[0];
}

/** An option's name as people say it. */
function label(name) {
  return name.replaceAll("_", " ");
}

/** One changed option in words: "hidden holdings", "no player trading", "starting cash $8,000". */
export function optionWords(name, value) {
  if (value === true) return label(name);
  if (value === false) return `no ${label(name)}`;
  if (value === null || value === undefined) return `${label(name)}: the usual`;
  if (typeof value === "number") return `${label(name)} ${/cash/.test(name) ? money(value) : value}`;
  return `${label(name)}: ${String(value).replaceAll("_", " ")}`;
}

/** A ruleset (a preset name, or `{preset, options}`) in words: "standard rules with hidden
 * holdings, starting cash $8,000". */
export function rulesWords(ruleset) {
  if (!ruleset) return "standard rules";
  if (typeof ruleset === "string") return `${ruleset} rules`;
  const changed = Object.entries(ruleset.options || {}).map(([k, v]) => optionWords(k, v));
  const preset = `${ruleset.preset || "standard"} rules`;
  return changed.length ? `${preset} with ${changed.join(", ")}` : preset;
}

/** The turn timer and what happens when time runs out, in words. */
export function timerWords(t) {
  if (!t.timer || t.timer === "off") return "no turn timer";
  const then =
    !t.on_timeout || t.on_timeout === "wait"
      ? "then the table waits for the person"
      : `then ${article(level(t.on_timeout))} ${level(t.on_timeout)} bot plays for them`;
  if (t.timer === "correspondence") return `correspondence, ${hoursWords(t.move_hours)} a move, ${then}`;
  return `${t.timer} turn timer, ${then}`;
}

/** "12 h", "1 day", "2 days 12 h". */
export function hoursWords(hours) {
  const h = Number(hours) || 0;
  if (h < 24) return `${h} h`;
  const days = Math.floor(h / 24);
  const rest = Math.round(h - 24 * days);
  return `${days} day${days > 1 ? "s" : ""}` + (rest ? ` ${rest} h` : "");
}

/** The bots at the table by their short names: "bots: MCTS bot ×2, Random bot". */
export function botWords(seats) {
  const counts = new Map();
  for (const s of seats || []) {
    if (s.kind === "bot") counts.set(shortName(s), (counts.get(shortName(s)) || 0) + 1);
  }
  if (!counts.size) return "no bots";
  return `bots: ${[...counts].map(([b, n]) => (n > 1 ? `${b} ×${n}` : b)).join(", ")}`;
}

/** Every setting of a table (or a finished game) as a list of phrases. */
export function settingsPhrases(t) {
  const phrases = [rulesWords(t.ruleset), timerWords(t), botWords(t.seats)];
  if (t.rated === false) phrases.push("unrated");
  return phrases;
}

/** The settings as a line of text, for the lobby, the waiting room, the header, finished games. */
export function settingsLine(t, cls = "settings") {
  return el("span", { class: cls, text: settingsPhrases(t).join(" · ") });
}
