// The analysis board in the replay viewer: a finished game's analysis (GET
// /api/games/{id}/analysis, docs/server-protocol.md), read as it grows. It draws every seat's
// win probability (1817: expected place) along the game as an SVG graph (a click jumps to the
// nearest appraised move), lists the costly decisions (each a link to its move), and says
// beside the move shown what the bot would have done. While the server is still analysing,
// it shows how far it is and asks for the new decisions every few seconds.

import { api } from "./api.js";
import { el, replace } from "./dom.js";

const POLL_MS = 2000;
const WIDTH = 1000;
const HEIGHT = 160;
const PAD = 8;
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

function percent(v) {
  return `${Math.round(v * 100)}%`;
}

export class AnalysisPanel {
  /** `jump(step)` moves the viewer; `names()` gives the seats' names. */
  constructor(gameId, jump, names) {
    this.gameId = gameId;
    this.jump = jump;
    this.seatNames = names;
    this.doc = null; // the analysis so far
    this.byStep = new Map();
    this.step = 0;
    this.timer = null;
    this.stopped = false;
    this.status = el("p", { class: "analysis-status muted", text: "Analysis: asking the server…" });
    this.graph = svg("svg", {
      class: "analysis-graph",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      preserveAspectRatio: "none",
      role: "img",
      "aria-label": "each player's chances along the game",
    });
    this.graph.addEventListener("click", (event) => this.clicked(event));
    this.legend = el("div", { class: "analysis-legend" });
    this.costly = el("ol", { class: "costly-list" });
    this.choice = el("p", { class: "bot-choice" });
    this.node = el(
      "section",
      { class: "analysis" },
      el("h2", { text: "Analysis" }),
      this.status,
      this.graph,
      this.legend,
      el(
        "details",
        { class: "costly-box", open: true },
        el("summary", { text: "Costly decisions" }),
        this.costly,
      ),
    );
    this.poll();
  }

  destroy() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async poll() {
    const since = this.doc ? this.doc.decisions.reduce((m, d) => Math.max(m, d.step), 0) : 0;
    let answer;
    try {
      answer = await api.analysis(this.gameId, since);
    } catch (err) {
      if (err.code === "not_found" || err.code === "conflict") {
        this.node.hidden = true; // an imported game, or one not finished: nothing to analyse
        return;
      }
      this.status.textContent = `Analysis: ${err.message}`;
      this.later(POLL_MS * 2);
      return;
    }
    if (this.stopped) return;
    this.merge(answer);
    if (["queued", "running", "busy"].includes(answer.status)) this.later(POLL_MS);
  }

  later(ms) {
    if (!this.stopped) this.timer = setTimeout(() => this.poll(), ms);
  }

  merge(answer) {
    const before = this.doc ? this.doc.decisions : [];
    const known = new Set(before.map((d) => d.step));
    const added = (answer.decisions || []).filter((d) => !known.has(d.step));
    this.doc = { ...answer, decisions: before.concat(added) };
    for (const d of added) this.byStep.set(d.step, d);
    this.node.dataset.status = answer.status;
    this.node.dataset.decisions = String(this.doc.decisions.length);
    this.status.textContent = this.words(answer);
    this.draw();
    this.show(this.step);
  }

  words(answer) {
    const unit = answer.measure === "rank" ? "expected place (100%: first)" : "chance of winning";
    const by = answer.analyser ? ` by ${answer.analyser}` : "";
    switch (answer.status) {
      case "done":
        return `Analysis${by}: ${this.doc.decisions.length} decisions; the graph: each player's ${unit}.`;
      case "running":
        return `Analysing${by}: move ${answer.done} of ${answer.total}…`;
      case "queued":
        return "Analysis: waiting for its turn…";
      case "busy":
        return "Analysis: the server is busy; asking again…";
      case "off":
        return "This server does not analyse games.";
      default:
        return "The analysis of this game failed.";
    }
  }

  names() {
    const names = this.seatNames();
    return names.length ? names : (this.doc && this.doc.players) || [];
  }

