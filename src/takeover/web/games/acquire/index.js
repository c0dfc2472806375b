// Acquire for the shell: the game module the registry (games/index.js) loads for tables whose
// `game` is "acquire". The contract is in docs/web-client.md.

import { decisionWords } from "./actions.js";
import { learnColours, logLine } from "./events.js";
import { prompts } from "./prompts.js";
import { renderReplay } from "./replay.js";
import { renderScoreSheet } from "./scoresheet.js";
import { AcquireTable } from "./table.js";

export default {
  name: "acquire",
  title: "Acquire",
  stylesheet: new URL("./acquire.css", import.meta.url).href,

  /** Seat names from a view, for when the table's seats are not known. */
  players(view) {
    learnColours(view); // (the replay asks this before it describes a step's events)
    return view.players.map((p) => ({ seat: p.seat, name: p.name }));
  },

  /** Who must decide what now, or null. */
  decision(view) {
    const d = view.decision;
    if (!d) return null;
    return { seat: d.player, kind: d.kind, words: decisionWords(d.kind) };
  },

  prompts,
  describe: logLine,

  createTable(ctx) {
    return new AcquireTable(ctx);
  },

  renderScoreSheet(view, events, ctx) {
    return renderScoreSheet(view, events, ctx.names());
  },

  renderReplay,
};
