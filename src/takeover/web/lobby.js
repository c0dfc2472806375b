// The lobby: open and playing tables with their seats and options, and the form to create
// a table (2-6 seats, ruleset preset and options, bots with levels in chosen seats).

import { api, prefs, seats } from "./api.js";
import { el, replace } from "./dom.js";
import { loadOptions } from "./waiting.js";

const REFRESH_MS = 5000;

export class LobbyPage {
  constructor(app) {
    this.app = app;
    this.list = el(
      "div",
      { class: "tables" },
      el("p", { class: "muted", text: "Loading tables…" }),
    );
    this.form = el(
      "div",
      { class: "create" },
      el("p", { class: "muted", text: "Loading options…" }),
    );
    this.node = el(
      "div",
      { class: "page lobby-page" },
      el("section", { class: "panel" }, el("h2", { text: "New table" }), this.form),
      el("section", { class: "panel" }, el("h2", { text: "Tables" }), this.list),
    );
    this.refresh();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    loadOptions()
      .then((o) => replace(this.form, createForm(o, app)))
      .catch((err) => replace(this.form, el("p", { class: "error", text: err.message })));
  }

  destroy() {
    clearInterval(this.timer);
  }

  async refresh() {
    try {
      const { tables } = await api.tables();
      this.app.connection("ok");
      replace(
        this.list,
        tables.length
          ? tables.map(tableCard)
          : el("p", { class: "muted", text: "No tables yet: create one." }),
      );
    } catch (err) {
      this.app.connection("lost", err.message, () => this.refresh());
    }
  }
}

function rulesetText(ruleset) {
  if (typeof ruleset === "string") return ruleset;
  const opts = Object.entries(ruleset.options || {}).map(
    ([k, v]) => `${k.replaceAll("_", " ")}: ${v}`,
  );
  return `${ruleset.preset}${opts.length ? " (" + opts.join(", ") + ")" : ""}`;
}

function tableCard(t) {
  const mine = seats.get(t.id);
  const free = t.seats.filter((s) => s.kind === "empty").length;
  const action = mine
    ? el(
        "a",
        { class: "button primary", href: `#/table/${encodeURIComponent(t.id)}` },
        "Return to your seat",
      )
    : t.status === "open" && free
      ? el("a", { class: "button primary", href: `#/table/${encodeURIComponent(t.id)}` }, "Join")
      : el("a", { class: "button", href: `#/table/${encodeURIComponent(t.id)}` }, "Watch");
  return el(
    "article",
    { class: "table-card", dataset: { table: t.id } },
    el(
      "header",
      {},
      el("strong", { text: `Table ${t.id}` }),
      el("span", { class: "badge status-" + t.status, text: t.status }),
      el("span", { class: "muted", text: rulesetText(t.ruleset) }),
      t.status === "playing" ? el("span", { class: "muted", text: `${t.seq} moves` }) : null,
    ),
    el(
      "ul",
      { class: "seat-list" },
      t.seats.map((s) =>
        el(
          "li",
          { class: `seat-${s.kind}` },
          s.kind === "empty" ? el("em", { text: "empty seat" }) : el("span", { text: s.name }),
          s.kind === "bot" ? el("span", { class: "badge", text: s.bot }) : null,
        ),
      ),
    ),
    action,
  );
}

