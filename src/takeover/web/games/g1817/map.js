// The 1817 map as SVG, drawn from the view's board (`view.map`, docs/1817.md "The map
// view"): point-up hexes in 1817's coordinates, terrain and fees, cities with their token
// slots, towns, off-boards with their revenue in every phase, laid tiles with their track,
// mine/ranch/bridge markers and impassable borders. Zoom (wheel, pinch, buttons) and pan
// (drag). Hexes carry `data-hex`; the map prompts (mapprompt.js) mark and click them.

import { el } from "../../shell/dom.js";
import { corpColour } from "./data.js";

const NS = "http://www.w3.org/2000/svg";
const S = 50; // centre to corner
const W = Math.sqrt(3) * S; // a hex's width
const TRACK = 0.16 * S;

const FILL = {
  white: "#f5efdc",
  yellow: "#f4dc53",
  green: "#6cb86a",
  brown: "#c48a52",
  gray: "#b8b8b8",
  red: "#d9534f",
  blue: "#8fc3e6",
};
const PHASE_FILL = { yellow: "#f4dc53", green: "#6cb86a", brown: "#c48a52", gray: "#b8b8b8" };

/** An SVG element (presentation attributes only: no style attribute, for the CSP). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) node.appendChild(c);
  return node;
}

// The layout of the map being drawn: `pointy` (1817, 1817NA: point up, letter = row) or
// `flat` (1817WO: flat side up, letter = column); see docs/1817.md.
let pointy = true;

/** Draw the hexes of a map of this layout from now on. */
export function setLayout(layout) {
  pointy = layout !== "flat";
}

/** A hex's centre on the drawing. */
export function centre(h) {
  const letter = h.letter ?? h.row;
  const number = h.number ?? h.column;
  if (pointy) return [(number * W) / 2, letter * 1.5 * S];
  return [letter * 1.5 * S, (number * W) / 2];
}

/** Half the width and height of a hex. */
function halfSize() {
  return pointy ? [W / 2, S] : [S, W / 2];
}

/** The unit vector from a hex's centre towards the middle of edge `e` (pointy: 0 lower
 * left, 1 left, 2 upper left, 3 upper right, 4 right, 5 lower right; flat: 0 bottom, 1
 * lower left, 2 upper left, 3 top, 4 upper right, 5 lower right). */
function edgeDir(e) {
  const a = (((pointy ? 120 : 90) + 60 * e) * Math.PI) / 180;
  return [Math.cos(a), Math.sin(a)];
}

function edgePoint(e) {
  const [x, y] = edgeDir(e);
  return [(x * W) / 2, (y * W) / 2];
}

/** The corners of a hex: corner i + 1 and i + 2 bound edge i. */
function corners() {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (((pointy ? 30 : 0) + 60 * i) * Math.PI) / 180;
    out.push([Math.cos(a) * S, Math.sin(a) * S]);
  }
  return out;
}

