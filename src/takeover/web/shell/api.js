// The HTTP lobby API (docs/server-protocol.md). Every call resolves to the JSON body or
// throws an ApiError whose message is fit to show a person.

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

async function call(method, path, body, raw = false, headers = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError("offline", "The server is not answering. Is takeover serve running?");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(
      err.code || "http_" + response.status,
      err.message || `The server answered ${response.status} ${response.statusText}`,
      response.status,
    );
  }
  return data;
}

export const api = {
  options: () => call("GET", "/api/options"),
  /** One page of the lobby (joinable tables first): {tables, total, joinable, limit, offset};
   * `pace`: only "live" or only "correspondence" tables. */
  tables: (limit = 20, offset = 0, pace = null) =>
    call("GET", `/api/tables?limit=${limit}&offset=${offset}` + (pace ? `&pace=${pace}` : "")),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", body),
  join: (id, name, seat) =>
    call(
      "POST",
      `/api/tables/${encodeURIComponent(id)}/join`,
      seat === undefined || seat === null ? { name } : { name, seat },
    ),
  leave: (id, token) => call("POST", `/api/tables/${encodeURIComponent(id)}/leave`, { token }),
  start: (id, token, fill) => {
    const body = {};
    if (token) body.token = token;
    if (fill) body.fill = fill;
    return call("POST", `/api/tables/${encodeURIComponent(id)}/start`, body);
  },
  games: (limit = 50, offset = 0) => call("GET", `/api/games?limit=${limit}&offset=${offset}`),
  record: (id) => call("GET", `/api/games/${encodeURIComponent(id)}/record`),
  step: (id, n) => call("GET", `/api/games/${encodeURIComponent(id)}/steps/${n}`),
  /** A finished game's analysis: its decisions after move `since` (docs/server-protocol.md). */
  analysis: (id, since = 0) =>
    call("GET", `/api/games/${encodeURIComponent(id)}/analysis?since=${since}`),
  /** Upload a game record from elsewhere (its JSON text as it is): the import's summary. */
  importGame: (text) => call("POST", "/api/imports", text, true),
  // Accounts (docs/server-protocol.md, "Accounts"). `csrf` is the session's anti-forgery
  // token (from `me`), sent with every change the session cookie authenticates.
  me: () => call("GET", "/api/me"),
  signUp: (name, email, password) => call("POST", "/api/accounts", { name, email, password }),
  confirm: (token, held) => call("POST", "/api/accounts/confirm", { token, seats: held }),
  signIn: (email, password, held) => call("POST", "/api/session", { email, password, seats: held }),
  signOut: (csrf) => call("DELETE", "/api/session", undefined, false, { "X-CSRF-Token": csrf }),
  changePassword: (csrf, password, newPassword) =>
    call(
      "POST",
      "/api/me/password",
      { password, new_password: newPassword },
      false,
      { "X-CSRF-Token": csrf },
    ),
  /** When it is my turn: {email, digest, webhook} (docs/server-protocol.md). */
  notices: () => call("GET", "/api/me/notifications"),
  setNotices: (csrf, choice) =>
    call("PUT", "/api/me/notifications", choice, false, { "X-CSRF-Token": csrf }),
  askReset: (email) => call("POST", "/api/password-reset", { email }),
  reset: (token, password, held) =>
    call("POST", "/api/password-reset/confirm", { token, password, seats: held }),
  claim: (csrf, held) =>
    call("POST", "/api/me/seats", { seats: held }, false, { "X-CSRF-Token": csrf }),
  myGames: (status, limit = 50) =>
    call("GET", `/api/me/games?limit=${limit}${status ? `&status=${status}` : ""}`),
  pools: () => call("GET", "/api/leaderboard"),
  leaderboard: (pool, limit = 50, offset = 0) =>
    call("GET", `/api/leaderboard/${encodeURIComponent(pool)}?limit=${limit}&offset=${offset}`),
  person: (id) => call("GET", `/api/people/${encodeURIComponent(id)}`),
};

// Seat tokens live in localStorage, keyed by table id, so a reload or another tab resumes
// the seat. The token is the seat's only credential and never leaves this browser except
// to the server.
const SEAT_KEY = "takeover.seat.";

export const seats = {
  get(tableId) {
    try {
      const raw = localStorage.getItem(SEAT_KEY + tableId);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  set(tableId, seat, token, name) {
    this.keep(tableId, seat, token, name);
    // (shell/account.js hands a seat taken while signed in to the account)
    window.dispatchEvent(new CustomEvent("takeover:seat", { detail: { tableId, token } }));
  },
  /** Store a seat's token without telling anyone (a token the account gave). */
  keep(tableId, seat, token, name) {
    localStorage.setItem(SEAT_KEY + tableId, JSON.stringify({ seat, token, name }));
  },
  /** Every seat this browser holds, as the server takes them: [{table, token}]. */
  all() {
    const held = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(SEAT_KEY)) continue;
      const saved = this.get(key.slice(SEAT_KEY.length));
      if (saved && saved.token) held.push({ table: key.slice(SEAT_KEY.length), token: saved.token });
    }
    return held.slice(0, 100);
  },
  forget(tableId) {
    localStorage.removeItem(SEAT_KEY + tableId);
  },
};

export const prefs = {
  get name() {
    return localStorage.getItem("takeover.name") || "";
  },
  set name(value) {
    localStorage.setItem("takeover.name", value);
  },
};
