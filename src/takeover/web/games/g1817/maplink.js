// The link between the map prompts and the map panel: the prompt is drawn before the
// panels for each state, so a map prompt leaves here what the map should do (what a click on
// a hex or a city means, what to draw on top once the map is drawn), and the table's map
// picks it up.

export const mapLink = {
  /** @type {((hex: string, city: string|null, slot: number|null) => void) | null} */
  onPick: null,
  /** @type {(() => void) | null} drawn after the map (previews, routes) */
  after: null,
  /** @type {import("./map.js").MapView | null} the live table's map */
  map: null,
  /** set by whoever set `onPick` for the state being drawn (else it is dropped) */
  fresh: false,
};

/** What the map shows of the legal map actions: hexes to lay on, city slots to token (or
 * tokens to give back). */
export function markLegal(map, legal) {
  const hexes = new Set(legal.filter((a) => a.type === "lay_tile").map((a) => a.hex));
  for (const hex of hexes) map.hexNode(hex)?.classList.add("legal");
  for (const a of legal.filter((x) => x.type === "place_token" || x.type === "remove_token")) {
    const slot = map.svg.querySelector(
      `.slot[data-city="${CSS.escape(String(a.city))}"][data-slot="${Number(a.slot) || 0}"]`,
    );
    if (slot) slot.classList.add("legal");
    else map.svg.querySelector(`.slot[data-city="${CSS.escape(String(a.city))}"]`)?.classList.add("legal");
  }
}
