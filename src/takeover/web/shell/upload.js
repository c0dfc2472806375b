// Watching a game played elsewhere: a record file (an 18xx.games export of a 1817 game) is
// sent as it is to POST /api/imports; the server replays it once (a record it cannot replay
// is refused with the action that failed) and the replay viewer then steps through it.

import { api } from "./api.js";
import { el } from "./dom.js";
import { loadOptions } from "./options.js";

/**
 * The import panel: a file input, what the server reads, and the server's refusal if any.
 * @param {{go: (hash: string) => void}} app
 */
export function importPanel(app) {
  const file = el("input", {
    type: "file",
    name: "record",
    accept: ".json,application/json",
    "aria-label": "game record",
  });
  const problem = el("p", { class: "error", role: "alert", hidden: true });
  const busy = el("p", { class: "muted", hidden: true, text: "Replaying the record…" });
  const say = (text) => {
    busy.hidden = true;
    problem.hidden = !text;
    problem.textContent = text || "";
  };
  const about = el("p", {
    class: "muted",
    text: "A game record exported from another site: step through it move by move.",
  });
  loadOptions()
    .then((options) => {
      const formats = options.imports.map((i) => `${i.source} (${i.title})`);
      if (formats.length)
        about.textContent = `A game exported from ${formats.join(" or ")}, as its JSON file: step through it move by move.`;
    })
    .catch(() => {});
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    if (!chosen) return;
    say("");
    let limit = 2_000_000;
    try {
      const options = await loadOptions();
      limit = options.limits.import_bytes || limit;
    } catch {
      // the server will say so itself
    }
    if (chosen.size > limit) {
      say(`${chosen.name} is too large: records of up to ${Math.floor(limit / 1000)} kB are read.`);
      return;
    }
    busy.hidden = false;
    try {
      const made = await api.importGame(await chosen.text());
      busy.hidden = true;
      app.go(`#/replay/${encodeURIComponent(made.id)}`);
    } catch (err) {
      say(`${chosen.name}: ${err.message}`);
    } finally {
      file.value = "";
    }
  });
  return el(
    "section",
    { class: "panel import-panel" },
    el("h2", { text: "Watch a game from elsewhere" }),
    about,
    el("label", {}, "Game record ", file),
    busy,
    problem,
  );
}
