// Acquire's prompt widgets: one per kind of legal action, each built only from the legal
// actions the server listed (`options`: [{action, text}]) and the view.

import { el, money } from "../../shell/dom.js";
import { choiceButton } from "../../shell/prompt.js";
import { plural } from "../../shell/words.js";
import { buyWidget } from "./buy.js";
import { chainInfo, chainKeys } from "./choices.js";
import { disposeWidget } from "./dispose.js";

/** Buttons for chains to pick from (found, survive, resolve first), each with its letter;
 * `label` may add words to a chain's button ("Luxor (budget: cheap)"). */
function chainPicker(prompt, options, view, hint, title, label) {
  const info = chainInfo(view);
  const keys = chainKeys(view);
  return el(
    "div",
    { class: "choices chain-picker" },
    el("p", { class: "hint", text: hint }),
    options.map(({ action }) =>
      choiceButton(prompt, label ? label(info[action.chain]) : action.chain, action, {
        colour: info[action.chain].colour,
        key: keys[action.chain],
        title: title && title(info[action.chain]),
      }),
    ),
  );
}

/** What a chain's tier means to a buyer (rule 3.3). */
const TIER_WORDS = { budget: "cheap", standard: "middle", premium: "dear" };

export const prompts = {
  place_tile(prompt, options, view) {
    // Tiles are placed from the hand or the board (they read the same legal actions);
    // here we bind the number keys to the hand's order.
    const hand = view.hand || [];
    const byTile = new Map(options.map((o) => [o.action.tile, o.action]));
    hand.forEach((entry, i) => {
      const action = byTile.get(entry.tile);
      if (action && i < 9) prompt.keys.set(String(i + 1), () => prompt.act(action));
    });
    return el("p", {
      class: "hint",
      text: prompt.touch
        ? "Place a tile: tap a highlighted tile in your hand or on the board."
        : "Place a tile: click a highlighted tile in your hand or on the board, or press its number.",
    });
  },

  declare_end(prompt, options) {
    return el(
      "div",
      { class: "choices" },
      el("span", { class: "hint", text: "The end may be declared now:" }),
      choiceButton(prompt, "Declare the game over", options[0].action, {
        cls: "danger",
        key: "e",
      }),
    );
  },

  found_chain(prompt, options, view) {
    return chainPicker(
      prompt,
      options,
      view,
      "Your tile founds a new chain. Which one? Budget chains are cheap to buy and pay small " +
        "bonuses; premium ones are dear and pay large bonuses.",
      (c) => `${c.tier} tier: ${TIER_WORDS[c.tier] || ""}`,
      (c) => `${c.name} (${c.tier}: ${TIER_WORDS[c.tier] || c.tier})`,
    );
  },

  choose_survivor(prompt, options, view) {
    const merging = (view.decision.merger && view.decision.merger.chains) || [];
    return chainPicker(
      prompt,
      options,
      view,
      `Merger of ${merging.join(", ")}: the largest chains are tied. Which one survives?`,
      (c) => plural(c.size, "tile"),
    );
  },

  choose_defunct(prompt, options, view) {
    return chainPicker(
      prompt,
      options,
      view,
      "Defunct chains of equal size: which is resolved first?",
    );
  },

  answer_trade(prompt, options, view) {
    const t = view.decision.trade || {};
    const names = prompt.names();
    const name = (seat) => names[seat] || `seat ${seat + 1}`;
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
        choiceButton(prompt, action.accept ? "Accept" : "Decline", action, {
          key: action.accept ? "y" : "n",
          cls: action.accept ? "primary" : "",
        }),
      ),
    );
  },

  dispose_shares(prompt, options, view) {
    return disposeWidget(prompt, options, view);
  },

  buy_shares(prompt, options, view) {
    return buyWidget(prompt, options, view);
  },
};
