// The map's decisions, from the legal actions the server listed: a tile lay (choose a hex on
// the map, then one of its legal tiles, turned among its legal rotations only, previewed on
// the map), a token (a highlighted city slot, or a button), routes (the listed runs drawn on
// the map). Nothing here decides what is legal.

import { el, money } from "../../shell/dom.js";
import { choiceButton, keyCap } from "../../shell/prompt.js";
import { clickWord } from "../../shell/words.js";
import { centre, drawHex, svg } from "./map.js";
import { cityHex, companyName, hexLabel } from "./common.js";
import { mapLink } from "./maplink.js";
import { routeEditor } from "./routes.js";

/** "57" from the tile copy "57-0". */
export function tileName(copy) {
  const s = String(copy);
  const i = s.lastIndexOf("-");
  return i > 0 ? s.slice(0, i) : s;
}

function rotateEnd(end, rotation) {
  return typeof end === "number" ? (end + rotation) % 6 : end;
}

/** A hex of the map view as it would be after laying `tile` (the view's `tiles`) there. */
export function laidHex(hex, design, name, rotation) {
  const paths = design.paths.map(([a, b]) => [rotateEnd(a, rotation), rotateEnd(b, rotation)]);
  const old = hex.cities || [];
  const cities = design.cities.map((c, i) => ({
    index: i,
    id: `preview-${i}`,
    slots: Array.from({ length: c.slots }, (_, k) => ((old[i] || {}).slots || [])[k] || null),
    revenue: c.revenue,
    exits: paths
      .filter(([a, b]) => a === `c${i}` || b === `c${i}`)
      .map(([a, b]) => (typeof a === "number" ? a : b))
      .filter((e) => typeof e === "number"),
  }));
  return {
    ...hex,
    color: design.color,
    tile: { name, id: `${name}-preview`, rotation },
    paths,
    cities,
    towns: design.towns.map((t, i) => ({ index: i, revenue: t.revenue })),
    offboards: [],
    junction: design.junction,
    label: design.label || hex.label,
    fee: 0,
  };
}

/** The rotations of one tile on one hex that draw differently, the first of each (a straight
 * track drawn at rotations 0 and 3 is one choice): what a rotation draws is its design's
 * paths turned, each path's ends in order; a choice is never lost, only a look-alike. */
function distinctDrawings(list, designs) {
  const seen = new Set();
  return list.filter((action) => {
    const design = designs[tileName(action.tile)];
    if (!design) return true;
    const look = design.paths
      .map((ends) => ends.map((end) => String(rotateEnd(end, action.rotation))).sort().join("-"))
      .sort()
      .join("|");
    if (seen.has(look)) return false;
    seen.add(look);
    return true;
  });
}

/** A small drawing of one tile design at a rotation, for the tile picker. */
function tileIcon(design, name, rotation) {
  const blank = { id: name, letter: 0, number: 0, name: "", borders: [], markers: [] };
  const hex = laidHex(blank, design, name, rotation);
  const g = drawHex(hex);
  return svg("svg", { class: "tile-icon", viewBox: "-50 -50 100 100", width: 56, height: 56 }, g);
}

const hexName = hexLabel;

/** " (A&S pays $40: terrain $20 + second lay $20)", from the engine's lay costs (the view's
 * `lay_costs`: the lay's fee and each hex's total where terrain adds to it). */
function layCostWords(view, hexId) {
  const c = view.lay_costs;
  if (!c) return "";
  const total = Object.hasOwn(c.hexes, hexId) ? c.hexes[hexId] : c.fee;
  if (!total) return ", free";
  const parts = [];
  if (total > c.fee) parts.push(`terrain ${money(total - c.fee)}`);
  if (c.fee) parts.push(`${c.second ? "second lay" : "lay"} ${money(c.fee)}`);
  return ` (${c.payer} pays ${money(total)}: ${parts.join(" + ")})`;
}

