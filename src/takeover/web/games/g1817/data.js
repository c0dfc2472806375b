// How 1817's corporations look: full names and colours (presentation only; the rules and
// the symbols come from the view). A symbol not listed here still gets a colour.

const CORPS = {
  "A&S": ["Alton & Southern", "#ee3e80"],
  "A&A": ["Arcade & Attica", "#904098"],
  Belt: ["Belt Railway of Chicago", "#ef4223"],
  Bess: ["Bessemer & Lake Erie", "#231f20"],
  "B&A": ["Boston & Albany", "#7a1f2b"],
  "DL&W": ["Delaware, Lackawanna & Western", "#984573"],
  J: ["Elgin, Joliet & Eastern", "#f5e32e"],
  GT: ["Grand Trunk Western", "#474548"],
  H: ["Housatonic", "#d6a029"],
  ME: ["Morristown & Erie", "#ffdf00"],
  NYOW: ["New York, Ontario & Western", "#0095da"],
  NYSW: ["New York, Susquehanna & Western", "#fff36b"],
  PSNR: ["Pittsburgh, Shawmut & Northern", "#0a884b"],
  PLE: ["Pittsburgh & Lake Erie", "#00afad"],
  PW: ["Providence & Worcester", "#bec8cc"],
  R: ["Rutland", "#165633"],
  SR: ["Strasburg", "#e0b0ff"],
  UR: ["Union", "#003d84"],
  WT: ["Warren & Trumbull", "#e96f2c"],
  WC: ["West Chester", "#984d2d"],
};

/** A corporation's colour (a stable made-up one for a symbol this client does not know). */
export function corpColour(sym) {
  if (CORPS[sym]) return CORPS[sym][1];
  let h = 0;
  for (const ch of String(sym)) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return `hsl(${h}, 55%, 45%)`;
}

/** A corporation's full name ("Alton & Southern"), or its symbol. */
export function corpName(sym) {
  return CORPS[sym] ? CORPS[sym][0] : String(sym);
}

/** What each kind of decision (the engine's step, in snake case) asks, in words. */
export const DECISIONS = {
  selection_auction: "bid for a private company",
  buy_sell_par_shares: "act in the stock round",
  home_token: "place a home token",
  track: "lay track",
  token: "place a token",
  route: "run trains",
  dividend: "choose the dividend",
  buy_train: "buy trains",
  loan: "take or repay loans",
  conversion: "convert or merge",
  post_conversion: "buy shares after the conversion",
  post_conversion_loans: "take loans after the conversion",
  acquire: "decide in the acquisition round",
  discard_train: "discard a train",
  cash_crisis: "raise cash",
  reduce_tokens: "remove tokens",
};

/** Round names as 18xx players say them. */
export const ROUNDS = {
  Auction: "Private auction",
  Stock: "Stock round",
  Operating: "Operating round",
  Merger: "Merger and conversion round",
  Acquisition: "Acquisition round",
};
