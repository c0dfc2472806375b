// People: who is signed in (`account`), and their pages: sign in / sign up / forgotten
// password (#/signin), the e-mailed links (#/welcome/TOKEN, #/reset/TOKEN), my games (#/me),
// leaderboards (#/leaderboard[/POOL]) and a person's profile (#/people/ID). The session is
// an HttpOnly cookie this script never sees; changes it authenticates carry the session's
// anti-forgery token (`account.me.csrf`). A browser hands the server every seat token it
// holds when it signs in, so a guest's seats become the account's.

import { gameTitle } from "../games/index.js";
import { api, seats } from "./api.js";
import { el, replace } from "./dom.js";
import { displayNames } from "./seats.js";
import { plural } from "./words.js";

export const account = {
  /** The signed-in person ({id, name, email, csrf}) or null; undefined until asked. */
  me: undefined,
  listeners: new Set(),

  async load() {
    try {
      this.set(await api.me());
    } catch {
      this.set(null);
    }
    return this.me;
  },

  set(me) {
    this.me = me;
    if (me && me.seats) keepSeats(me.seats);
    for (const listener of this.listeners) listener(me);
  },
};

/** Store the seat tokens the account gave (they replace the guest tokens). */
function keepSeats(list) {
  for (const s of list) {
    const saved = seats.get(s.table);
    seats.keep(s.table, s.seat, s.token, saved ? saved.name : "");
  }
}

// A seat taken while signed in is handed to the account at once.
window.addEventListener("takeover:seat", async (event) => {
  if (!account.me) return;
  try {
    const reply = await api.claim(account.me.csrf, [
      { table: event.detail.tableId, token: event.detail.token },
    ]);
    keepSeats(reply.seats);
  } catch {
    // (still a guest's seat in this browser: signing in again hands it over)
  }
});

/** The header's link: "Sign in", or the person's name (to their games). */
export function accountLink(link) {
  const draw = (me) => {
    link.textContent = me ? me.name : "Sign in";
    link.href = me ? "#/me" : "#/signin";
    link.dataset.route = me ? "me" : "signin";
  };
  account.listeners.add(draw);
  draw(account.me);
  account.load();
}

function field(label, attrs) {
  const input = el("input", { required: true, ...attrs });
  return [el("label", {}, el("span", { text: label }), input), input];
}

function form(title, fields, button, submit) {
  const message = el("p", { class: "notice", role: "status" });
  const node = el(
    "form",
    {
      class: "account-form",
      onsubmit: async (event) => {
        event.preventDefault();
        const go = node.querySelector("button");
        go.disabled = true;
        replace(message);
        message.className = "notice";
        try {
          const said = await submit();
          if (said) replace(message, said);
        } catch (err) {
          message.className = "notice error";
          replace(message, err.message);
        } finally {
          go.disabled = false;
        }
      },
    },
    el("h2", { text: title }),
    fields,
    el("button", { class: "primary", type: "submit" }, button),
    message,
  );
  return node;
}

export class SignInPage {
  constructor(app) {
    const [inEmailLabel, inEmail] = field("E-mail", { type: "email", name: "email", autocomplete: "username" });
    const [inPassLabel, inPass] = field("Password", {
      type: "password",
      name: "password",
      autocomplete: "current-password",
    });
    const signIn = form("Sign in", [inEmailLabel, inPassLabel], "Sign in", async () => {
      account.set(await api.signIn(inEmail.value, inPass.value, seats.all()));
      app.go("#/me");
    });
    const [upNameLabel, upName] = field("Name (shown to others)", { name: "name", maxlength: 24 });
    const [upEmailLabel, upEmail] = field("E-mail (never shown)", { type: "email", name: "new-email" });
    const [upPassLabel, upPass] = field("Password (at least 8 characters)", {
      type: "password",
      name: "new-password",
      autocomplete: "new-password",
      minlength: 8,
    });
    const signUp = form("Sign up", [upNameLabel, upEmailLabel, upPassLabel], "Sign up", async () => {
      const reply = await api.signUp(upName.value, upEmail.value, upPass.value);
      return reply.message;
    });
    const [fEmailLabel, fEmail] = field("E-mail", { type: "email", name: "forgot-email" });
    const forgot = form("Forgot your password?", [fEmailLabel], "Send me a link", async () => {
      const reply = await api.askReset(fEmail.value);
      return reply.message;
    });
    this.node = el(
      "div",
      { class: "page account-page" },
      el("section", { class: "panel" }, signIn, forgot),
      el(
        "section",
        { class: "panel" },
        signUp,
        el("p", {
          class: "muted",
          text: "Guests play without an account. With one, your games (those of this browser too) are kept in one place, open from any device, and rated.",
        }),
      ),
    );
  }

  destroy() {}
}