function hexPoints() {
  return corners()
    .map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`)
    .join(" ");
}

/** Where each stop (c<i>, t<i>, o<i>, j0) of a hex sits, from the edges joined to it. */
function stopPositions(h) {
  const pos = {};
  const place = (prefix, list, reach) => {
    list.forEach((stop, i) => {
      const exits =
        stop.exits ||
        h.paths
          .filter(([a, b]) => a === `${prefix}${i}` || b === `${prefix}${i}`)
          .map(([a, b]) => (typeof a === "number" ? a : b))
          .filter((e) => typeof e === "number");
      let [x, y] = [0, 0];
      if (list.length + (prefix === "t" ? h.cities.length : 0) > 1) {
        for (const e of exits) {
          const [dx, dy] = edgeDir(e);
          x += dx;
          y += dy;
        }
        const len = Math.hypot(x, y);
        if (len > 0.01) [x, y] = [(x / len) * reach * S, (y / len) * reach * S];
        else [x, y] = [(i - (list.length - 1) / 2) * 0.9 * S, 0];
      }
      pos[`${prefix}${i}`] = [x, y];
    });
  };
  place("c", h.cities || [], 0.45);
  place("t", h.towns || [], 0.5);
  (h.offboards || []).forEach((_, i) => (pos[`o${i}`] = [0, 0]));
  pos.j0 = [0, 0];
  return pos;
}

function endPoint(end, stops) {
  return typeof end === "number" ? edgePoint(end) : stops[end] || [0, 0];
}

function track(h, stops) {
  return (h.paths || []).map(([a, b]) => {
    const [x1, y1] = endPoint(a, stops);
    const [x2, y2] = endPoint(b, stops);
    const d =
      typeof a === "number" && typeof b === "number"
        ? `M${x1.toFixed(1)},${y1.toFixed(1)} Q0,0 ${x2.toFixed(1)},${y2.toFixed(1)}`
        : `M${x1.toFixed(1)},${y1.toFixed(1)} L${x2.toFixed(1)},${y2.toFixed(1)}`;
    return svg("path", { d, class: "track", "stroke-width": TRACK, fill: "none" });
  });
}

/** Slot centres of a city of `n` slots around (0, 0), radius `r`. */
function slotOffsets(n, r) {
  if (n <= 1) return [[0, 0]];
  if (n === 2) return [[-r, 0], [r, 0]];
  if (n === 3) return [[-r, r * 0.6], [r, r * 0.6], [0, -r * 1.1]];
  return [[-r, -r], [r, -r], [-r, r], [r, r]].slice(0, n);
}

function city(c, [x, y], hexId) {
  const n = c.slots.length || 1;
  const r = n === 1 ? 0.25 * S : 0.2 * S;
  const offsets = slotOffsets(n, r);
  const back =
    n === 1
      ? svg("circle", { r: r + 1.5, class: "city-back" })
      : n === 2
        ? svg("rect", { x: -2 * r - 1.5, y: -r - 1.5, width: 4 * r + 3, height: 2 * r + 3, rx: r + 1.5, class: "city-back" })
        : svg("circle", { r: r * 2.05, class: "city-back" });
  const slots = offsets.map(([dx, dy], i) => {
    const sym = c.slots[i];
    return svg(
      "g",
      {
        class: `slot${sym ? " token" : ""}`,
        transform: `translate(${dx.toFixed(1)},${dy.toFixed(1)})`,
        dataset: { city: c.id, slot: i, hex: hexId, corp: sym || "" },
      },
      svg("circle", { r, class: "slot-circle", fill: sym ? corpColour(sym) : "#fff" }),
      sym
        ? svg("text", {
            class: "token-text",
            "font-size": (sym.length > 3 ? 0.55 : 0.75) * r,
            fill: isLightColour(corpColour(sym)) ? "#111" : "#fff",
            text: sym,
          })
        : null,
      sym ? svg("title", { text: sym }) : null,
    );
  });
  return svg("g", { class: "city", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, back, slots);
}

function isLightColour(colour) {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((v) => parseInt(v, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

function revenueBubble(value, [x, y]) {
  if (!value) return null;
  return svg(
    "g",
    { class: "revenue", transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    svg("circle", { r: 0.18 * S }),
    svg("text", { "font-size": 0.22 * S, text: value }),
  );
}

function offboardRevenues(o) {
  const entries = Array.isArray(o.revenues)
    ? o.revenues
    : Object.entries(o.revenues || {}).filter(([k]) => PHASE_FILL[k]);
  const bw = 0.36 * S;
  const x0 = (-bw * entries.length) / 2;
  return svg(
    "g",
    { class: "offboard-revenues", transform: `translate(0,${(-0.12 * S).toFixed(1)})` },
    entries.map(([colour, value], i) =>
      svg(
        "g",
        { transform: `translate(${(x0 + i * bw).toFixed(1)},0)` },
        svg("rect", { width: bw, height: 0.3 * S, fill: PHASE_FILL[colour] || "#eee", class: "rev-box" }),
        svg("text", { x: bw / 2, y: 0.16 * S, "font-size": 0.2 * S, text: value }),
      ),
    ),
  );
}

function terrainMark(h, [x, y]) {
  const kind = h.terrain || "";
  const icon =
    kind === "mountain"
      ? svg("path", { d: "M-9,5 L0,-9 L9,5 Z", class: "mountain" })
      : svg("path", { d: "M-9,-2 q4.5,-5 9,0 t9,0 M-9,4 q4.5,-5 9,0 t9,0", class: `water ${kind}`, fill: "none" });
  return svg(
    "g",
    { class: `terrain terrain-${kind}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    icon,
    svg("text", { y: 16, "font-size": 0.2 * S, text: `$${h.fee}` }),
  );
}

