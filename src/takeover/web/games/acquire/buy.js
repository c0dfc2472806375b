// Buying shares: a cart of up to the legal number of shares with a cost preview, driven
// by the legal purchases the server listed.

import { colourTag, el, money, replace } from "../../shell/dom.js";
import { choiceButton, keyCap } from "../../shell/prompt.js";
import { plural } from "../../shell/words.js";
import { actionKey } from "./actions.js";
import { chainInfo, chainKeys } from "./choices.js";

export function buyWidget(prompt, options, view) {
  const legal = new Map(options.map((o) => [actionKey(o.action), o.action]));
  const withEnd = options.some((o) => o.action.end_game);
  const maxLen = Math.max(0, ...options.map((o) => o.action.shares.length));
  const info = chainInfo(view);
  const keys = chainKeys(view);
  const me = view.players[view.seat] || {};
  const s = prompt.scratch;
  s.cart = s.cart || [];
  s.endGame = !!s.endGame;
  const box = el("div", { class: "buy" });
  const keyOf = (cart, end) => actionKey({ type: "buy_shares", shares: cart, end_game: end });
  const hint = prompt.touch
    ? `Buy up to ${plural(maxLen, "share")}: tap a chain to add a share, tap a share in the cart to take it out.`
    : `Buy up to ${plural(maxLen, "share")} (click a chain or press its letter; Backspace removes, Enter buys).`;
  const draw = () => {
    const cart = s.cart;
    for (const letter of Object.values(keys)) prompt.keys.delete(letter);
    const cost = cart.reduce((sum, c) => sum + info[c].price, 0);
    const action = legal.get(keyOf(cart, s.endGame));
    const onBoard = view.chains.filter((c) => c.size > 0);
    const chainButtons = onBoard.map((c) => {
      const next = [...cart, c.name];
      const ok =
        cart.length < maxLen && (legal.has(keyOf(next, false)) || legal.has(keyOf(next, true)));
      const add = () => {
        cart.push(c.name);
        draw();
      };
      const b = el(
        "button",
        {
          class: "buy-chain",
          disabled: !ok,
          title: ok ? `Add one ${c.name} share for ${money(c.price)}` : `Cannot add ${c.name}`,
          dataset: { chain: c.name },
          onclick: () => ok && add(),
        },
        colourTag(c.name, c.colour),
        el("span", { class: "price", text: money(c.price) }),
        // what the bank would have left after the cart
        el("span", {
          class: "muted left",
          text: `${c.available - cart.filter((n) => n === c.name).length} left`,
        }),
        keys[c.name] ? keyCap(keys[c.name]) : null,
      );
      if (ok && keys[c.name]) prompt.keys.set(keys[c.name], add);
      return b;
    });
    const cartItems = cart.map((name, i) =>
      el(
        "button",
        {
          class: "cart-item",
          title: "Take it out",
          onclick: () => {
            cart.splice(i, 1);
            draw();
          },
        },
        colourTag(name, info[name].colour),
        " ×",
      ),
    );
    const label = cart.length
      ? `Buy ${plural(cart.length, "share")} for ${money(cost)}`
      : "Buy nothing";
    replace(
      box,
      el("p", { class: "hint", text: hint }),
      el(
        "div",
        { class: "choices" },
        chainButtons.length
          ? chainButtons
          : el("span", { class: "muted", text: "No chain is on the board." }),
      ),
      el(
        "div",
        { class: "cart" },
        el("span", { class: "label", text: "Cart:" }),
        cartItems.length ? cartItems : el("span", { class: "muted", text: "empty" }),
        el("span", { class: "total", text: `cost ${money(cost)}` }),
        me.cash !== undefined
          ? el("span", { class: "muted", text: `cash after ${money(me.cash - cost)}` })
          : null,
      ),
      withEnd
        ? el(
            "label",
            { class: "end-game" },
            el("input", {
              type: "checkbox",
              checked: s.endGame,
              onchange: (e) => {
                s.endGame = e.target.checked;
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
          ? choiceButton(prompt, label + (s.endGame ? " and end the game" : ""), action, {
              cls: "primary",
            })
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
