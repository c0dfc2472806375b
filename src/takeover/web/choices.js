// Buttons for the choices of a prompt, with their keyboard shortcuts.

import { actionKey } from "./actions.js";
import { chainTag, el } from "./dom.js";

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

/** A button that sends `action` (a legal action) through the prompt; `opts.key` binds a key. */
export function button(prompt, label, action, opts = {}) {
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

/** Chain name -> the view's chain entry (colour, size, price, shares left). */
export function colours(view) {
  return Object.fromEntries(view.chains.map((c) => [c.name, c]));
}