function markers(h) {
  return (h.markers || []).map((m, i) =>
    svg(
      "g",
      { class: `marker marker-${m}`, transform: `translate(${(0.38 * S).toFixed(1)},${(0.28 * S + i * 13).toFixed(1)})` },
      svg("rect", { x: -17, y: -6, width: 34, height: 12, rx: 3 }),
      svg("text", { "font-size": 9, text: m }),
    ),
  );
}

function borders(h) {
  return (h.borders || []).map(([e, type]) => {
    const c = corners();
    // edge e lies between the corners at angles 90+60e and 150+60e
    const a = c[(e + 1) % 6];
    const b = c[(e + 2) % 6];
    return svg("line", {
      x1: a[0].toFixed(1),
      y1: a[1].toFixed(1),
      x2: b[0].toFixed(1),
      y2: b[1].toFixed(1),
      class: `border border-${type || "water"}`,
    });
  });
}

/** One hex, translated to its place. */
export function drawHex(h) {
  const [cx, cy] = centre(h);
  const stops = stopPositions(h);
  const cityNodes = (h.cities || []).map((c, i) => city(c, stops[`c${i}`], h.id));
  const towns = (h.towns || []).map((t, i) => {
    const [x, y] = stops[`t${i}`];
    return svg("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 0.1 * S, class: "town" });
  });
  const spots = new Spots(h, stops);
  const revenues = [
    ...(h.cities || []).map((c, i) => {
      const [x, y] = stops[`c${i}`];
      const single = h.cities.length === 1 && !(h.towns || []).length;
      const wide = c.slots.length > 2;
      // a city of several slots is wider: its revenue sits further out
      const first = single
        ? c.slots.length > 1
          ? [(wide ? 0.66 : 0.6) * S, (wide ? -0.56 : -0.52) * S]
          : [0.45 * S, -0.42 * S]
        : [x + 0.28 * S, y - 0.3 * S];
      const around = [[0.5, 0], [-0.5, 0], [0, -0.5], [0, 0.5], [0.42, 0.42], [-0.42, -0.42], [0.42, -0.42], [-0.42, 0.42]].map(([dx, dy]) => [x + dx * S, y + dy * S]);
      return c.revenue ? revenueBubble(c.revenue, spots.take([first, ...around], 0.19 * S, 0.19 * S)) : null;
    }),
    ...(h.towns || []).map((t, i) => {
      const [x, y] = stops[`t${i}`];
      return t.revenue ? revenueBubble(t.revenue, spots.take([[x + 0.25 * S, y - 0.2 * S], [x - 0.25 * S, y + 0.2 * S]], 0.19 * S, 0.19 * S)) : null;
    }),
  ];
  const label = h.label
    ? svg("text", {
        class: "hex-label",
        ...xy(spots.take(LABEL_SPOTS, h.label.length * 0.08 * S, 0.15 * S)),
        "font-size": 0.24 * S,
        text: h.label,
      })
    : null;
  const terrain = h.fee ? terrainMark(h, spots.take(TERRAIN_SPOTS, 0.27 * S, 0.34 * S, 0.13 * S)) : null;
  const name = h.name
    ? svg("text", {
        class: "hex-name",
        ...xy(spots.take(NAME_SPOTS, h.name.length * 0.33 * nameSize(h.name), 0.62 * nameSize(h.name))),
        "font-size": nameSize(h.name),
        text: h.name,
      })
    : null;
  const title = [h.id, h.name, h.tile ? `tile ${h.tile.name}` : null, h.fee ? `$${h.fee} ${h.terrain}` : null]
    .filter(Boolean)
    .join(" · ");
  return svg(
    "g",
    {
      class: `hex hex-${h.color}`,
      transform: `translate(${cx.toFixed(1)},${cy.toFixed(1)})`,
      dataset: { hex: h.id, tile: h.tile ? h.tile.id : "" },
    },
    svg("title", { text: title }),
    svg("polygon", { points: hexPoints(), fill: FILL[h.color] || "#eee", class: "hex-shape" }),
    borders(h),
    track(h, stops),
    (h.offboards || []).map((o) => offboardRevenues(o)),
    towns,
    cityNodes,
    revenues,
    terrain,
    markers(h),
    label,
    name,
    svg("text", { class: "hex-id", y: (-0.74 * S).toFixed(1), "font-size": 0.13 * S, text: h.id }),
  );
}

const LABEL_SPOTS = [[-0.56, 0.2], [-0.56, -0.3], [0.56, 0.2], [0.56, -0.3], [-0.62, 0], [0.62, 0], [0, -0.5]].map(([x, y]) => [x * S, y * S]);
const TERRAIN_SPOTS = [[-0.42, -0.3], [0.42, 0.3], [-0.42, 0.3], [0.42, -0.3], [0, -0.55]].map(([x, y]) => [x * S, y * S]);
const NAME_SPOTS = [
  [0, 0.56], [0, -0.5], [0, 0.7], [0.25, 0.62], [-0.25, 0.62], [0.3, -0.55], [-0.3, -0.55],
  [0.42, 0.22], [-0.42, -0.22], [0.42, -0.22], [-0.42, 0.22], [0, 0.1],
].map(([x, y]) => [x * S, y * S]);

function xy([x, y]) {
  return { x: x.toFixed(1), y: y.toFixed(1) };
}

/** Where a hex's words and marks go: the first of their candidate places that overlaps none
 * of the hex's cities and towns or what was placed before (else the first), so that no label
 * hides another (New York's two cities, its label, its water and its name). */
class Spots {
  constructor(h, stops) {
    this.taken = [
      ...(h.cities || []).map((c, i) => {
        const n = c.slots.length || 1;
        const [hw, hh] = n === 1 ? [0.3, 0.3] : n === 2 ? [0.45, 0.25] : [0.45, 0.45];
        return box(stops[`c${i}`], hw * S, hh * S);
      }),
      ...(h.towns || []).map((_, i) => box(stops[`t${i}`], 0.12 * S, 0.12 * S)),
      box([0, -0.74 * S], 0.16 * S, 0.09 * S), // the hex's id
    ];
  }

  /** The first free place among `candidates` for a box of half-sizes `hw`, `hh` whose
   * centre is `dy` below the place; the place is taken. */
  take(candidates, hw, hh, dy = 0) {
    const clash = (at) => {
      const mine = box([at[0], at[1] + dy], hw, hh);
      return this.taken.reduce((sum, t) => sum + overlap(t, mine), 0);
    };
    let at = candidates[0];
    let least = clash(at);
    for (const c of candidates.slice(1)) {
      if (least === 0) break;
      const area = clash(c);
      if (area < least) [at, least] = [c, area];
    }
    this.taken.push(box([at[0], at[1] + dy], hw, hh));
    return at;
  }
}

function box([x, y], hw, hh) {
  return [x - hw, y - hh, x + hw, y + hh];
}

function overlap(a, b) {
  return Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
}

/** A city's name as large as the hex's width allows (a long name gets a smaller size). */
function nameSize(name) {
  return Math.min(0.22 * S, (1.75 * S) / (0.56 * name.length));
}

/** The map's extent on the drawing: [x, y, width, height]. */
function extent(hexes) {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  const [hw, hh] = halfSize();
  for (const h of hexes) {
    const [x, y] = centre(h);
    x0 = Math.min(x0, x - hw);
    x1 = Math.max(x1, x + hw);
    y0 = Math.min(y0, y - hh);
    y1 = Math.max(y1, y + hh);
  }
  const pad = 0.2 * S; // a long name at the edge stays on the drawing
  return [x0 - pad, y0 - 4, x1 - x0 + 2 * pad, y1 - y0 + 8];
}

/** The map panel: an SVG with zoom and pan, redrawn from each view. */
export class MapView {
  constructor() {
    this.box = null; // the current viewBox [x, y, w, h]
    this.full = null;
    this.pointers = new Map();
    this.layer = svg("g", { class: "hexes" });
    this.overlay = svg("g", { class: "overlay" });
    this.svg = svg("svg", { class: "map-svg", role: "img", "aria-label": "map" }, this.layer, this.overlay);
    this.onHex = null;
    const zoomIn = el("button", { type: "button", class: "small", title: "Zoom in", onclick: () => this.zoom(1 / 1.4) }, "+");
    const zoomOut = el("button", { type: "button", class: "small", title: "Zoom out", onclick: () => this.zoom(1.4) }, "−");
    const fit = el("button", { type: "button", class: "small", title: "The whole map", onclick: () => this.fit() }, "Fit");
    const wide = el(
      "button",
      {
        type: "button",
        class: "small map-wide-toggle",
        title: "The map across the whole page (the other panels below it)",
        onclick: () => {
          const layout = this.node.closest(".layout");
          if (layout) wide.textContent = layout.classList.toggle("map-wide") ? "Narrower" : "Wider";
        },
      },
      "Wider",
    );
    this.tools = el("div", { class: "map-tools" }, zoomIn, zoomOut, fit, wide);
    // the tools sit above the drawing, so that they never hide a hex
    this.node = el("div", { class: "map" }, this.tools, this.svg);
    this.empty = el("p", { class: "muted map-empty", text: "This position has no map to draw." });
    this.listen();
  }

  update(view) {
    const map = view && view.map;
    this.overlay.replaceChildren();
    if (!map || !(map.hexes || []).length) {
      this.node.replaceChildren(this.empty);
      this.drawn = null;
      return;
    }
    if (this.empty.parentNode) this.node.replaceChildren(this.tools, this.svg);
    setLayout(map.layout);
    this.layer.replaceChildren(...map.hexes.map(drawHex));
    this.hexes = new Map(map.hexes.map((h) => [h.id, h]));
    const full = extent(map.hexes);
    if (!this.full || this.full.join() !== full.join()) {
      this.full = full;
      this.svg.style.aspectRatio = `${full[2].toFixed(0)} / ${full[3].toFixed(0)}`;
      this.fit();
    }
    this.drawn = map;
  }

  /** The hex node of `id`. */
  hexNode(id) {
    return this.layer.querySelector(`[data-hex="${CSS.escape(id)}"].hex`);
  }

  /** Centre the drawing on hex `id`, close enough to see its track (zooming in only). */
  focus(id) {
    const h = this.hexes && this.hexes.get(id);
    if (!h || !this.box) return;
    const [x, y] = centre(h);
    const [, , w, hgt] = this.box;
    const f = Math.min(1, (W * 7) / w);
    this.setBox([x - (w * f) / 2, y - (hgt * f) / 2, w * f, hgt * f]);
  }

  /** Show the hexes `ids` (with a hex of margin), zooming in only as far as seven hexes. */
  fitHexes(ids) {
    const hexes = ids.map((id) => this.hexes && this.hexes.get(id)).filter(Boolean);
    if (!hexes.length || !this.full) return;
    const [x, y, w, h] = extent(hexes);
    const [, , fw, fh] = this.full;
    const width = Math.min(fw, Math.max(w + 2 * W, W * 7));
    const height = Math.min(fh, Math.max(h + 2 * S, (width * fh) / fw));
    this.setBox([x + w / 2 - width / 2, y + h / 2 - height / 2, width, height]);
  }

  fit() {
    if (!this.full) return;
    this.setBox([...this.full]);
  }

  setBox(box) {
    this.box = box;
    this.svg.setAttribute("viewBox", box.map((v) => v.toFixed(1)).join(" "));
  }

  /** Zoom by `factor` (< 1 zooms in) around a point of the drawing (default: the middle). */
  zoom(factor, at) {
    if (!this.box) return;
    const [x, y, w, h] = this.box;
    const [px, py] = at || [x + w / 2, y + h / 2];
    const maxW = this.full[2] * 1.5;
    const nw = Math.min(maxW, Math.max(W * 2.5, w * factor));
    const f = nw / w;
    this.setBox([px - (px - x) * f, py - (py - y) * f, w * f, h * f]);
  }

  /** A client point as a point of the drawing. */
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [x, y, w, h] = this.box;
    // preserveAspectRatio xMidYMid meet: one scale, centred
    const scale = Math.max(w / r.width, h / r.height);
    const ox = (r.width * scale - w) / 2;
    const oy = (r.height * scale - h) / 2;
    return [x - ox + (clientX - r.left) * scale, y - oy + (clientY - r.top) * scale];
  }

  listen() {
    const s = this.svg;
    s.addEventListener(
      "wheel",
      (e) => {
        if (!this.box) return;
        e.preventDefault();
        this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, this.toMap(e.clientX, e.clientY));
      },
      { passive: false },
    );
    s.addEventListener("pointerdown", (e) => {
      if (!this.box) return;
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      this.moved = 0;
      this.pinch = null;
    });
    s.addEventListener("pointermove", (e) => {
      const last = this.pointers.get(e.pointerId);
      if (!last || !this.box) return;
      const now = [e.clientX, e.clientY];
      if (this.pointers.size === 1) {
        const [a, b] = this.toMap(...last);
        const [c, d] = this.toMap(...now);
        this.moved += Math.hypot(now[0] - last[0], now[1] - last[1]);
        if (this.moved > 4) {
          s.classList.add("dragging");
          if (!s.hasPointerCapture(e.pointerId)) s.setPointerCapture(e.pointerId);
          const [x, y, w, h] = this.box;
          this.setBox([x - (c - a), y - (d - b), w, h]);
        }
      } else if (this.pointers.size === 2) {
        const other = [...this.pointers].find(([id]) => id !== e.pointerId)[1];
        const before = Math.hypot(last[0] - other[0], last[1] - other[1]);
        const after = Math.hypot(now[0] - other[0], now[1] - other[1]);
        if (before > 0 && after > 0) {
          const mid = this.toMap((now[0] + other[0]) / 2, (now[1] + other[1]) / 2);
          this.zoom(before / after, mid);
        }
        this.moved += 10;
      }
      this.pointers.set(e.pointerId, now);
    });
    const up = (e) => {
      const wasDrag = this.moved > 4;
      this.pointers.delete(e.pointerId);
      s.classList.remove("dragging");
      if (e.type === "pointerup" && !wasDrag && this.onHex) {
        const slot = e.target.closest && e.target.closest(".slot");
        const hex = e.target.closest && e.target.closest(".hex");
        if (hex)
          this.onHex(
            hex.dataset.hex,
            slot ? slot.dataset.city : null,
            slot ? Number(slot.dataset.slot) : null,
          );
      }
      if (!this.pointers.size) this.moved = 0;
    };
    s.addEventListener("pointerup", up);
    s.addEventListener("pointercancel", up);
  }

  destroy() {
    this.pointers.clear();
  }
}
