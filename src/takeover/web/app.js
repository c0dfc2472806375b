// The app: a hash router (#/, #/table/ID, #/games, #/replay/ID[/N], and the people's pages of
// shell/account.js: #/signin, #/welcome/TOKEN, #/reset/TOKEN, #/me, #/leaderboard[/POOL],
// #/people/ID) over the shell's pages
// (shell/), and the connection banner that says clearly when the server is away. What each
// game draws lives in games/ (games/index.js is the registry).

import {
  LeaderboardPage,
  LinkPage,
  MePage,
  ProfilePage,
  SignInPage,
  accountLink,
} from "./shell/account.js";
import { el, replace } from "./shell/dom.js";
import { GamesPage } from "./shell/finished.js";
import { LobbyPage } from "./shell/lobby.js";
import { ReplayPage } from "./shell/replay.js";
import { TablePage } from "./shell/table.js";

class App {
  constructor(root, banner) {
    this.root = root;
    this.banner = banner;
    this.page = null;
    window.addEventListener("hashchange", () => this.route());
    this.route();
  }

  go(hash) {
    if (location.hash === hash) this.route();
    else location.hash = hash;
  }

  route() {
    if (this.page) this.page.destroy();
    this.connection("ok");
    const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
    let page;
    if (parts[0] === "table" && parts[1]) page = new TablePage(parts[1], this);
    else if (parts[0] === "replay" && parts[1])
      page = new ReplayPage(parts[1], parts[2] ? Number(parts[2]) : 0, this);
    else if (parts[0] === "games") page = new GamesPage(this);
    else if (parts[0] === "signin") page = new SignInPage(this);
    else if ((parts[0] === "welcome" || parts[0] === "reset") && parts[1])
      page = new LinkPage(parts[0], parts[1], this);
    else if (parts[0] === "me") page = new MePage(this);
    else if (parts[0] === "leaderboard") page = new LeaderboardPage(parts[1], this);
    else if (parts[0] === "people" && parts[1]) page = new ProfilePage(parts[1]);
    else page = new LobbyPage(this);
    this.page = page;
    replace(this.root, page.node);
    for (const link of document.querySelectorAll("nav a")) {
      link.classList.toggle("current", link.dataset.route === (parts[0] || "lobby"));
    }
    window.scrollTo(0, 0);
  }

  /** "ok" hides the banner; "lost" shows `text` and, with `retry`, a "try now" button. */
  connection(state, text, retry) {
    document.body.dataset.connection = state;
    if (state === "ok") {
      this.banner.hidden = true;
      replace(this.banner);
      return;
    }
    this.banner.hidden = false;
    replace(
      this.banner,
      el("span", { text: text || "The server is away." }),
      retry ? el("button", { class: "small", onclick: retry }, "Try now") : null,
    );
  }
}

accountLink(document.getElementById("account-link"));
window.takeover = new App(document.getElementById("app"), document.getElementById("banner"));