function layWidget(prompt, options, view) {
  const scratch = prompt.scratch;
  const byHex = new Map();
  for (const { action } of options) {
    if (!byHex.has(action.hex)) byHex.set(action.hex, new Map());
    const tiles = byHex.get(action.hex);
    // a private's special lay (a mine, a ranch) is a choice of its own
    const key = action.entity_type === "company" ? `${tileName(action.tile)}|${action.entity}` : tileName(action.tile);
    if (!tiles.has(key)) tiles.set(key, []);
    tiles.get(key).push(action);
  }
  const box = el("div", { class: "choices w-lay_tile lay-box" });
  const hexes = new Map(((view.map && view.map.hexes) || []).map((h) => [h.id, h]));
  const designs = view.tiles || {};
  for (const tiles of byHex.values()) {
    for (const [key, list] of tiles) tiles.set(key, distinctDrawings(list, designs));
  }

  const preview = () => {
    const map = mapLink.map;
    if (!map) return;
    map.overlay.replaceChildren();
    map.svg.querySelectorAll(".hex.chosen").forEach((n) => n.classList.remove("chosen"));
    const action = chosenAction();
    if (!scratch.layHex) return;
    map.hexNode(scratch.layHex)?.classList.add("chosen");
    const hex = hexes.get(scratch.layHex);
    if (!action || !hex || !designs[tileName(action.tile)]) return;
    const name = tileName(action.tile);
    const drawn = drawHex(laidHex(hex, designs[name], name, action.rotation));
    drawn.classList.add("preview");
    map.overlay.appendChild(drawn);
  };

  const chosenAction = () => {
    const tiles = byHex.get(scratch.layHex);
    if (!tiles) return null;
    const list = tiles.get(scratch.layTile);
    if (!list) return null;
    return list[(scratch.layTurn || 0) % list.length];
  };

  const rotate = () => {
    scratch.layTurn = (scratch.layTurn || 0) + 1;
    draw();
    preview();
  };

  const draw = () => {
    const tiles = byHex.get(scratch.layHex);
    for (const key of ["r", "Enter", "Escape", "1", "2", "3", "4", "5", "6", "7", "8", "9"])
      prompt.keys.delete(key);
    if (!tiles) {
      box.replaceChildren(
        el("p", {
          class: "hint",
          text: `Lay track: ${clickWord()} a highlighted hex on the map (${byHex.size} possible), or choose one here.`,
        }),
        el(
          "div",
          { class: "row lay-hexes" },
          [...byHex.keys()].map((id) =>
            el("button", { type: "button", class: "small", dataset: { hex: id }, onclick: () => pick(id) }, hexName(view, id)),
          ),
        ),
      );
      return;
    }
    if (!tiles.has(scratch.layTile)) {
      scratch.layTile = tiles.keys().next().value;
      scratch.layTurn = 0;
    }
    const action = chosenAction();
    const list = tiles.get(scratch.layTile);
    const fee = layCostWords(view, scratch.layHex);
    const lay = choiceButton(prompt, "Lay this tile", action, { key: "Enter", cls: "primary lay-send" });
    prompt.keys.set("Escape", () => {
      scratch.layHex = null;
      draw();
      preview();
    });
    if (list.length > 1) prompt.keys.set("r", rotate);
    box.replaceChildren(
      el("p", { class: "hint lay-cost", text: `Lay on ${hexName(view, scratch.layHex)}${fee}: choose a tile` }),
      el(
        "div",
        { class: "row tile-picker" },
        [...tiles].map(([key, actions], i) => {
          const name = tileName(actions[0].tile);
          const by = actions[0].entity_type === "company" ? companyName(view, actions[0].entity) : null;
          const design = designs[name];
          const choose = () => {
            scratch.layTile = key;
            scratch.layTurn = 0;
            draw();
            preview();
          };
          if (i < 9) prompt.keys.set(String(i + 1), choose); // 1-9 pick a tile
          return el(
            "button",
            {
              type: "button",
              class: `tile-choice${key === scratch.layTile ? " chosen" : ""}`,
              dataset: { tile: name, by: by || "" },
              title: `tile ${name}${by ? ` with ${by}` : ""}: ${actions.length} legal ${actions.length === 1 ? "rotation" : "rotations"}`,
              onclick: choose,
            },
            design ? tileIcon(design, name, actions[0].rotation) : null,
            el("span", { text: `#${name}` }, i < 9 ? keyCap(String(i + 1)) : null),
            by ? el("small", { class: "tile-by", text: by }) : null,
          );
        }),
      ),
      el(
        "div",
        { class: "row" },
        el(
          "button",
          { type: "button", class: "rotate", disabled: list.length < 2, onclick: rotate },
          `Rotate (${((scratch.layTurn || 0) % list.length) + 1} of ${list.length})`,
          list.length > 1 ? keyCap("r") : null,
        ),
        lay,
        el(
          "button",
          {
            type: "button",
            class: "small",
            onclick: () => {
              scratch.layHex = null;
              draw();
              preview();
            },
          },
          "Another hex",
        ),
      ),
    );
  };

  const pick = (id) => {
    if (!byHex.has(id)) return;
    if (scratch.layHex !== id) {
      scratch.layHex = id;
      scratch.layTile = null;
      scratch.layTurn = 0;
      if (mapLink.map) mapLink.map.focus(id);
    } else if (tileCount(id) === 1 && (byHex.get(id).values().next().value || []).length > 1) {
      scratch.layTurn = (scratch.layTurn || 0) + 1; // a second click on the hex turns the tile
    }
    draw();
    preview();
  };
  const tileCount = (id) => byHex.get(id).size;

  mapLink.onPick = (hex) => pick(hex);
  mapLink.fresh = true;
  mapLink.after = preview;
  if (byHex.size === 1 && scratch.layHex === undefined) scratch.layHex = byHex.keys().next().value;
  draw();
  return box;
}

