// Table chat: messages are people's words, always inserted as text.

import { el } from "./dom.js";

export class Chat {
  /** @param {(text: string) => boolean} send returns false when not connected */
  constructor(send, maxLength = 300) {
    this.list = el("ol", { class: "chat-list", "aria-live": "polite" });
    this.input = el("input", {
      type: "text",
      name: "chat",
      maxlength: maxLength,
      placeholder: "Say something…",
      autocomplete: "off",
      "aria-label": "chat message",
    });
    const form = el(
      "form",
      { class: "chat-form" },
      this.input,
      el("button", { type: "submit" }, "Send"),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text && send(text)) this.input.value = "";
    });
    this.form = form;
    this.note = el("p", {
      class: "muted chat-note",
      hidden: true,
      text: "Spectators read the chat; only the players at the table write here.",
    });
    this.node = el("section", { class: "chat" }, el("h3", { text: "Chat" }), this.list, form, this.note);
    this.seen = new Set();
    // Like the log: follow new lines unless the reader scrolled up; land at the bottom when
    // the list first appears.
    this.follow = true;
    this.list.addEventListener("scroll", () => {
      const l = this.list;
      this.follow = l.scrollTop + l.clientHeight >= l.scrollHeight - 8;
    });
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.follow && this.stick()).observe(this.list);
    }
  }

  /** Whether this page may write: a spectator where the server keeps chat to the players
   * (its `spectator_chat` limit) gets the lines without a box that would refuse them. */
  setWriter(may) {
    this.form.hidden = !may;
    this.note.hidden = may;
  }

  stick() {
    this.list.scrollTop = this.list.scrollHeight;
  }

  add(message) {
    // The server replays recent chat after every hello; skip what we already show.
    const id = `${message.at}|${message.seat}|${message.name}|${message.text}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    const time = message.at ? new Date(message.at) : null;
    this.list.appendChild(
      el(
        "li",
        {},
        time && !isNaN(time)
          ? el("time", {
              text: time.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }),
            })
          : null,
        el("strong", { text: (message.name || "spectator") + ":" }),
        " ",
        el("span", { text: message.text }),
      ),
    );
    while (this.list.childElementCount > 200) this.list.firstElementChild.remove();
    if (this.follow) this.stick();
  }
}
