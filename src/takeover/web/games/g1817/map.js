// The map (placeholder until the board view lands): see docs/1817.md.

import { el } from "../../shell/dom.js";

export class MapView {
  constructor() {
    this.node = el("div", { class: "map" });
  }

  update(view) {
    this.node.textContent = view.map ? "" : "The map is not drawn yet.";
  }

  destroy() {}
}
