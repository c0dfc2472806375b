// The prompt: exactly the decision at hand, built from the legal actions the server sent.
// The game module gives one widget per kind of legal action (`game.prompts`); anything it
// does not know falls back to a button per legal action, so a game can always go on. The
// shell owns what every game shares: keyboard shortcuts, the pending state while an action
// travels, the server's refusals, and whose turn it is.

import { colourTag, el, replace } from "./dom.js";
import { isTouch } from "./words.js";

export class Prompt {
  /**
   * @param {object} game the game module (docs/web-client.md)
   * @param {(action: object) => void} send
   * @param {() => string[]} names display names by seat
   * @param {() => number|null} [mySeat] this page's seat (null: watching); without it the
   *   view's `seat` says
   */
  constructor(game, send, names, mySeat) {
    this.game = game;
    this.send = send;
    this.names = names;
    this.mySeat = mySeat;
    this.node = el("section", { class: "prompt", "aria-live": "polite" });
    this.keys = new Map();
    this.seq = null;
    this.scratch = {};
    this.pending = false;
  }

  /** Whether the prompt should speak of taps and leave out keys. */
  get touch() {
    return isTouch();
  }

  /** Shortcuts handled by the current prompt; returns true when the key was used. */
  key(event) {
    if (this.pending) return false;
    const fn = this.keys.get(event.key) || this.keys.get(event.key.toLowerCase());
    if (!fn) return false;
    fn();
    return true;
  }

  setPending(pending) {
    this.pending = pending;
    this.node.classList.toggle("pending", pending);
    for (const b of this.node.querySelectorAll("button.act"))
      b.disabled = pending || b.dataset.off === "1";
  }

  act(action) {
    if (this.pending) return;
    this.setPending(true);
    this.send(action);
  }

  /** Draw the prompt for a `state` message. */
  update(state) {
    if (state.seq !== this.seq) {
      // A new decision: what a widget remembered (a cart, a split) starts afresh.
      this.seq = state.seq;
      this.scratch = {};
    }
    this.pending = false;
    this.node.classList.remove("pending");
    this.keys = new Map();
    this.state = state;
    const view = state.view;
    const groups = groupLegal(state);
    const decision = this.game.decision(view);
    const parts = [];
    let mode = "wait";
    if (state.status === "finished") {
      mode = "over";
      parts.push(
        el("h2", { text: "The game is over" }),
        el("p", { text: "See the score sheet below." }),
      );
    } else if (!groups.size) {
      const who = decision ? this.names()[decision.seat] : null;
      parts.push(el("h2", { text: who ? `Waiting for ${who} to ${decision.words}…` : "Waiting…" }));
      const seat = this.mySeat ? this.mySeat() : view.seat;
      if (seat === null || seat === undefined)
        parts.push(el("p", { class: "muted", text: "You are watching." }));
    } else {
      mode = "yours";
      parts.push(el("h2", { text: `Your move${decision ? `: ${decision.words}` : ""}` }));
      for (const [type, options] of groups) {
        const widget = (this.game.prompts[type] || generic)(this, options, view, state);
        if (widget) parts.push(widget);
      }
    }
    replace(this.node, parts);
    this.node.dataset.mode = mode;
    this.node.dataset.decision = (decision && decision.kind) || "";
    this.node.dataset.seq = String(state.seq);
    return this.node;
  }

  /** Show an error from the server inside the prompt and let the player try again. */
  error(message) {
    this.setPending(false);
    const old = this.node.querySelector(".prompt-error");
    if (old) old.remove();
    this.node.appendChild(el("p", { class: "prompt-error", role: "alert", text: message }));
  }
}

/** The legal actions grouped by type, each paired with its text. */
export function groupLegal(state) {
  const groups = new Map();
  (state.legal || []).forEach((action, i) => {
    const text = (state.legal_text || [])[i] || action.type.replaceAll("_", " ");
    if (!groups.has(action.type)) groups.set(action.type, []);
    groups.get(action.type).push({ action, text });
  });
  return groups;
}

/** A button per legal action, in the server's words: the prompt for any unknown kind. */
function generic(prompt, options) {
  return el(
    "div",
    { class: "choices" },
    options.map(({ action, text }) => choiceButton(prompt, text, action)),
  );
}

/**
 * A button that sends `action` (one of the legal actions) through the prompt.
 * opts: cls, title, disabled, key (a shortcut, shown as a key cap except on touch screens),
 * colour (the label drawn as a colour tag).
 */
export function choiceButton(prompt, label, action, opts = {}) {
  const b = el("button", {
    class: "act " + (opts.cls || ""),
    title: opts.title,
    dataset: { action: action.type, off: opts.disabled ? "1" : "0" },
    disabled: !!opts.disabled,
    onclick: () => prompt.act(action),
  });
  if (opts.colour) b.appendChild(colourTag(label, opts.colour));
  else b.textContent = label;
  const cap = opts.key ? keyCap(opts.key) : null; // none on a touch screen
  if (cap) b.appendChild(cap);
  if (opts.key && !opts.disabled) prompt.keys.set(opts.key, () => prompt.act(action));
  return b;
}

/** A key cap ("A"), left out on touch screens where there is no key to press. */
export function keyCap(key) {
  return isTouch() ? null : el("kbd", { text: key.length === 1 ? key.toUpperCase() : key });
}

/** Unique single-letter shortcuts for names (the first free letter of each name). */
export function letterKeys(names) {
  const used = new Set();
  const keys = {};
  for (const name of names) {
    const letter = [...name.toLowerCase()].find((ch) => /[a-z]/.test(ch) && !used.has(ch));
    if (letter) {
      used.add(letter);
      keys[name] = letter;
    }
  }
  return keys;
}
