// Acquire's events in words, for the game log and the replay (the server's events, already
// redacted for the reader's seat).

import { money } from "../../shell/dom.js";
import { plural } from "../../shell/words.js";
import { chainMark } from "./choices.js";

const colours = new Map();

/** Learn the chains' colours from a view (the log's events name chains, not colours). */
export function learnColours(view) {
  for (const c of (view && view.chains) || []) colours.set(c.name, c.colour);
}

/**
 * One event as a log line: its words, after the mark (letter on colour) of the chain it is
 * about, as on the board (grey until a view has shown the colours); null for an event not
 * worth a line.
 */
export function logLine(e, who) {
  const text = describe(e, who);
  if (!text || !e.chain) return text;
  return [chainMark(e.chain, colours.get(e.chain)), text];
}

function offer(side) {
  if (!side) return "nothing";
  const parts = Object.entries(side.shares || {}).map(([c, n]) => `${n} ${c}`);
  if (side.cash) parts.unshift(money(side.cash));
  return parts.join(" + ") || "nothing";
}

function counted(map) {
  return Object.entries(map || {})
    .map(([chain, n]) => `${n} ${chain}`)
    .join(", ");
}

/**
 * One event in words, or null for an event not worth a line.
 * @param {object} e the event
 * @param {(seat: number) => string} who a seat's display name ("you" for the viewer)
 */
export function describe(e, who) {
  const p = e.player !== undefined && e.player !== null ? who(e.player) : "";
  switch (e.type) {
    case "first_tile_drawn":
      return `${p} drew ${e.tile} for the first turn.`;
    case "turn_order":
      return `Turn order: ${(e.order || []).map(who).join(", ")}.`;
    case "turn_started":
      return `Turn ${e.turn}: ${p}.`;
    case "hand_revealed":
      return `${p} has no playable tile (${(e.tiles || []).join(", ")}).`;
    case "tile_placed":
      return `${p} placed ${e.tile}.`;
    case "chain_founded":
      return (
        `${p} founded ${e.chain} (${plural(e.size, "tile")})` +
        (e.founder_share ? " and took a free founder's share." : ".")
      );
    case "chain_grew":
      return `${e.chain} grew to ${plural(e.size, "tile")}.`;
    case "merger":
      return `${e.tile} merges ${Object.entries(e.chains || {})
        .map(([c, n]) => `${c} (${n})`)
        .join(" and ")}.`;
    case "survivor_chosen":
      return `${e.chain} survives${e.forced ? " (the largest chain)" : ""}.`;
    case "defunct_chosen":
      return `${e.chain} is resolved next.`;
    case "defunct_resolved":
      return `${e.chain} (${plural(e.size, "tile")}) is taken over by ${e.survivor}.`;
    case "bonuses_paid": {
      const paid = (e.paid || [])
        .map((amount, seat) => (amount ? `${who(seat)} ${money(amount)}` : null))
        .filter(Boolean);
      const when = e.reason === "final" ? "Final bonuses" : "Bonuses";
      return `${when} for ${e.chain}: ${paid.join(", ") || "nobody holds shares"}.`;
    }
    case "shares_disposed": {
      const parts = [];
      if (e.sold) parts.push(`sold ${e.sold} ${e.chain} for ${money(e.proceeds)}`);
      if (e.traded) parts.push(`traded ${e.traded} ${e.chain} for ${e.received} ${e.survivor}`);
      if (e.kept) parts.push(`kept ${e.kept} ${e.chain}`);
      return `${p} ${parts.join(", ") || "had nothing to dispose of"}.`;
    }
    case "merger_completed":
      return `Merger complete: ${e.chain} now has ${plural(e.size, "tile")}.`;
    case "shares_bought": {
      const bought = counted(e.shares);
      if (!bought) return e.forced ? null : `${p} bought no shares.`;
      return `${p} bought ${bought} for ${money(e.cost)}.`;
    }
    case "tiles_drawn":
      if (e.tiles) return `${p} drew ${e.tiles.join(", ") || "no tile"}.`;
      return `${p} drew ${e.count === 1 ? "a tile" : plural(e.count, "tile")}.`;
    case "dead_tiles_replaced":
      return (
        `${p} replaced dead tile${(e.dead || []).length === 1 ? "" : "s"} ${(e.dead || []).join(", ")}` +
        (e.tiles ? ` with ${e.tiles.join(", ") || "nothing"}.` : ".")
      );
    case "trade_proposed":
      if (!e.give && !e.get) {
        return `${who(e.from)} offered ${who(e.to)} a trade (its terms are secret to the two of them).`;
      }
      return `${who(e.from)} offers ${who(e.to)} ${offer(e.give)} for ${offer(e.get)}.`;
    case "trade_answered":
      return `${who(e.to)} ${e.accepted ? "accepted" : "declined"} ${who(e.from)}'s offer.`;
    case "end_declared":
      return `${p} declared the end of the game.`;
    case "game_ended":
      return `The game is over${e.reason ? ` (${e.reason})` : ""}.`;
    case "final_sale":
      return `${p} sold every share: ${Object.entries(e.proceeds || {})
        .map(([c, v]) => `${c} ${money(v)}`)
        .join(", ")}.`;
    case "undo":
      return `${p} took actions back: the game is as it was ${e.action_id ? `after move ${e.action_id}` : "at the start"}.`;
    case "final_scores":
      return `Final scores: ${(e.scores || [])
        .map((s, seat) => `${who(seat)} ${money(s)}`)
        .join(", ")}.`;
    default: {
      const rest = Object.entries(e)
        .filter(([k]) => k !== "type")
        .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
      return `${e.type.replaceAll("_", " ")}${rest.length ? ": " + rest.join(", ") : ""}.`;
    }
  }
}

/**
 * The draw for the first turn (rule 4.3) in words, or null (a game begun from a position).
 * @param {object} view a view with `opening` ([{player, tile}] in seat order) and `order`
 * @param {(seat: number) => string} who
 */
export function openingWords(view, who) {
  const drawn = view.opening || [];
  if (!drawn.length || !view.order || !view.order.length) return null;
  const first = view.order[0];
  const tile = (drawn.find((d) => d.player === first) || {}).tile;
  return (
    `Draw for the first turn: ${drawn.map((d) => `${who(d.player)} ${d.tile}`).join(", ")}. ` +
    `${tile} is closest to 1A: ${who(first)} plays first.`
  );
}
