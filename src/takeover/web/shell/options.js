// What a table may be created with, per game: `GET /api/options`, read into one shape the
// create form draws (docs/web-client.md, "Table options"). Today's server describes only
// Acquire (presets, choices, one seats range); a server with several games lists each with
// its own seats range, presets, options schema and bots. Both read into:
//
//   {legacy, limits, timers, correspondence: {min_hours, max_hours} | null,
//    imports: [{game, title, source}],
//    games: [{name, title, seats: {min, max, default}, presets, preset,
//             presetDetails: {[preset]: {seats, options: [names] | null, description}} | null,
//             options: [{name, label, type, values, min, max, step, default, nullable, help}],
//             bots: [{spec, label, about}]}]}
//
// `legacy` is true for today's response: the create request then carries no `game` field.

import { DEFAULT_GAME, gameTitle } from "../games/index.js";
import { api } from "./api.js";

const TYPES = new Set(["bool", "int", "choice", "text"]);

let cache = null;

/** The server's options, read once per page load (a failure is retried on the next call). */
export function loadOptions() {
  if (!cache) {
    cache = api
      .options()
      .then(readOptions)
      .catch((err) => {
        cache = null;
        throw err;
      });
  }
  return cache;
}

/** The normalised options of one game (the first game when `name` is not listed). */
export function gameOptions(options, name) {
  return options.games.find((g) => g.name === name) || options.games[0];
}

/** Read either response shape into the normalised one. */
export function readOptions(raw) {
  const limits = raw.limits || {};
  if (Array.isArray(raw.games)) {
    return {
      legacy: false,
      limits,
      timers: raw.timers || null,
      correspondence: raw.correspondence || null,
      games: raw.games.map((g) => readGame(g, raw.bots || [])),
      imports: Array.isArray(raw.imports) ? raw.imports : [],
    };
  }
  return {
    legacy: true,
    limits,
    timers: raw.timers || null,
    correspondence: null,
    games: [legacyAcquire(raw)],
    imports: [],
  };
}

function readGame(g, bots) {
  const presets = g.presets && Object.keys(g.presets).length ? g.presets : null;
  const seats = readSeats(g.seats);
  return {
    name: g.name,
    title: g.title || gameTitle(g.name),
    seats,
    presets,
    preset: presets
      ? g.default_preset in presets
        ? g.default_preset
        : Object.keys(presets)[0]
      : null,
    options: (g.options || []).filter((o) => o && o.name && TYPES.has(o.type)).map(readOption),
    bots: g.bots || bots,
    presetDetails: presets ? readDetails(g.preset_details, presets, seats) : null,
  };
}

/** Per preset: its seats range, the options it lets a table change, a line about it
 * (`preset_details`; without it every preset has the game's seats and every option). */
function readDetails(raw, presets, seats) {
  const out = {};
  for (const name of Object.keys(presets)) {
    const d = (raw && raw[name]) || {};
    const range = d.seats ? readSeats({ ...d.seats, default: seats.default }) : seats;
    out[name] = {
      seats: range,
      options: Array.isArray(d.options) ? d.options : null,
      description: d.description || "",
    };
  }
  return out;
}

function readSeats(s = {}) {
  const min = Number.isInteger(s.min) ? s.min : 2;
  const max = Number.isInteger(s.max) && s.max >= min ? s.max : min;
  const wanted = Number.isInteger(s.default) ? s.default : 4;
  return { min, max, default: Math.max(min, Math.min(max, wanted)) };
}

function readOption(o) {
  return {
    name: o.name,
    label: o.label || o.name.replaceAll("_", " "),
    type: o.type,
    values: o.type === "choice" ? [...(o.values || [])] : null,
    min: typeof o.min === "number" ? o.min : null,
    max: typeof o.max === "number" ? o.max : null,
    step: typeof o.step === "number" ? o.step : null,
    default: o.default === undefined ? null : o.default,
    nullable: !!o.nullable || o.default === null,
    help: o.help || "",
  };
}

/** Today's response (Acquire only): each preset's fields are the options; types from values. */
function legacyAcquire(raw) {
  const presets = raw.presets || {};
  const names = Object.keys(presets);
  const first = presets[names[0]] || {};
  const choices = raw.choices || {};
  const options = Object.keys(first).map((key) => {
    const values = names.map((p) => presets[p][key]);
    const sample = values.find((v) => v !== null && v !== undefined);
    let type = "text";
    if (typeof sample === "boolean") type = "bool";
    else if (typeof sample === "number" || sample === undefined) type = "int";
    else if (typeof sample === "string") type = "choice";
    const seen = [...new Set(values.filter((v) => typeof v === "string"))];
    return readOption({
      name: key,
      type,
      values: type === "choice" ? choices[key] || seen : undefined,
      default: first[key],
      nullable: values.includes(null),
    });
  });
  return {
    name: DEFAULT_GAME,
    title: gameTitle(DEFAULT_GAME),
    seats: readSeats(raw.seats),
    presets: names.length ? presets : null,
    preset: names[0] || null,
    options,
    bots: raw.bots || [],
    presetDetails: null,
  };
}