  x(step) {
    const total = Math.max(1, (this.doc && this.doc.total) || 1);
    return (step / total) * WIDTH;
  }

  y(value) {
    return PAD + (1 - value) * (HEIGHT - 2 * PAD);
  }

  draw() {
    const decisions = this.doc.decisions;
    const seats = decisions.length ? decisions[0].seats.length : 0;
    const names = this.names();
    const half = this.y(0.5);
    const parts = [svg("line", { class: "half", x1: 0, x2: WIDTH, y1: half, y2: half })];
    for (let s = 0; s < seats; s++) {
      const points = decisions.map(
        (d) => `${this.x(d.step).toFixed(1)},${this.y(d.seats[s]).toFixed(1)}`,
      );
      parts.push(svg("polyline", { class: `seat-line seat-${s % 8}`, points: points.join(" ") }));
    }
    for (const d of decisions) {
      if (!d.costly) continue;
      const mark = svg("circle", {
        class: `costly seat-${d.seat % 8}`,
        cx: this.x(d.step).toFixed(1),
        cy: this.y(d.after).toFixed(1),
        r: 7,
        "data-step": d.step,
      });
      const title = svg("title");
      title.textContent = `move ${d.step}: ${names[d.seat] || `seat ${d.seat + 1}`} ${d.text}`;
      mark.appendChild(title);
      parts.push(mark);
    }
    this.marker = svg("line", { class: "now", y1: 0, y2: HEIGHT, x1: 0, x2: 0 });
    parts.push(this.marker);
    this.graph.replaceChildren(...parts);
    replace(
      this.legend,
      Array.from({ length: seats }, (_, s) =>
        el(
          "span",
          { class: "legend-item" },
          el("span", { class: `legend-swatch seat-${s % 8}` }),
          names[s] || `seat ${s + 1}`,
        ),
      ),
    );
    const costly = decisions.filter((d) => d.costly);
    replace(
      this.costly,
      costly.length
        ? costly.map((d) =>
            el(
              "li",
              {},
              el("a", {
                href: `#/replay/${encodeURIComponent(this.gameId)}/${d.step}`,
                dataset: { step: d.step },
                onclick: (event) => {
                  event.preventDefault();
                  this.jump(d.step);
                },
                text:
                  `move ${d.step}: ${names[d.seat] || `seat ${d.seat + 1}`} ${d.text} ` +
                  `(−${percent(d.loss)}); the bot: ${d.best_text}`,
              }),
            ),
          )
        : el("li", { class: "muted", text: this.doc.status === "done" ? "none" : "none so far" }),
    );
  }

  clicked(event) {
    const target = event.target;
    if (target && target.dataset && target.dataset.step) {
      this.jump(Number(target.dataset.step));
      return;
    }
    if (!this.doc || !this.doc.decisions.length) return;
    const box = this.graph.getBoundingClientRect();
    const step = ((event.clientX - box.left) / Math.max(1, box.width)) * this.doc.total;
    let best = this.doc.decisions[0];
    for (const d of this.doc.decisions) {
      if (Math.abs(d.step - step) < Math.abs(best.step - step)) best = d;
    }
    this.jump(best.step);
  }

  /** The viewer shows move `step`: the marker there, and what the bot would have done. */
  show(step) {
    this.step = step;
    if (this.marker) {
      this.marker.setAttribute("x1", this.x(step).toFixed(1));
      this.marker.setAttribute("x2", this.x(step).toFixed(1));
    }
    const d = this.byStep.get(step);
    if (!d) {
      replace(this.choice);
      this.choice.hidden = true;
      return;
    }
    this.choice.hidden = false;
    const same = d.loss === 0 || d.best_text === d.text;
    replace(
      this.choice,
      d.costly ? el("span", { class: "costly-tag", text: "Costly" }) : null,
      same
        ? `The bot agrees (${percent(d.after)}).`
        : `The bot would have played ${d.best_text} (${percent(d.before)}; this move: ${percent(d.after)}).`,
    );
  }
}
