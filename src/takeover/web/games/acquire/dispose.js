// Disposing of defunct shares after a merger: sell / trade / keep with live totals. The
// split is matched against the legal actions; the rules themselves stay on the server.

import { colourTag, el, money, replace } from "../../shell/dom.js";
import { choiceButton } from "../../shell/prompt.js";
import { plural } from "../../shell/words.js";
import { actionKey } from "./actions.js";
import { chainInfo } from "./choices.js";

export function disposeWidget(prompt, options, view) {
  const d = view.decision;
  const legal = new Map(options.map((o) => [actionKey(o.action), o.action]));
  const held = d.held;
  const maxTrade = Math.max(0, ...options.map((o) => o.action.trade));
  const info = chainInfo(view);
  const box = el("div", { class: "dispose" });
  const s = prompt.scratch;
  s.sell = s.sell || 0;
  s.trade = s.trade || 0;
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
        colourTag(d.defunct, (info[d.defunct] || {}).colour),
        ` is taken over by `,
        colourTag(d.survivor, (info[d.survivor] || {}).colour),
        `. You hold ${plural(held, `${d.defunct} share`)}, worth ${money(d.price)}` +
          (held === 1 ? "." : " each."),
      ),
      stepper("Sell", "sell", 1, `for ${money(s.sell * d.price)}`),
      stepper(
        "Trade",
        "trade",
        2,
        `for ${plural(s.trade / 2, `${d.survivor} share`)} (${d.survivor_available} left)`,
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
          ? choiceButton(
              prompt,
              `Confirm: sell ${s.sell}, trade ${s.trade}, keep ${keep}`,
              action,
              {
                cls: "primary",
              },
            )
          : el("span", { class: "not-allowed", text: "That split is not allowed." }),
      ),
    );
    prompt.keys.set("Enter", () => action && prompt.act(action));
  };
  draw();
  return box;
}
