// 1817's prompt widgets: one per kind of legal action, each built only from the legal actions
// the server listed (`options`: [{action, text}]) and the view. The one exception, a train
// bought from another corporation for any price from $1, is listed by the view
// (`train_sales`, from the engine's own rule) and checked by the server.

import { el, money } from "../../shell/dom.js";
import { choiceButton, keyCap } from "../../shell/prompt.js";
import { plural } from "../../shell/words.js";
import {
  companyLabel,
  companyName,
  corpTag,
  hexLabel,
  isCorp,
  playerName,
  wonBy,
} from "./common.js";
import { bidWidget } from "./bids.js";
import { mapPrompts } from "./mapprompts.js";

/** A button for one legal action whose label is made of nodes (corporation tags...). */
function richButton(prompt, nodes, action, opts = {}) {
  const b = choiceButton(prompt, "", action, opts);
  b.replaceChildren(...nodes, opts.key ? keyCap(opts.key) || "" : "");
  return b;
}

/** A small titled group of choices. */
function group(cls, hint, ...children) {
  return el(
    "div",
    { class: `choices w-${cls}` },
    hint ? el("p", { class: "hint", text: hint }) : null,
    ...children,
  );
}

/** Actions grouped by a key, in first-seen order. */
function by(options, keyOf) {
  const out = new Map();
  for (const o of options) {
    const k = keyOf(o.action);
    if (!out.has(k)) out.set(k, []);
    out.get(k).push(o);
  }
  return out;
}

/** The corporation's share price and where a certificate comes from. */
function shareSource(view, shareId) {
  const sym = shareId.slice(0, shareId.lastIndexOf("_"));
  const corp = view.corps[sym] || {};
  const owner = (corp.certificates || {})[shareId];
  if (owner === "market") return "from the market";
  if (owner === sym) return "from the treasury";
  return "";
}

function passLabel(view, action) {
  const kind = (view.decision && view.decision.kind) || "";
  if (view.auction && !isCorp(view, action.entity)) {
    if (wonBy(view.auction) !== null) return "Done (put in no more privates)";
    return "Pass (leave the auction)";
  }
  switch (kind) {
    case "track":
      return "Lay no (more) track";
    case "token":
      return "Place no token";
    case "buy_train":
      return "Buy no (more) trains";
    case "loan":
    case "post_conversion_loans":
      return "Done with loans";
    case "conversion":
      return "Neither convert nor merge";
    case "post_conversion":
      return "Buy no share";
    case "acquire": {
      const acq = view.acquisition || {};
      if (acq.offer) return `Keep ${acq.offer} (no sale)`;
      if (acq.buyer) return "Done with loans";
      return "Pass";
    }
    default:
      return "Pass";
  }
}

