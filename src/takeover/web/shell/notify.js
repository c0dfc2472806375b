// "It is your turn" in the browser's own notification, for a page left open in another tab.
// The server's `state` says whose decision it is (`decision.seats`); when a decision comes to
// this page's seat from someone else's and the page is hidden, the page shows a notification
// (one per table at a time: its `tag`). The browser asks the person first: the page offers a
// button for it while the permission is neither given nor refused. Nothing else is sent or
// loaded (within the page's Content-Security-Policy). See docs/server-protocol.md, "In the page".

import { el } from "./dom.js";

const supported = () => typeof Notification !== "undefined";

export class TurnNotice {
  /** @param {string} tableId */
  constructor(tableId) {
    this.tableId = tableId;
    this.mine = null; // whether the last state's decision was this seat's (null: none seen)
    this.button = el(
      "button",
      { class: "small", type: "button", onclick: () => this.ask() },
      "Tell me when it is my turn",
    );
    this.node = el(
      "p",
      { class: "turn-notice muted", hidden: true },
      "Playing in another tab? ",
      this.button,
    );
  }

  async ask() {
    try {
      await Notification.requestPermission();
    } finally {
      this.node.hidden = true;
    }
  }

  /**
   * A new state: tell the person if their turn has just begun and they are not looking.
   * @param {object} m the `state` message
   * @param {number|null} mySeat
   * @param {string} title the game's title
   */
  update(m, mySeat, title) {
    const seated = mySeat !== null && m.status === "playing";
    this.node.hidden = !(seated && supported() && Notification.permission === "default");
    const mine = seated && !!m.decision && (m.decision.seats || []).includes(mySeat);
    const begins = mine && this.mine === false; // not on the page's first state
    this.mine = mine;
    if (!begins || !document.hidden || !supported() || Notification.permission !== "granted") {
      return;
    }
    let notice;
    try {
      notice = new Notification("Your turn", {
        body: `It is your turn at ${title} table ${this.tableId}.`,
        tag: `takeover-turn-${this.tableId}`,
      });
    } catch {
      return; // a browser that shows notifications only from a service worker (Android)
    }
    notice.onclick = () => {
      window.focus();
      notice.close();
    };
  }
}
