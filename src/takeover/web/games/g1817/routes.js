// The route editor: for each train of the operating corporation, the hexes it runs through,
// clicked on the map in order (a click on the last hex takes it back). The hexes are cut
// into the record's connections at every stop (a hex with a city, town or off-board), which
// is drawing, not a rule; the server checks the routes and computes their revenue, and
// says why when a route is not legal (the refusal goes once a route changes). A listed run
// (the engine's suggestion) is the start, and "Suggested routes" brings it back; Enter runs.

import { el, money } from "../../shell/dom.js";
import { clickWord } from "../../shell/words.js";
import { trainName } from "./events.js";
import { drawRoutes } from "./mapprompts.js";
import { mapLink } from "./maplink.js";

function isStop(hex) {
  return !!hex && ((hex.cities || []).length || (hex.towns || []).length || (hex.offboards || []).length);
}

/** The record's connections for a sequence of hexes: cut at every stop; `complete` when it
 * starts and ends at a stop. */
export function connectionsOf(hexIds, hexes) {
  const out = [];
  let current = [];
  for (const id of hexIds) {
    current.push(id);
    if (isStop(hexes.get(id)) && current.length > 1) {
      out.push(current);
      current = [id];
    }
  }
  const complete =
    hexIds.length > 1 && isStop(hexes.get(hexIds[0])) && current.length === 1 && out.length > 0;
  return { connections: out, complete };
}

/** The hexes of a route's connections, in order, each once where two connections meet. */
function hexesOf(connections) {
  const out = [];
  for (const c of connections || []) for (const h of c) if (out[out.length - 1] !== h) out.push(h);
  return out;
}

/**
 * The editor for the operating corporation `sym`.
 * @param {object} o {view, sym, act(action), scratch, suggested (a listed run_routes or
 *   null), none (the listed run of no train, or null)}
 */
export function routeEditor({ view, sym, act, scratch, suggested, none = null }) {
  const corp = (view.corps || {})[sym] || {};
  const trains = corp.train_ids || [];
  const hexes = new Map(((view.map && view.map.hexes) || []).map((h) => [h.id, h]));
  if (!scratch.routes) {
    scratch.routes = {};
    for (const r of (suggested && suggested.routes) || [])
      scratch.routes[r.train] = hexesOf(r.connections);
    scratch.editing = trains.find((t) => !(scratch.routes[t] || []).length) || trains[0] || null;
    const known = suggested && (suggested.routes || []).every((r) => typeof r.revenue === "number");
    scratch.suggestedRevenue = known
      ? suggested.routes.reduce((sum, r) => sum + r.revenue, 0)
      : null;
  }
  const box = el("div", { class: "route-editor" });
  // a route changed: the server's refusal of the last one no longer applies
  const changed = () => {
    const prompt = box.closest(".prompt") || document.querySelector(".prompt");
    const error = prompt && prompt.querySelector(".prompt-error");
    if (error) error.remove();
  };

  const routes = () =>
    trains
      .map((train) => ({ train, ...connectionsOf(scratch.routes[train] || [], hexes) }))
      .filter((r) => r.connections.length);

  const show = () => {
    const map = mapLink.map;
    if (!map) return;
    if (!scratch.framed) {
      // the first time: the map shows the routes (or the corporation's network to draw on)
      scratch.framed = true;
      const ids = Object.values(scratch.routes).flat();
      if (ids.length) map.fitHexes(ids);
    }
    map.overlay.replaceChildren();
    drawRoutes(map, routes().map((r) => ({ train: r.train, connections: r.connections })), hexes);
  };

  const draw = () => {
    const all = routes();
    const incomplete = trains.filter(
      (t) => (scratch.routes[t] || []).length && !connectionsOf(scratch.routes[t], hexes).complete,
    );
    const action = {
      type: "run_routes",
      entity: sym,
      entity_type: "corporation",
      routes: all.map((r) => ({ train: r.train, connections: r.connections })),
    };
    const same = (runs) =>
      JSON.stringify(action.routes) ===
      JSON.stringify((runs || []).map((r) => ({ train: r.train, connections: r.connections })));
    // the listed action itself when nothing was changed (it is one of the legal actions)
    const listed = suggested && same(suggested.routes) ? suggested : none && same([]) ? none : null;
    const revenue = listed === suggested ? scratch.suggestedRevenue : null;
    const run = el(
      "button",
      {
        type: "button",
        class: "act primary run-routes",
        disabled: incomplete.length > 0,
        onclick: () => act(listed || action),
      },
      !all.length
        ? "Run no train"
        : revenue
          ? `Run for ${money(revenue)}`
          : listed
            ? "Run the suggested routes"
            : "Run these routes",
    );
    const changedFromSuggested = suggested && !same(suggested.routes);
    const restore = changedFromSuggested
      ? el(
          "button",
          {
            type: "button",
            class: "small restore-suggested",
            onclick: () => {
              scratch.routes = {};
              for (const r of suggested.routes || []) scratch.routes[r.train] = hexesOf(r.connections);
              changed();
              draw();
              show();
            },
          },
          "Suggested routes",
        )
      : null;
    box.runButton = run;
    box.replaceChildren(
      el("p", {
        class: "hint",
        text: `Routes for ${sym}: choose a train, then ${clickWord()} its hexes on the map in order, from a stop to a stop (again on the last hex to take it back). The server counts the revenue.`,
      }),
      el(
        "ol",
        { class: "route-trains" },
        trains.map((train) => {
          const hexIds = scratch.routes[train] || [];
          const { complete } = connectionsOf(hexIds, hexes);
          return el(
            "li",
            { class: train === scratch.editing ? "editing" : null, dataset: { train } },
            el(
              "button",
              {
                type: "button",
                class: `small${train === scratch.editing ? " primary" : ""}`,
                onclick: () => {
                  scratch.editing = train;
                  draw();
                },
              },
              `${trainName(train)} train`,
            ),
            el("span", {
              class: `route-hexes${hexIds.length && !complete ? " incomplete" : ""}`,
              text: hexIds.length ? hexIds.join(" → ") : "does not run",
            }),
            hexIds.length
              ? el(
                  "button",
                  {
                    type: "button",
                    class: "small",
                    onclick: () => {
                      scratch.routes[train] = [];
                      changed();
                      draw();
                      show();
                    },
                  },
                  "Clear",
                )
              : null,
          );
        }),
      ),
      incomplete.length
        ? el("p", { class: "muted", text: "A route starts and ends at a stop (a city, town or off-board)." })
        : "",
      el("div", { class: "row" }, run, restore),
    );
  };

  mapLink.onPick = (hex) => {
    const train = scratch.editing;
    if (!train) return;
    const list = scratch.routes[train] || (scratch.routes[train] = []);
    if (list[list.length - 1] === hex) list.pop();
    else list.push(hex);
    changed();
    draw();
    show();
  };
  // Enter runs the routes as drawn (while this editor is on the page and the run is allowed)
  const enter = (e) => {
    if (!box.isConnected) {
      document.removeEventListener("keydown", enter);
      return;
    }
    const target = e.target && e.target.tagName;
    if (e.key !== "Enter" || target === "INPUT" || target === "BUTTON" || target === "TEXTAREA") return;
    if (box.runButton && !box.runButton.disabled) {
      e.preventDefault();
      box.runButton.click();
    }
  };
  document.addEventListener("keydown", enter);
  mapLink.fresh = true;
  mapLink.after = show;
  draw();
  return box;
}