export const prompts = {
  ...mapPrompts,
  bid: bidWidget,

  pass(prompt, options, view, state) {
    const action = options[0].action;
    const who = isCorp(view, action.entity) ? `${action.entity}: ` : "";
    // no depot train is affordable: another corporation's train may still be bought
    const depot = (state.legal || []).some((a) => a.type === "buy_train");
    return group(
      "pass",
      null,
      depot ? null : trainSaleForm(prompt, view),
      choiceButton(prompt, who + passLabel(view, action), action, { key: "p", cls: "pass" }),
    );
  },

  choose(prompt, options, view) {
    const target = view.auction ? view.auction.target : "the corporation";
    return group(
      "choose",
      `You won ${target}. How many shares will it have?`,
      options.map(({ action }, i) =>
        choiceButton(prompt, plural(action.choice, "share"), action, {
          key: String(i + 1),
          cls: "primary",
          title: `${action.choice} shares: up to ${plural(action.choice, "loan")}`,
        }),
      ),
    );
  },

  assign(prompt, options, view) {
    return group(
      "assign",
      null,
      options.map(({ action }) => {
        const t = action.target;
        if (action.target_type === "hex") {
          // a private's power on a hex (the bridge companies' bridges)
          return choiceButton(prompt, `${companyName(view, action.entity)}: ${hexLabel(view, t)}`, action, {
            title: "the private's marker goes on this hex",
          });
        }
        if (action.target_type === "company") {
          return choiceButton(prompt, `Put in ${companyLabel(view, t)}`, action, {
            title: "the private goes into the corporation at face value; you receive its value",
          });
        }
        return choiceButton(prompt, `Offer ${t} for sale`, action, {
          title: "a friendly sale: the corporation is auctioned from its market value",
        });
      }),
    );
  },

  buy_shares(prompt, options, view) {
    const byEntity = by(options, (a) => String(a.entity));
    const parts = [];
    for (const [entity, opts] of byEntity) {
      if (isCorp(view, opts[0].action.entity)) {
        // a corporation buys back (redeems) its shares from the market
        parts.push(
          el(
            "div",
            { class: "row" },
            corpTag(entity),
            el("span", { class: "hint", text: " redeems from the market: " }),
            opts.map(({ action }) =>
              choiceButton(prompt, plural(action.shares.length, "share"), action, {
                title: `${entity} buys back ${plural(action.shares.length, "share")} from the market at ${money((view.corps[entity] || {}).price)} each`,
              }),
            ),
          ),
        );
      } else {
        parts.push(
          el(
            "div",
            { class: "row buy-row" },
            opts.map(({ action }) => {
              const id = action.shares[0];
              const sym = id.slice(0, id.lastIndexOf("_"));
              const corp = view.corps[sym] || {};
              const b = richButton(
                prompt,
                [corpTag(sym), ` ${money(corp.price)} ${shareSource(view, id)}`.trimEnd()],
                action,
                {
                  title: `buy one ${sym} share ${shareSource(view, id)} for ${money(corp.price)}`.replace("  ", " "),
                  cls: "buy-share",
                },
              );
              b.dataset.corp = sym;
              return b;
            }),
          ),
        );
      }
    }
    return group("buy_shares", "Buy a share:", parts);
  },

  sell_shares(prompt, options, view) {
    const names = prompt.names();
    const byCorp = by(options, (a) => a.shares[0].slice(0, a.shares[0].lastIndexOf("_")));
    const crisis = view.decision && view.decision.kind === "cash_crisis";
    const me = options[0].action.entity;
    const cash = (view.players[String(me)] || {}).cash;
    const hint = crisis
      ? `${playerName(view, me, names)} owes money (cash ${money(cash)}): sell shares to pay, or go bankrupt.`
      : "Sell:";
    return group(
      "sell_shares",
      hint,
      [...byCorp].map(([sym, opts]) =>
        el(
          "div",
          { class: "row sell-row" },
          corpTag(sym),
          opts
            .slice()
            .sort((a, b) => a.action.shares.length - b.action.shares.length)
            .map(({ action }) =>
              choiceButton(prompt, `sell ${action.shares.length}`, action, {
                title: `sell ${plural(action.shares.length, `${sym} share`)} at ${money((view.corps[sym] || {}).price)} each`,
                cls: "sell",
              }),
            ),
        ),
      ),
    );
  },

  short(prompt, options) {
    return group(
      "short",
      "Short (take a negative share and its price in cash):",
      options.map(({ action }) => {
        return richButton(prompt, ["short ", corpTag(action.corporation)], action, {
          cls: "short",
        });
      }),
    );
  },

  take_loan(prompt, options, view) {
    return group(
      "take_loan",
      null,
      options.map(({ action }) => {
        const corp = view.corps[action.entity] || {};
        return richButton(
          prompt,
          [corpTag(action.entity), ` takes a loan (+${money(view.loan_value || 100)})`],
          action,
          {
            key: options.length === 1 ? "l" : undefined,
            title: `${corp.loans || 0} of ${corp.size} loans taken; interest ${view.interest_rate}% a loan each operating round; the share price drops one space`,
          },
        );
      }),
    );
  },

  payoff_loan(prompt, options, view) {
    return group(
      "payoff_loan",
      null,
      options.map(({ action }) => {
        return richButton(
          prompt,
          [corpTag(action.entity), ` repays a loan (−${money(view.loan_value || 100)})`],
          action,
          { title: "repaying a loan moves the share price one space right" },
        );
      }),
    );
  },

  dividend(prompt, options, view) {
    const preview = view.dividend || { choices: {}, revenue: 0 };
    const sym = options[0].action.entity;
    const corp = view.corps[sym] || {};
    const names = prompt.names();
    const labels = { payout: "Pay out", half: "Half pay", withhold: "Withhold" };
    const keys = { payout: "p", half: "h", withhold: "w" };
    return group(
      "dividend",
      `${sym} earned ${money(preview.revenue)}. Share price now ${money(corp.price)}.`,
      el(
        "div",
        { class: "dividend-options" },
        options.map(({ action }) => {
          const c = preview.choices[action.kind] || {};
          const moved = c.price === undefined ? "" : priceMove(corp.price, c.price);
          const paid = Object.entries(c.players || {})
            .map(([pid, amount]) => `${playerName(view, pid, names)} ${amount < 0 ? "−" : "+"}${money(Math.abs(amount))}`)
            .join(", ");
          const text = el(
            "span",
            { class: "dividend-text" },
            el("strong", { text: labels[action.kind] || action.kind }),
            el("span", { text: `treasury +${money(c.corporation_cash || 0)}` }),
            el("span", { text: paid ? `players: ${paid}` : "players: nothing" }),
            el("span", { class: "move", text: moved }),
          );
          const b = richButton(prompt, [text], action, {
            key: keys[action.kind],
            cls: `dividend-choice ${action.kind === "payout" ? "primary" : ""}`,
          });
          b.dataset.kind = action.kind;
          return b;
        }),
      ),
    );
  },

  buy_train(prompt, options, view) {
    const sym = options[0].action.entity;
    return group(
      "buy_train",
      `${sym} may buy trains (cash ${money((view.corps[sym] || {}).cash)}):`,
      // another corporation's train is listed with its price range: the form below names the price
      options.filter(({ action }) => action.max_price === undefined).map(({ action }) => {
        const used = (view.depot.discarded || []).includes(action.train);
        const name = action.train.split("-").slice(0, -1).join("-");
        return choiceButton(
          prompt,
          `Buy a ${name} from the ${used ? "discard pile" : "depot"} for ${money(action.price)}`,
          action,
          { cls: "primary" },
        );
      }),
      trainSaleForm(prompt, view),
    );
  },

  discard_train(prompt, options) {
    const sym = options[0].action.entity;
    return group(
      "discard_train",
      `${sym} is over its train limit: discard one train to the depot.`,
      options.map(({ action }) =>
        choiceButton(prompt, `Discard ${action.train.split("-").slice(0, -1).join("-")} (${action.train})`, action),
      ),
    );
  },

  convert(prompt, options, view) {
    return group(
      "convert",
      null,
      options.map(({ action }) => {
        const corp = view.corps[action.entity] || {};
        const to = corp.size === 2 ? 5 : 10;
        // the tokens the new size needs, bought from the treasury afterwards (engine's count)
        const cost = (view.conversion_costs || {})[action.entity];
        const tokens =
          cost && cost.tokens
            ? `: ${action.entity} then buys ${plural(cost.tokens, "token")} for ${money(cost.cost)}`
            : "";
        return richButton(
          prompt,
          ["Convert ", corpTag(action.entity), ` to ${plural(to, "share")}${tokens}`],
          action,
          { key: "c", title: "the new shares go to the treasury; shareholders may then buy" },
        );
      }),
    );
  },

  merge(prompt, options, view) {
    const names = prompt.names();
    return group(
      "merge",
      null,
      options.map(({ action }) => {
        if (isCorp(view, action.entity)) {
          const nodes = ["Merge ", corpTag(action.entity), " with ", corpTag(action.corporation)];
          return richButton(prompt, nodes, action);
        }
        const won = view.acquisition && view.acquisition.winner;
        const target = won ? won.corporation : view.auction ? view.auction.target : "it";
        const price = won ? ` for ${money(won.price)}` : "";
        return richButton(prompt, [corpTag(action.corporation), ` buys ${target}${price}`], action, {
          title: `${playerName(view, action.entity, names)} picks which corporation buys`,
        });
      }),
    );
  },

  bankrupt(prompt, options) {
    return group(
      "bankrupt",
      null,
      choiceButton(prompt, "Declare bankruptcy", options[0].action, { cls: "danger" }),
    );
  },
};