function tokenWidget(prompt, options, view) {
  const sym = options[0].action.entity;
  const byCity = new Map(options.map(({ action }) => [`${action.city}/${Number(action.slot) || 0}`, action]));
  mapLink.onPick = (hex, city, slot) => {
    const action = byCity.get(`${city}/${slot || 0}`) || options.find((o) => o.action.city === city)?.action;
    if (action) prompt.act(action);
  };
  mapLink.fresh = true;
  return el(
    "div",
    { class: "choices w-place_token" },
    el("p", { class: "hint", text: `Place ${sym}'s token: ${clickWord()} a highlighted city on the map, or:` }),
    options.map(({ action }) => choiceButton(prompt, tokenPlace(view, options, action), action, {})),
  );
}

/** "New York (E22)", told apart from another choice in the same hex by its city ("city 2")
 * or, in the same city, by its slot. */
function tokenPlace(view, options, action) {
  const hex = cityHex(view, action.city);
  const same = options.map((o) => o.action).filter((a) => cityHex(view, a.city) === hex);
  const words = hexName(view, hex);
  if (same.length < 2) return words;
  if (new Set(same.map((a) => a.city)).size > 1) return `${words}, city ${Number(String(action.city).split("-").pop()) + 1}`;
  return `${words}, slot ${(Number(action.slot) || 0) + 1}`;
}

function removeTokenWidget(prompt, options, view) {
  // a merger's or acquisition's survivor gives tokens back (rule 5.7): its own or the
  // other's, in a hex both hold first; the server lists which
  const sym = options[0].action.entity;
  const byCity = new Map(options.map(({ action }) => [`${action.city}/${Number(action.slot) || 0}`, action]));
  mapLink.onPick = (hex, city, slot) => {
    const action = byCity.get(`${city}/${slot || 0}`);
    if (action) prompt.act(action);
  };
  mapLink.fresh = true;
  const owner = (city, slot) => {
    const hex = cityHex(view, city);
    const found = ((view.map && view.map.hexes) || [])
      .flatMap((h) => h.cities || [])
      .find((c) => c.id === city);
    return { where: hexName(view, hex), corp: found ? found.slots[slot] : null };
  };
  return el(
    "div",
    { class: "choices w-remove_token" },
    el("p", {
      class: "hint",
      text: `${sym} must give tokens back (no two in one hex, at most 8 placed): ${clickWord()} a highlighted token on the map, or:`,
    }),
    options.map(({ action }) => {
      const { where, corp } = owner(action.city, Number(action.slot) || 0);
      return choiceButton(prompt, `Remove ${corp ? `${corp}'s` : "the"} token in ${where}`, action, {});
    }),
  );
}

/** Draw runs (the 18xx.games form: each route's `connections`, lists of hexes) on the map. */
export function drawRoutes(map, routes, hexes) {
  const colours = ["#e4572e", "#2e86ab", "#76b041", "#9b5de5", "#f18f01", "#c70d3a"];
  routes.forEach((route, i) => {
    for (const connection of route.connections || []) {
      const points = connection
        .map((id) => hexes.get(id))
        .filter(Boolean)
        .map((h) => centre(h).map((v) => v.toFixed(1)).join(","));
      if (points.length > 1)
        map.overlay.appendChild(
          svg("polyline", {
            points: points.join(" "),
            class: "route-line",
            stroke: colours[i % colours.length],
            dataset: { train: route.train },
          }),
        );
    }
  });
}

function routeWidget(prompt, options, view) {
  // the engine lists its best set (the run with most routes) and running none; the best set
  // is where the editor starts, and the person may change it (the server checks)
  const suggested = options
    .map((o) => o.action)
    .reduce((a, b) => ((b.routes || []).length > (a.routes || []).length ? b : a));
  const none = options.find((o) => !(o.action.routes || []).length);
  return el(
    "div",
    { class: "choices w-run_routes" },
    routeEditor({
      view,
      sym: suggested.entity,
      act: (action) => prompt.act(action),
      scratch: prompt.scratch,
      suggested: (suggested.routes || []).length ? suggested : null,
      none: none ? none.action : null,
    }),
  );
}

export const mapPrompts = {
  lay_tile: layWidget,
  place_token: tokenWidget,
  remove_token: removeTokenWidget,
  run_routes: routeWidget,
};