/** #/welcome/TOKEN: the sign-up link, opened; #/reset/TOKEN: a new password. */
export class LinkPage {
  constructor(kind, token, app) {
    this.node = el("div", { class: "page account-page" });
    if (kind === "welcome") {
      const status = el("p", { class: "muted", text: "Finishing your sign-up…" });
      replace(this.node, el("section", { class: "panel" }, el("h2", { text: "Welcome" }), status));
      api
        .confirm(token, seats.all())
        .then((me) => {
          account.set(me);
          app.go("#/me");
        })
        .catch((err) => {
          status.className = "error";
          replace(status, err.message, " ", el("a", { href: "#/signin", text: "Sign up or in" }));
        });
      return;
    }
    const [label, input] = field("New password (at least 8 characters)", {
      type: "password",
      autocomplete: "new-password",
      minlength: 8,
    });
    replace(
      this.node,
      el(
        "section",
        { class: "panel" },
        form("Choose a new password", [label], "Set the password", async () => {
          account.set(await api.reset(token, input.value, seats.all()));
          app.go("#/me");
        }),
      ),
    );
  }

  destroy() {}
}

function when(iso) {
  const d = iso ? new Date(iso) : null;
  return d && !isNaN(d) ? d.toLocaleString() : "";
}

/** #/me: my games (live with whose turn it is, finished ones to replay), my account. */
export class MePage {
  constructor(app) {
    this.app = app;
    this.live = el("div", {}, el("p", { class: "muted", text: "Loading your games…" }));
    this.finished = el("div");
    this.side = el("section", { class: "panel" });
    this.node = el(
      "div",
      { class: "page me-page" },
      el(
        "section",
        { class: "panel" },
        el("h2", { text: "My games" }),
        this.live,
        el("h3", { text: "Finished" }),
        this.finished,
      ),
      this.side,
    );
    this.load();
  }

  destroy() {}

  async load() {
    const me = account.me === undefined ? await account.load() : account.me;
    if (!me) {
      this.app.go("#/signin");
      return;
    }
    this.drawSide(me);
    try {
      const [live, finished] = await Promise.all([api.myGames("live"), api.myGames("finished")]);
      replace(this.live, this.list(live.games, true));
      replace(this.finished, this.list(finished.games, false));
    } catch (err) {
      replace(this.live, el("p", { class: "error", text: err.message }));
    }
  }

  list(games, live) {
    if (!games.length) {
      return el("p", { class: "muted", text: live ? "No games in play. Make a table in the lobby." : "None yet." });
    }
    return el(
      "ul",
      { class: "my-games" },
      games.map((g) => {
        const names = displayNames(g.seats).filter(Boolean).join(", ");
        const turn = g.turn
          ? g.turn.yours
            ? el("span", { class: "badge turn", text: "your turn" })
            : el("span", { text: `${g.turn.names.join(" or ")} to move` })
          : el("span", { class: "muted", text: g.status === "open" ? "waiting to start" : "" });
        const open = live
          ? el(
              "button",
              {
                class: "small primary",
                onclick: () => {
                  seats.keep(g.id, g.my_seat, g.token, account.me ? account.me.name : "");
                  this.app.go(`#/table/${encodeURIComponent(g.id)}`);
                },
              },
              "Open",
            )
          : el("a", { class: "button small", href: `#/replay/${encodeURIComponent(g.id)}` }, "Replay");
        return el(
          "li",
          { dataset: { game: g.id } },
          el("strong", { text: gameTitle(g.game || "acquire") }),
          " ",
          el("span", { class: "muted", text: names }),
          " ",
          turn,
          " ",
          el("span", {
            class: "muted",
            text: live ? `since ${when(g.turn ? g.turn.since : g.updated_at)}` : when(g.finished_at),
          }),
          " ",
          open,
        );
      }),
    );
  }

  drawSide(me) {
    const [oldLabel, oldPass] = field("Current password", {
      type: "password",
      autocomplete: "current-password",
    });
    const [newLabel, newPass] = field("New password", {
      type: "password",
      autocomplete: "new-password",
      minlength: 8,
    });
    replace(
      this.side,
      el("h2", { text: me.name }),
      el("p", { class: "muted", text: me.email }),
      el(
        "p",
        {},
        el("a", { href: `#/people/${encodeURIComponent(me.id)}`, text: "My profile and ratings" }),
      ),
      el(
        "button",
        {
          class: "sign-out",
          onclick: async () => {
            try {
              await api.signOut(me.csrf);
            } finally {
              account.set(null);
              this.app.go("#/");
            }
          },
        },
        "Sign out",
      ),
      form("Change password", [oldLabel, newLabel], "Change", async () => {
        account.set(await api.changePassword(me.csrf, oldPass.value, newPass.value));
        return "Your password is changed; your other devices are signed out.";
      }),
      this.noticesForm(me),
    );
  }

