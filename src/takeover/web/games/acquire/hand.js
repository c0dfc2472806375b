// Your hand: playable tiles highlighted (with what they would do), unplayable ones marked
// with the engine's reason. Only tiles the server lists as legal can be clicked.

import { el } from "../../shell/dom.js";
import { isTouch } from "../../shell/words.js";

const EFFECT = {
  orphan: () => "no chain",
  founds: () => "founds a chain",
  grows: (chains) => `grows ${chains.join(", ")}`,
  merges: (chains) => `merges ${chains.join(" + ")}`,
};

/**
 * @param {object[]} hand the view's hand entries ({tile, playable, effect, chains, why})
 * @param {Map<string, object>} placeable tile name -> legal place_tile action
 * @param {(action: object) => void} onPlace
 * @param {boolean} finished the game is over: the tiles are shown without hints
 */
export function renderHand(hand, placeable, onPlace, finished = false) {
  const list = el("ol", { class: "hand", "aria-label": "your tiles" });
  const touch = isTouch();
  hand.forEach((entry, i) => {
    const legal = placeable.get(entry.tile);
    // once the game is over, what a tile would have done is no longer a hint worth giving
    const effect = finished
      ? "not placed"
      : entry.playable
        ? (EFFECT[entry.effect] || (() => entry.effect || ""))(entry.chains || [])
        : entry.why || "unplayable";
    const classes = ["tile", finished ? "over" : entry.playable ? "playable" : "unplayable"];
    if (legal) classes.push("legal");
    const button = el(
      "button",
      {
        class: classes.join(" "),
        disabled: !legal,
        title: legal
          ? `Place ${entry.tile}${touch ? "" : ` (key ${i + 1})`}: ${effect}`
          : `${entry.tile}: ${effect}`,
        dataset: { tile: entry.tile, key: String(i + 1) },
        onclick: () => legal && onPlace(legal),
      },
      touch ? null : el("span", { class: "key", text: i + 1 }),
      el("strong", { class: "name", text: entry.tile }),
      el("span", { class: "effect", text: effect }),
    );
    list.appendChild(el("li", {}, button));
  });
  if (!hand.length) list.appendChild(el("li", { class: "muted", text: "No tiles." }));
  return list;
}
