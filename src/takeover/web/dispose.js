// Disposing of defunct shares after a merger: sell / trade / keep with live totals. The
// split is matched against the legal actions; the rules themselves stay on the server.

import { actionKey } from "./actions.js";
import { button, colours } from "./choices.js";
import { chainTag, el, money, replace } from "./dom.js";

export function disposeWidget(prompt, options, view) {
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
        el(
          "button",
          {
            class: "step",
            "aria-label": `less ${label}`,
            onclick: () => ((s[field] -= step), draw()),
          },
          "−",
        ),
        el("output", { class: "value", dataset: { field }, text: s[field] }),
        el(
          "button",
          {
            class: "step",
            "aria-label": `more ${label}`,
            onclick: () => ((s[field] += step), draw()),
          },
          "+",
        ),
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
      stepper(
        "Trade",
        "trade",
        2,
        `for ${s.trade / 2} ${d.survivor} (${d.survivor_available} left)`,
      ),
      el(
        "div",
        { class: "stepper" },
        el("span", { class: "label", text: "Keep" }),
        el("output", { class: "value", text: keep }),
      ),
      el(
        "div",
        { class: "choices" },
        el(
          "button",
          { class: "small", onclick: () => ((s.sell = held), (s.trade = 0), draw()) },
          "Sell all",
        ),
        el(
          "button",
          {
            class: "small",
            onclick: () => ((s.trade = maxTrade), (s.sell = held - maxTrade), draw()),
          },
          "Trade most, sell rest",
        ),
        el(
          "button",
          { class: "small", onclick: () => ((s.sell = 0), (s.trade = 0), draw()) },
          "Keep all",
        ),
      ),
      el(
        "div",
        { class: "choices" },
        action
          ? button(prompt, `Confirm: sell ${s.sell}, trade ${s.trade}, keep ${keep}`, action, {
              cls: "primary",
            })
          : el("span", { class: "not-allowed", text: "That split is not allowed." }),
      ),
    );
    prompt.keys.set("Enter", () => action && prompt.act(action));
  };
  draw();
  return box;
}