  /** When it is my turn: e-mail (each turn, or a daily digest) and a chat webhook. */
  noticesForm(me) {
    const mail = el("input", { type: "checkbox", name: "notice-email" });
    const digest = el("input", { type: "checkbox", name: "notice-digest" });
    const hook = el("input", {
      type: "url",
      name: "notice-webhook",
      placeholder: "https://discord.com/api/webhooks/…",
    });
    const node = form(
      "When it is my turn",
      [
        el("label", { class: "check" }, mail, " E-mail me"),
        el("label", { class: "check" }, digest, " …once a day, all my turns together"),
        el("label", {}, el("span", { text: "Chat webhook (Discord, Slack)" }), hook),
      ],
      "Save",
      async () => {
        const choice = { email: mail.checked, digest: digest.checked, webhook: hook.value.trim() };
        await api.setNotices(me.csrf, choice);
        return "Saved.";
      },
    );
    api
      .notices()
      .then((n) => {
        mail.checked = n.email;
        digest.checked = n.digest;
        hook.value = n.webhook || "";
      })
      .catch(() => {});
    return node;
  }
}

/** #/leaderboard[/POOL]: a pool's ratings, best first. */
export class LeaderboardPage {
  constructor(pool, app) {
    this.app = app;
    this.body = el("div", {}, el("p", { class: "muted", text: "Loading…" }));
    this.node = el(
      "div",
      { class: "page leaderboard-page" },
      el("section", { class: "panel" }, el("h2", { text: "Leaderboard" }), this.body),
    );
    this.load(pool);
  }

  destroy() {}

  async load(pool) {
    try {
      const { pools } = await api.pools();
      const chosen = pool || pools[0].pool;
      const board = await api.leaderboard(chosen);
      const picker = el(
        "nav",
        { class: "choices" },
        pools.map((p) =>
          el("a", {
            class: p.pool === chosen ? "button small primary" : "button small",
            href: `#/leaderboard/${encodeURIComponent(p.pool)}`,
            text: p.title,
          }),
        ),
      );
      const rows = board.entries.map((e) =>
        el(
          "tr",
          {},
          el("td", { class: "num", text: e.place }),
          el(
            "td",
            {},
            e.kind === "person"
              ? el("a", { href: `#/people/${encodeURIComponent(e.id)}`, text: e.name })
              : [el("span", { text: e.name }), " ", el("span", { class: "badge", text: "bot" })],
          ),
          el("td", { class: "num", text: e.rating.toFixed(1) }),
          el("td", { class: "num", text: e.games }),
          el("td", { class: "num", text: e.wins }),
        ),
      );
      replace(
        this.body,
        picker,
        board.entries.length
          ? el(
              "table",
              { class: "games leaderboard" },
              el(
                "thead",
                {},
                el("tr", {}, ["", "Player", "Rating", "Games", "Wins"].map((h) => el("th", { text: h }))),
              ),
              el("tbody", {}, rows),
            )
          : el("p", { class: "muted", text: `No rated ${board.title} games yet.` }),
      );
    } catch (err) {
      replace(this.body, el("p", { class: "error", text: err.message }));
    }
  }
}

/** #/people/ID: a person's ratings with their history, games played and won, games to replay. */
export class ProfilePage {
  constructor(id) {
    this.body = el("div", {}, el("p", { class: "muted", text: "Loading…" }));
    this.node = el("div", { class: "page profile-page" }, el("section", { class: "panel" }, this.body));
    this.load(id);
  }

  destroy() {}

  async load(id) {
    try {
      const p = await api.person(id);
      replace(
        this.body,
        el("h2", { text: p.name }),
        el("p", {
          class: "muted",
          text: `${plural(p.games, "finished game")}, ${plural(p.wins, "rated win")}; playing since ${when(p.since)}`,
        }),
        el("h3", { text: "Ratings" }),
        p.ratings.length
          ? el(
              "ul",
              { class: "ratings" },
              p.ratings.map((r) =>
                el("li", { text: `${r.pool}: ${r.rating.toFixed(1)} (${plural(r.games, "game")}, ${plural(r.wins, "win")})` }),
              ),
            )
          : el("p", { class: "muted", text: "No rated games yet." }),
        p.history.length ? el("h3", { text: "Rating after each game" }) : null,
        p.history.length
          ? el(
              "ol",
              { class: "history" },
              p.history.map((h) =>
                el(
                  "li",
                  {},
                  el("a", { href: `#/replay/${encodeURIComponent(h.table)}`, text: h.pool }),
                  ` place ${h.rank}: ${h.rating.toFixed(1)} · ${when(h.at)}`,
                ),
              ),
            )
          : null,
        el("h3", { text: "Finished games" }),
        p.finished.length
          ? el(
              "ul",
              { class: "my-games" },
              p.finished.map((g) =>
                el(
                  "li",
                  {},
                  el("strong", { text: gameTitle(g.game || "acquire") }),
                  " ",
                  el("span", { class: "muted", text: displayNames(g.seats).filter(Boolean).join(", ") }),
                  " ",
                  el("span", { class: "muted", text: when(g.finished_at) }),
                  " ",
                  el("a", { class: "button small", href: `#/replay/${encodeURIComponent(g.id)}` }, "Replay"),
                ),
              ),
            )
          : el("p", { class: "muted", text: "None yet." }),
      );
    } catch (err) {
      replace(this.body, el("p", { class: "error", text: err.message }));
    }
  }
}
