// The waiting room of a table that has not started: who sits where, join a seat with a
// display name, leave, and start (optionally filling empty seats with bots of the game).

import { gameOf } from "../games/index.js";
import { prefs } from "./api.js";
import { el } from "./dom.js";
import { gameOptions, loadOptions } from "./options.js";
import { displayNames, presenceDot, seatDetails } from "./seats.js";
import { settingsLine } from "./settings.js";

/**
 * @param {object} table the lobby's table
 * @param {number|null} mySeat
 * @param {{join: Function, leave: Function, start: Function}} page
 * @param {boolean} known whether the seats' presence is current (the socket is up)
 */
export function renderWaitingRoom(table, mySeat, page, known) {
  const seated = mySeat !== null && mySeat !== undefined;
  const problem = el("p", { class: "error", role: "alert", hidden: true });
  const fail = (err) => {
    problem.hidden = false;
    problem.textContent = err.message || String(err);
  };
  const nameInput = el("input", {
    type: "text",
    name: "name",
    maxlength: 24,
    placeholder: "Your name",
    value: prefs.name,
    "aria-label": "your name",
    autocomplete: "nickname",
  });
  const sitAt = (seat) => {
    const name = nameInput.value.trim();
    if (!name) {
      fail(new Error("Choose a display name first."));
      nameInput.focus();
      return;
    }
    page.join(seat, name).catch(fail);
  };
  const names = displayNames(table.seats);
  const rows = table.seats.map((s) =>
    el(
      "li",
      { class: `seat seat-${s.kind}`, dataset: { seat: String(s.seat) } },
      el("span", { class: "seat-no", text: `Seat ${s.seat + 1}` }),
      s.kind === "empty"
        ? el("span", { class: "muted", text: "empty" })
        : el("strong", { class: "seat-name", title: seatDetails(s), text: names[s.seat] }),
      s.kind === "bot" ? el("span", { class: "badge", title: seatDetails(s), text: "bot" }) : null,
      s.seat === mySeat ? el("span", { class: "badge you", text: "you" }) : null,
      s.kind === "human" && s.seat !== mySeat ? presenceDot(s, known) : null,
      s.kind === "empty" && !seated
        ? el("button", { class: "small primary", onclick: () => sitAt(s.seat) }, "Sit here")
        : null,
    ),
  );
  const empty = table.seats.filter((s) => s.kind === "empty").length;
  const fill = el(
    "select",
    { name: "fill", "aria-label": "fill empty seats with" },
    el("option", { value: "", text: "leave empty seats for people" }),
  );
  loadOptions()
    .then((o) => {
      const bots = gameOptions(o, gameOf(table)).bots;
      for (const bot of bots)
        fill.appendChild(
          el("option", { value: bot.spec, text: `fill empty seats with ${bot.label} bots` }),
        );
      if (empty && bots.length) fill.value = bots[0].spec;
    })
    .catch(() => {});
  const controls = seated
    ? el(
        "div",
        { class: "choices" },
        empty ? fill : null,
        el(
          "button",
          { class: "primary", id: "start", onclick: () => page.start(fill.value).catch(fail) },
          "Start the game",
        ),
        el("button", { onclick: () => page.leave().catch(fail) }, "Leave my seat"),
      )
    : el(
        "div",
        { class: "choices" },
        el("label", {}, "Name ", nameInput),
        el("span", { class: "muted", text: "then pick a seat" }),
      );
  return [
    el("h2", { text: seated ? "Waiting for the start" : "Join this table" }),
    el("p", {}, settingsLine(table)),
    el("ol", { class: "seats" }, rows),
    controls,
    problem,
    el("p", {
      class: "muted",
      text: empty
        ? "Share the invite link so friends can take the empty seats. Any seated player may start."
        : "Every seat is taken. Any seated player may start.",
    }),
  ];
}
