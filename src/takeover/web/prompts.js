// The prompt: exactly the decision at hand, built from the legal actions the server sent.
// Each kind of legal action gets its own small widget; anything unknown falls back to a
// button per legal action, so the game can always go on.

import { actionKey, decisionWords, groupLegal } from "./actions.js";
import { chainTag, el, money, replace } from "./dom.js";
import { displayNames } from "./players.js";

/** Unique single-letter shortcuts for chain names (first free letter of each name). */
export function chainKeys(names) {
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
    for (const b of this.node.querySelectorAll("button.act")) b.disabled = pending || b.dataset.off === "1";
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
      parts.push(el("h2", { text: "The game is over" }), el("p", { text: "See the score sheet below." }));
    } else if (!groups.size) {
      const who = decision ? displayNames(view)[decision.player] : null;
      parts.push(
        el("h2", {
          text: who ? `Waiting for ${who} to ${decisionWords(decision.kind)}…` : "Waiting…",
        }),
      );
      if (view.seat === null || view.seat === undefined) parts.push(el("p", { class: "muted", text: "You are watching." }));
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

function button(prompt, label, action, opts = {}) {
  const b = el("button", {
    class: "act " + (opts.cls || ""),
    title: opts.title,
    dataset: { action: actionKey(action), off: opts.disabled ? "1" : "0" },
    disabled: !!opts.disabled,
    onclick: () => prompt.act(action),
  });
  if (opts.swatch) b.appendChild(chainTag(label, opts.swatch));
  else b.textContent = label;
  if (opts.key) b.appendChild(el("kbd", { text: opts.key.toUpperCase() }));
  if (opts.key && !opts.disabled) prompt.keys.set(opts.key, () => prompt.act(action));
  return b;
}

function colours(view) {
  return Object.fromEntries(view.chains.map((c) => [c.name, c]));
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
        button(this, action.chain, action, { swatch: info[action.chain].colour, key: keys[action.chain] }),
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

function disposeWidget(prompt, options, view) {
  const d = view.decision;
  const legal = new Map(options.map((o) => [actionKey(o.action), o.action]));
  const held = d.held;
  const maxTrade = Math.max(0, ...options.map((o) => o.action.trade));
  const info = colours(view);
  const box = el("div", { class: "dispose" });
  const s = prompt.dispose;
  const clamp = () => {
    s.trade = Math.max(0, Math.min(s.trade - (s.trade % 2), maxTrade));
    s.sell = Math.max(0, Math.min(s.sell, held - s.trade));
  };
  const draw = () => {
    clamp();
    const keep = held - s.sell - s.trade;
    const action = legal.get(actionKey({ type: "dispose_shares", sell: s.sell, trade: s.trade }));
    const stepper = (label, field, step, hint) =>
      el(
        "div",
        { class: "stepper" },
        el("span", { class: "label", text: label }),
        el("button", { class: "step", "aria-label": `less ${label}`, onclick: () => ((s[field] -= step), draw()) }, "−"),
        el("output", { class: "value", dataset: { field }, text: s[field] }),
        el("button", { class: "step", "aria-label": `more ${label}`, onclick: () => ((s[field] += step), draw()) }, "+"),
        el("span", { class: "muted", text: hint }),
      );
    replace(
      box,
      el(
        "p",
        { class: "hint" },
        chainTag(d.defunct, (info[d.defunct] || {}).colour),
        ` is taken over by `,
        chainTag(d.survivor, (info[d.survivor] || {}).colour),
        `. You hold ${held} ${d.defunct} shares, worth ${money(d.price)} each.`,
      ),
      stepper("Sell", "sell", 1, `for ${money(s.sell * d.price)}`),
      stepper("Trade", "trade", 2, `for ${s.trade / 2} ${d.survivor} (${d.survivor_available} left)`),
      el("div", { class: "stepper" }, el("span", { class: "label", text: "Keep" }), el("output", { class: "value", text: keep })),
      el(
        "div",
        { class: "choices" },
        el("button", { class: "small", onclick: () => ((s.sell = held), (s.trade = 0), draw()) }, "Sell all"),
        el("button", { class: "small", onclick: () => ((s.trade = maxTrade), (s.sell = held - maxTrade), draw()) }, "Trade most, sell rest"),
        el("button", { class: "small", onclick: () => ((s.sell = 0), (s.trade = 0), draw()) }, "Keep all"),
      ),
      el(
        "div",
        { class: "choices" },
        action
          ? button(prompt, `Confirm: sell ${s.sell}, trade ${s.trade}, keep ${keep}`, action, { cls: "primary" })
          : el("span", { class: "not-allowed", text: "That split is not allowed." }),
      ),
    );
    prompt.keys.set("Enter", () => action && prompt.act(action));
  };
  draw();
  return box;
}

function buyWidget(prompt, options, view) {
  const legal = new Map(options.map((o) => [actionKey(o.action), o.action]));
  const withEnd = options.some((o) => o.action.end_game);
  const maxLen = Math.max(0, ...options.map((o) => o.action.shares.length));
  const info = colours(view);
  const keys = chainKeys(view.chains.map((c) => c.name));
  const me = view.players[view.seat] || {};
  const box = el("div", { class: "buy" });
  const keyOf = (cart, end) => actionKey({ type: "buy_shares", shares: cart, end_game: end });
  const draw = () => {
    const cart = prompt.cart;
    for (const letter of Object.values(keys)) prompt.keys.delete(letter);
    const cost = cart.reduce((sum, c) => sum + info[c].price, 0);
    const action = legal.get(keyOf(cart, prompt.endGame));
    const onBoard = view.chains.filter((c) => c.size > 0);
    const chainButtons = onBoard.map((c) => {
      const next = [...cart, c.name];
      const ok = cart.length < maxLen && (legal.has(keyOf(next, false)) || legal.has(keyOf(next, true)));
      const b = el(
        "button",
        {
          class: "buy-chain",
          disabled: !ok,
          title: ok ? `Add one ${c.name} for ${money(c.price)}` : `Cannot add ${c.name}`,
          dataset: { chain: c.name },
          onclick: () => {
            if (ok) {
              cart.push(c.name);
              draw();
            }
          },
        },
        chainTag(c.name, c.colour),
        el("span", { class: "price", text: money(c.price) }),
        el("span", { class: "muted", text: `${c.available} left` }),
        keys[c.name] ? el("kbd", { text: keys[c.name].toUpperCase() }) : null,
      );
      if (ok && keys[c.name]) {
        prompt.keys.set(keys[c.name], () => {
          cart.push(c.name);
          draw();
        });
      }
      return b;
    });
    const cartItems = cart.map((name, i) =>
      el(
        "button",
        {
          class: "cart-item",
          title: "Remove",
          onclick: () => {
            cart.splice(i, 1);
            draw();
          },
        },
        chainTag(name, info[name].colour),
        " ×",
      ),
    );
    const label = cart.length ? `Buy for ${money(cost)}` : "Buy nothing";
    replace(
      box,
      el("p", { class: "hint", text: `Buy up to ${maxLen} shares (click a chain or press its letter; Backspace removes, Enter buys).` }),
      el("div", { class: "choices" }, chainButtons.length ? chainButtons : el("span", { class: "muted", text: "No chain is on the board." })),
      el(
        "div",
        { class: "cart" },
        el("span", { class: "label", text: "Cart:" }),
        cartItems.length ? cartItems : el("span", { class: "muted", text: "empty" }),
        el("span", { class: "total", text: `cost ${money(cost)}` }),
        me.cash !== undefined ? el("span", { class: "muted", text: `cash after ${money(me.cash - cost)}` }) : null,
      ),
      withEnd
        ? el(
            "label",
            { class: "end-game" },
            el("input", {
              type: "checkbox",
              checked: prompt.endGame,
              onchange: (e) => {
                prompt.endGame = e.target.checked;
                draw();
              },
            }),
            " and declare the game over",
          )
        : null,
      el(
        "div",
        { class: "choices" },
        action
          ? button(prompt, label + (prompt.endGame ? " and end the game" : ""), action, { cls: "primary" })
          : el("span", { class: "not-allowed", text: "That purchase is not allowed." }),
      ),
    );
    prompt.keys.set("Enter", () => action && prompt.act(action));
    prompt.keys.set("Backspace", () => {
      cart.pop();
      draw();
    });
    prompt.keys.set("Escape", () => {
      cart.length = 0;
      draw();
    });
  };
  draw();
  return box;
}
