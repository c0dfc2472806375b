// The create form: the game (when the server offers several), its seats range, its ruleset
// preset and options (drawn from the game's options schema, shell/options.js; a preset may
// have its own seats range and offer only some options, as 1817's titles 1817, 1817NA and
// 1817WO do), who sits where (me, open for a person, or a bot of one of the game's levels),
// and the pace: live, with a turn timer, or correspondence, played over days with hours a
// move; and what happens when a person's time runs out (wait, or a bot plays).

import { api, prefs, seats } from "./api.js";
import { el, replace } from "./dom.js";
import { gameOptions } from "./options.js";
import { article, plural } from "./words.js";

/** Options the seat count decides (a table has as many players as seats), never asked. */
const DECIDED_BY_SEATS = new Set(["min_players", "max_players"]);

/**
 * @param {object} options the normalised options (shell/options.js)
 * @param {{go: (hash: string) => void}} app
 */
export function createForm(options, app) {
  const name = el("input", {
    type: "text",
    name: "name",
    maxlength: options.limits.name_length || 24,
    value: prefs.name,
    placeholder: "Your name",
    required: true,
    autocomplete: "nickname",
  });
  const gameSelect = el(
    "select",
    { name: "game" },
    options.games.map((g) => el("option", { value: g.name, text: g.title })),
  );
  const count = el("select", { name: "seats" });
  const preset = el("select", { name: "preset" });
  const presetLabel = el("label", {}, "Rules ", preset);
  const presetAbout = el("p", { class: "muted preset-about" });
  const seatBox = el("ol", { class: "seat-config" });
  // what each bot level is and how long it thinks (GET /api/options' `about`)
  const levelsBox = el("ul", { class: "bot-levels hint" });
  const optionBox = el("div", { class: "rule-options" });
  const optionsPanel = el("details", {}, el("summary", { text: "Rule options" }), optionBox);
  const problem = el("p", { class: "error", role: "alert", hidden: true });
  const seatChoice = [];
  const game = () => gameOptions(options, gameSelect.value);
  const timer = el(
    "select",
    { name: "timer" },
    Object.entries(options.timers || {}).map(([value, seconds]) =>
      el("option", { value, text: seconds ? `${value} (${duration(seconds)} a move)` : value }),
    ),
  );
  const onTimeout = el("select", { name: "on_timeout" });
  const slow = options.correspondence;
  const pace = el(
    "select",
    { name: "pace" },
    el("option", { value: "live", text: "live, at one sitting" }),
    el("option", { value: "correspondence", text: "correspondence, over days" }),
  );
  const hours = el("input", {
    type: "number",
    name: "move_hours",
    min: slow ? slow.min_hours : 1,
    max: slow ? slow.max_hours : 336,
    step: 1,
    value: 24,
    required: true,
  });
  const timerLabel = el("label", {}, "Turn timer ", timer);
  const hoursLabel = el("label", { hidden: true }, "Hours a move ", hours);
  const timerRow = el(
    "div",
    { class: "row timer-options", hidden: !options.timers },
    slow ? el("label", {}, "Pace ", pace) : null,
    timerLabel,
    hoursLabel,
    el("label", {}, "When time runs out ", onTimeout),
  );
  const correspondence = () => !!slow && pace.value === "correspondence";
  const drawPace = () => {
    timerLabel.hidden = correspondence();
    hoursLabel.hidden = !correspondence();
    onTimeout.disabled = !correspondence() && timer.value === "off";
  };
  pace.addEventListener("change", drawPace);
  const drawTimeout = () => {
    replace(
      onTimeout,
      el("option", { value: "wait", text: "wait for the person" }),
      game().bots.map((b) => el("option", { value: b.spec, text: `${article(b.label)} ${b.label} bot plays` })),
    );
    drawPace();
  };
  timer.addEventListener("change", drawPace);
  const rated = el("input", { type: "checkbox", name: "rated", checked: true });
  // Hints are always on against bots; at a table of two or more people only if made so.
  const hints = el("input", { type: "checkbox", name: "hints" });
  const hintsRow = el(
    "label",
    { class: "row hints-option" },
    hints,
    " Hints for everyone (the bot's suggestion on request, even with several people)",
  );

  /** The preset's details: its seats range and the options it offers (all: `null`). */
  const details = () => {
    const g = game();
    const d = g.presetDetails && g.presetDetails[preset.value];
    return d || { seats: g.seats, options: null, description: "" };
  };

  /** The seat counts of the chosen preset, keeping the count chosen when it still fits. */
  const drawCount = (fresh) => {
    const { min, max, default: usual } = details().seats;
    const before = Number(count.value);
    replace(
      count,
      Array.from({ length: max - min + 1 }, (_, i) => {
        const n = min + i;
        return el("option", { value: n, text: plural(n, "seat") });
      }),
    );
    // each game starts at its own usual table size; a count that still fits stays
    count.value = String(!fresh && before >= min && before <= max ? before : usual);
  };

  const drawGame = () => {
    const g = game();
    replace(
      preset,
      Object.keys(g.presets || {}).map((p) => {
        const about = g.presetDetails && g.presetDetails[p] && g.presetDetails[p].description;
        // the name alone keeps the select narrow; its line is shown below it (drawAbout)
        return el("option", { value: p, text: p, title: about || null });
      }),
    );
    if (g.presets) preset.value = g.preset;
    presetLabel.hidden = !g.presets;
    drawCount(true);
    seatChoice.length = 0; // bots differ between games: choose afresh
    drawSeats();
    drawOptions();
    drawAbout();
    drawTimeout();
  };

  const drawSeats = () => {
    const g = game();
    replace(
      levelsBox,
      g.bots
        .filter((b) => b.about)
        .map((b) => el("li", {}, el("strong", { text: `${b.label}: ` }), b.about)),
    );
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
        g.bots.map((b) =>
          el("option", { value: "bot:" + b.spec, text: `Bot: ${b.label}`, title: b.about || "" }),
        ),
      );
      select.value =
        before[seat] || (seat === 0 ? "me" : g.bots.length ? "bot:" + g.bots[0].spec : "open");
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

  /** Each option's value before the player changes it: the preset's, else the option's default. */
  const baseValues = () => {
    const g = game();
    const fromPreset = g.presets ? g.presets[preset.value] || {} : {};
    return Object.fromEntries(
      g.options.map((o) => [o.name, o.name in fromPreset ? fromPreset[o.name] : o.default]),
    );
  };

  /** The options a table of the chosen preset may change (the seat count aside). */
  const offered = () => {
    const names = details().options;
    return game().options.filter(
      (o) => (!names || names.includes(o.name)) && !DECIDED_BY_SEATS.has(o.name),
    );
  };

  const drawAbout = () => {
    const about = details().description;
    presetAbout.hidden = !about;
    presetAbout.textContent = about ? `${preset.value}: ${about}` : "";
  };

  /** Why the chosen seats and options cannot make a table, or null (checked before sending). */
  const mistake = () => {
    const { min, max } = details().seats;
    const n = Number(count.value);
    if (n < min || n > max) {
      return `The ${preset.value || game().title} rules take ${min} to ${max} players, not ${n}.`;
    }
    if (correspondence() && !hours.checkValidity()) {
      return `Hours a move: ${hours.validationMessage}`;
    }
    for (const input of optionBox.querySelectorAll("input[type=number]")) {
      if (!input.checkValidity()) {
        return `${input.dataset.option.replaceAll("_", " ")}: ${input.validationMessage}`;
      }
    }
    return null;
  };

  const drawOptions = () => {
    const base = baseValues();
    optionBox.replaceChildren();
    const shown = offered();
    optionsPanel.hidden = !shown.length;
    for (const o of shown) {
      const value = base[o.name];
      let input;
      if (o.type === "bool") {
        input = el("input", { type: "checkbox", name: o.name, checked: !!value });
      } else if (o.type === "int") {
        input = el("input", {
          type: "number",
          name: o.name,
          min: o.min,
          max: o.max,
          step: o.step || 1,
          value: value === null ? "" : value,
          placeholder: value === null ? "default" : "",
        });
      } else if (o.type === "choice") {
        input = el(
          "select",
          { name: o.name },
          o.values.map((v) => el("option", { value: v, text: String(v).replaceAll("_", " ") })),
        );
        input.value = value;
      } else {
        input = el("input", { type: "text", name: o.name, value: value ?? "" });
      }
      input.dataset.option = o.name;
      optionBox.appendChild(
        el(
          "label",
          { class: "option", title: o.help || null },
          el("span", { text: o.label }),
          el("span", { class: "control" }, input),
        ),
      );
    }
  };

  /** The options that differ from the preset (or the defaults), as the server takes them. */
  const changedOptions = () => {
    const base = baseValues();
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

  gameSelect.addEventListener("change", drawGame);
  count.addEventListener("change", drawSeats);
  preset.addEventListener("change", () => {
    drawCount(false);
    drawSeats();
    drawOptions();
    drawAbout();
  });
  drawGame();

  const form = el(
    "form",
    { class: "create-form", novalidate: true },
    el("label", {}, "Your name ", name),
    options.games.length > 1 ? el("label", {}, "Game ", gameSelect) : null,
    el("div", { class: "row" }, presetLabel, el("label", {}, "Seats ", count)),
    presetAbout,
    el("h3", { text: "Who sits where" }),
    seatBox,
    levelsBox,
    timerRow,
    el(
      "label",
      { class: "rated", title: "whether the finished game changes the players' ratings" },
      rated,
      " Rated game",
    ),
    hintsRow,
    optionsPanel,
    problem,
    el("button", { type: "submit", class: "primary", id: "create" }, "Create table"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const wrong = mistake();
    if (wrong) {
      problem.hidden = false;
      problem.textContent = wrong;
      return;
    }
    const g = game();
    const choice = seatChoice.map((s) => s.value);
    const botSeats = {};
    choice.forEach((c, seat) => c.startsWith("bot:") && (botSeats[String(seat)] = c.slice(4)));
    const mySeat = choice.indexOf("me");
    const body = { seats: Number(count.value), bots: botSeats };
    if (!options.legacy) body.game = g.name;
    if (!rated.checked) body.rated = false;
    if (correspondence()) {
      body.timer = "correspondence";
      body.move_hours = Number(hours.value);
      body.on_timeout = onTimeout.value;
    } else if (options.timers && timer.value !== "off") {
      body.timer = timer.value;
      body.on_timeout = onTimeout.value;
    }
    if (hints.checked) body.hints = true;
    const changed = changedOptions();
    const anyChange = Object.keys(changed).length > 0;
    if (g.presets)
      body.ruleset = anyChange ? { preset: preset.value, options: changed } : preset.value;
    else if (anyChange) body.ruleset = { options: changed };
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

/** "30 s", "2 min", "1 h 30 min". */
function duration(seconds) {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h` + (minutes % 60 ? ` ${minutes % 60} min` : "");
}