function priceMove(from, to) {
  if (to > from) return `price → ${money(to)} ▲`;
  if (to < from) return `price → ${money(to)} ▼`;
  return `price stays ${money(to)}`;
}

/** Buy a train from another corporation: any train the engine allows, any price $1-cash. */
function trainSaleForm(prompt, view) {
  const sales = view.train_sales;
  if (!sales || !sales.trains.length) return null;
  const select = el(
    "select",
    { "aria-label": "train to buy", class: "sale-train" },
    sales.trains.map((t) => el("option", { value: t.id, text: `${t.name} of ${t.owner} (${t.id})` })),
  );
  const price = el("input", {
    type: "number",
    min: 1,
    max: sales.max_price,
    step: 1,
    value: 1,
    class: "sale-price",
    "aria-label": "price",
  });
  const buy = el("button", { class: "act", type: "button", text: "Buy from a corporation" });
  const note = el("span", { class: "muted", text: `$1 to ${money(sales.max_price)}` });
  const check = () => {
    const v = Number(price.value);
    const ok = Number.isInteger(v) && v >= 1 && v <= sales.max_price;
    buy.disabled = !ok || prompt.pending;
    buy.dataset.off = ok ? "0" : "1";
  };
  price.addEventListener("input", check);
  buy.addEventListener("click", () =>
    prompt.act({
      type: "buy_train",
      entity: sales.buyer,
      entity_type: "corporation",
      train: select.value,
      price: Number(price.value),
    }),
  );
  check();
  return el(
    "div",
    { class: "row train-sale" },
    el("span", {
      class: "hint",
      text: (prompt.state.legal || []).some((a) => a.type === "buy_train" && a.max_price === undefined)
        ? "Or from another corporation:"
        : "From another corporation:",
    }),
    select,
    price,
    buy,
    note,
  );
}
