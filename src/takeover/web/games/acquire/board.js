// The board: chains in their colours and letters, orphan tiles, dead tiles, the last tile placed, and
// (for the seat to move) the tiles of its hand that it may place now; with a legend that
// draws each kind of cell with the board's own styles.

import { el, isLight } from "../../shell/dom.js";
import { chainLetter } from "./choices.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * @param {object} view the engine's view
 * @param {{placeable?: Map<string, object>, hand?: object[], onPlace?: (a: object) => void}} opts
 *   placeable: tile name -> the legal place_tile action; hand: the view's hand entries (shown
 *   dashed, unplayable ones in red)
 */
export function renderBoard(view, opts = {}) {
  const colours = Object.fromEntries(view.chains.map((c) => [c.name, c.colour]));
  const dead = new Set(view.dead || []);
  const hand = new Map((opts.hand || []).map((h) => [h.tile, h]));
  const placeable = opts.placeable || new Map();
  const grid = el("div", {
    class: "board",
    "aria-label": "board",
    style: { gridTemplateColumns: `1.4em repeat(${view.columns}, 1fr)` },
  });
  grid.appendChild(el("div", { class: "axis" }));
  for (let c = 1; c <= view.columns; c++) grid.appendChild(el("div", { class: "axis", text: c }));
  for (let r = 0; r < view.rows; r++) {
    const letter = LETTERS[r];
    grid.appendChild(el("div", { class: "axis", text: letter }));
    for (let c = 1; c <= view.columns; c++) {
      const name = `${c}${letter}`;
      grid.appendChild(cell(name, view, colours, dead, hand, placeable, opts.onPlace));
    }
  }
  return grid;
}

function cell(name, view, colours, dead, hand, placeable, onPlace) {
  const classes = ["cell"];
  const attrs = { dataset: { tile: name }, title: name };
  const node = el("div", attrs, el("span", { class: "label", text: name }));
  if (name in view.board) {
    const chain = view.board[name];
    if (chain) {
      // The chain's letter, not the cell's name: colour is never the only cue.
      classes.push("chain");
      node.style.background = colours[chain];
      if (isLight(colours[chain])) classes.push("light");
      node.title = `${name}: ${chain}`;
      node.dataset.chain = chain;
      node.firstChild.textContent = chainLetter(chain);
    } else {
      classes.push("orphan");
      node.title = `${name}: no chain`;
    }
  } else if (dead.has(name)) {
    classes.push("dead");
    node.title = `${name}: dead, it can never be placed`;
  } else if (placeable.has(name)) {
    classes.push("placeable");
    node.title = `Place ${name}`;
    node.setAttribute("role", "button");
    node.tabIndex = 0;
    node.addEventListener("click", () => onPlace && onPlace(placeable.get(name)));
  } else if (hand.has(name)) {
    const entry = hand.get(name);
    classes.push("in-hand");
    if (entry.playable === false) classes.push("unplayable");
    node.title = `${name}: in your hand${entry.why ? ` (${entry.why})` : ""}`;
  }
  if (name === view.last_tile) {
    classes.push("last");
    node.title += " (last tile placed)";
  }
  node.className = classes.join(" ");
  return node;
}

/**
 * What the board's cells mean. Each sample is a cell with the board's own classes, so the
 * legend can never drift from the board. `hand`: include the hand's kinds of cell.
 */
export function renderLegend(hand) {
  const entries = [
    ["orphan", "placed, no chain"],
    ["dead", "dead: can never be placed"],
    ["last", "last tile placed"],
  ];
  if (hand) {
    entries.unshift(
      ["placeable", "yours to place now"],
      ["in-hand", "in your hand"],
      ["in-hand unplayable", "in your hand, unplayable"],
    );
  }
  return el(
    "ul",
    { class: "legend", "aria-label": "board legend" },
    entries.map(([cls, text]) =>
      el(
        "li",
        { dataset: { kind: cls.split(" ").join("-") } },
        el("span", { class: `cell sample ${cls}`, "aria-hidden": "true" }),
        el("span", { text }),
      ),
    ),
  );
}
