// Helpers over the server's legal Acquire actions (record form). The client never decides
// what is legal: it only matches and labels what the server listed.

/** A canonical key for an action, so a choice built in the UI can be matched to `legal`. */
export function actionKey(a) {
  switch (a.type) {
    case "buy_shares":
      return `buy_shares:${[...(a.shares || [])].sort().join(",")}:${a.end_game ? "end" : ""}`;
    case "dispose_shares":
      return `dispose_shares:${a.sell || 0}:${a.trade || 0}`;
    case "place_tile":
      return `place_tile:${a.tile}`;
    case "answer_trade":
      return `answer_trade:${!!a.accept}`;
    default:
      return `${a.type}:${a.chain || ""}`;
  }
}

/** What a decision kind means, in words ("place a tile"). */
export function decisionWords(kind) {
  return (
    {
      place_tile: "place a tile",
      found_chain: "found a chain",
      choose_survivor: "choose the surviving chain",
      choose_defunct: "choose the next defunct chain",
      dispose_shares: "dispose of defunct shares",
      buy_shares: "buy shares",
      answer_trade: "answer a trade offer",
    }[kind] || (kind ? kind.replaceAll("_", " ") : "")
  );
}