function createForm(options, app) {
  const presets = options.presets;
  const bots = options.bots || [];
  const minSeats = options.seats.min;
  const maxSeats = options.seats.max;
  const name = el("input", {
    type: "text",
    name: "name",
    maxlength: options.limits ? options.limits.name_length : 24,
    value: prefs.name,
    placeholder: "Your name",
    required: true,
    autocomplete: "nickname",
  });
  const count = el(
    "select",
    { name: "seats" },
    Array.from({ length: maxSeats - minSeats + 1 }, (_, i) => {
      const n = minSeats + i;
      return el("option", { value: n, text: `${n} seats`, selected: n === 4 });
    }),
  );
  const preset = el(
    "select",
    { name: "preset" },
    Object.keys(presets).map((p) => el("option", { value: p, text: p })),
  );
  const seatBox = el("ol", { class: "seat-config" });
  const optionBox = el("div", { class: "rule-options" });
  const problem = el("p", { class: "error", role: "alert", hidden: true });
  const seatChoice = [];

  const drawSeats = () => {
    const n = Number(count.value);
    const before = seatChoice.map((s) => s.value);
    seatChoice.length = 0;
    seatBox.replaceChildren();
    for (let seat = 0; seat < n; seat++) {
      const select = el(
        "select",
        { name: `seat-${seat}`, "aria-label": `seat ${seat + 1}` },
        el("option", { value: "me", text: "Me" }),
        el("option", { value: "open", text: "Open for a person" }),
        bots.map((b) => el("option", { value: "bot:" + b.spec, text: `Bot: ${b.label}` })),
      );
      select.value =
        before[seat] || (seat === 0 ? "me" : bots.length ? "bot:" + bots[0].spec : "open");
      select.addEventListener("change", () => {
        if (select.value === "me")
          for (const other of seatChoice)
            if (other !== select && other.value === "me") other.value = "open";
      });
      seatChoice.push(select);
      seatBox.appendChild(
        el("li", {}, el("span", { class: "seat-no", text: `Seat ${seat + 1}` }), select),
      );
    }
  };

  // The values each word-valued option may take, from the server (the server checks them);
  // an option it does not list offers the values seen in some preset.
  const known = {};
  for (const fields of Object.values(presets)) {
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") (known[key] = known[key] || new Set()).add(value);
    }
  }
  for (const [key, values] of Object.entries(options.choices || {})) known[key] = new Set(values);

  const drawOptions = () => {
    optionBox.replaceChildren();
    for (const [key, value] of Object.entries(presets[preset.value])) {
      const label = key.replaceAll("_", " ");
      let input;
      if (typeof value === "boolean") {
        input = el("input", { type: "checkbox", name: key, checked: value });
      } else if (typeof value === "number" || value === null) {
        input = el("input", {
          type: "number",
          name: key,
          value: value === null ? "" : value,
          placeholder: value === null ? "default" : "",
        });
      } else {
        input = el(
          "select",
          { name: key },
          [...known[key]].map((v) => el("option", { value: v, text: v.replaceAll("_", " ") })),
        );
        input.value = value;
      }
      input.dataset.option = key;
      optionBox.appendChild(
        el(
          "label",
          { class: "option" },
          el("span", { text: label }),
          el("span", { class: "control" }, input),
        ),
      );
    }
  };

  const readOptions = () => {
    const base = presets[preset.value];
    const out = {};
    for (const input of optionBox.querySelectorAll("[data-option]")) {
      const key = input.dataset.option;
      let value;
      if (input.type === "checkbox") value = input.checked;
      else if (input.type === "number")
        value = input.value === "" ? base[key] : Number(input.value);
      else value = input.value === "" ? base[key] : input.value;
      if (value !== base[key]) out[key] = value;
    }
    return out;
  };

  count.addEventListener("change", drawSeats);
  preset.addEventListener("change", drawOptions);
  drawSeats();
  drawOptions();

  const form = el(
    "form",
    { class: "create-form" },
    el("label", {}, "Your name ", name),
    el(
      "div",
      { class: "row" },
      el("label", {}, "Seats ", count),
      el("label", {}, "Rules ", preset),
    ),
    el("h3", { text: "Who sits where" }),
    seatBox,
    el("details", {}, el("summary", { text: "Rule options" }), optionBox),
    problem,
    el("button", { type: "submit", class: "primary", id: "create" }, "Create table"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const choice = seatChoice.map((s) => s.value);
    const botSeats = {};
    choice.forEach((c, seat) => c.startsWith("bot:") && (botSeats[String(seat)] = c.slice(4)));
    const mySeat = choice.indexOf("me");
    const body = { seats: Number(count.value), bots: botSeats };
    const opts = readOptions();
    body.ruleset = Object.keys(opts).length
      ? { preset: preset.value, options: opts }
      : preset.value;
    if (mySeat >= 0) {
      const who = name.value.trim();
      if (!who) {
        problem.hidden = false;
        problem.textContent = "Choose a display name, or set no seat to “Me”.";
        return;
      }
      body.name = who;
      body.seat = mySeat;
      prefs.name = who;
    }
    try {
      const reply = await api.create(body);
      if (reply.token) seats.set(reply.table.id, reply.seat, reply.token, body.name);
      app.go(`#/table/${encodeURIComponent(reply.table.id)}`);
    } catch (err) {
      problem.hidden = false;
      problem.textContent = err.message;
    }
  });
  return form;
}
