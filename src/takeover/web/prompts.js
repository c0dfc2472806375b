// The prompt: exactly the decision at hand, built from the legal actions the server sent.
// Each kind of legal action gets its own small widget; anything unknown falls back to a
// button per legal action, so the game can always go on.

import { decisionWords, groupLegal } from "./actions.js";
import { buyWidget } from "./buy.js";
import { button, chainKeys, colours } from "./choices.js";
import { disposeWidget } from "./dispose.js";
import { el, money, replace } from "./dom.js";
import { displayNames } from "./players.js";

export class Prompt {
  /** @param {(action: object) => void} send */
  constructor(send) {
    this.send = send;
    this.node = el("section", { class: "prompt", "aria-live": "polite" });
    this.keys = new Map();
    this.seq = null;
    this.cart = [];
    this.endGame = false;
    this.dispose = { sell: 0, trade: 0 };
    this.pending = false;
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
      this.seq = state.seq;
      this.cart = [];
      this.endGame = false;
      this.dispose = { sell: 0, trade: 0 };
    }
    this.pending = false;
    this.node.classList.remove("pending");
    this.keys = new Map();
    this.state = state;
    const view = state.view;
    const groups = groupLegal(state);
    const decision = view.decision;
    const parts = [];
    let mode = "wait";
    if (view.finished || state.status === "finished") {
      mode = "over";
      parts.push(
        el("h2", { text: "The game is over" }),
        el("p", { text: "See the score sheet below." }),
      );
    } else if (!groups.size) {
      const who = decision ? displayNames(view)[decision.player] : null;
      parts.push(
        el("h2", {
          text: who ? `Waiting for ${who} to ${decisionWords(decision.kind)}…` : "Waiting…",
        }),
      );
      if (view.seat === null || view.seat === undefined)
        parts.push(el("p", { class: "muted", text: "You are watching." }));
    } else {
      mode = "yours";
      parts.push(el("h2", { text: `Your move: ${decisionWords(decision && decision.kind)}` }));
      for (const [type, options] of groups) {
        const widget = (WIDGETS[type] || generic).call(this, options, view, state);
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

function generic(options) {
  return el(
    "div",
    { class: "choices" },
    options.map(({ action, text }) => button(this, text, action)),
  );
}

const WIDGETS = {
  place_tile(options, view) {
    // Tiles are placed from the hand or the board (they read the same legal actions);
    // here we bind the number keys to the hand's order.
    const hand = view.hand || [];
    const byTile = new Map(options.map((o) => [o.action.tile, o.action]));
    hand.forEach((entry, i) => {
      const action = byTile.get(entry.tile);
      if (action && i < 9) this.keys.set(String(i + 1), () => this.act(action));
    });
    return el("p", {
      class: "hint",
      text: "Place a tile: click a highlighted tile in your hand or on the board, or press its number.",
    });
  },

  declare_end(options) {
    return el(
      "div",
      { class: "choices" },
      el("span", { class: "hint", text: "The end may be declared now:" }),
      button(this, "Declare the game over", options[0].action, { cls: "danger", key: "e" }),
    );
  },

  found_chain(options, view) {
    const info = colours(view);
    const keys = chainKeys(view.chains.map((c) => c.name));
    return el(
      "div",
      { class: "choices chain-picker" },
      el("p", { class: "hint", text: "Your tile founds a new chain. Which one?" }),
      options.map(({ action }) =>
        button(this, action.chain, action, {
          swatch: info[action.chain].colour,
          key: keys[action.chain],
          title: `${info[action.chain].tier} tier`,
        }),
      ),
    );
  },

  choose_survivor(options, view) {
    const info = colours(view);
    const keys = chainKeys(view.chains.map((c) => c.name));
    const merging = (view.decision.merger && view.decision.merger.chains) || [];
    return el(
      "div",
      { class: "choices chain-picker" },
      el("p", {
        class: "hint",
        text: `Merger of ${merging.join(", ")}: the largest chains are tied. Which one survives?`,
      }),
      options.map(({ action }) =>
        button(this, action.chain, action, {
          swatch: info[action.chain].colour,
          key: keys[action.chain],
          title: `${info[action.chain].size} tiles`,
        }),
      ),
    );
  },

  choose_defunct(options, view) {
    const info = colours(view);
    const keys = chainKeys(view.chains.map((c) => c.name));
    return el(
      "div",
      { class: "choices chain-picker" },
      el("p", { class: "hint", text: "Defunct chains of equal size: which is resolved first?" }),
      options.map(({ action }) =>
        button(this, action.chain, action, {
          swatch: info[action.chain].colour,
          key: keys[action.chain],
        }),
      ),
    );
  },

  answer_trade(options, view) {
    const t = view.decision.trade || {};
    const names = displayNames(view);
    const name = (seat) => names[seat] || `seat ${seat}`;
    const side = (s) => {
      const parts = Object.entries((s && s.shares) || {}).map(([c, n]) => `${n} ${c}`);
      if (s && s.cash) parts.unshift(money(s.cash));
      return parts.join(" + ") || "nothing";
    };
    return el(
      "div",
      { class: "choices" },
      el("p", {
        class: "hint",
        text: `${name(t.from)} offers you ${side(t.give)} in exchange for ${side(t.get)}.`,
      }),
      options.map(({ action }) =>
        button(this, action.accept ? "Accept" : "Decline", action, {
          key: action.accept ? "y" : "n",
          cls: action.accept ? "primary" : "",
        }),
      ),
    );
  },

  dispose_shares(options, view) {
    return disposeWidget(this, options, view);
  },

  buy_shares(options, view) {
    return buyWidget(this, options, view);
  },
};
