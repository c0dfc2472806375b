// Tiny DOM helpers. Every string is inserted as text (textContent), never as HTML, so names
// and chat typed by people can never become markup. Styles are set through the CSSOM only
// (never a `style` attribute), so the page runs under a strict Content-Security-Policy.

/**
 * Build an element: el("button", {class: "x", onclick: fn, dataset: {k: "v"}}, "text", child).
 * Attributes starting with "on" become listeners; `text` sets textContent; `style` takes an
 * object of CSSOM properties (a style string would be an inline style the CSP forbids).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style") {
      if (typeof value !== "object") throw new TypeError("el(): style takes an object");
      Object.assign(node.style, value);
    } else if (key === "text") {
      node.textContent = String(value);
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else if (child instanceof Node) node.appendChild(child);
    else node.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace all of `node`'s children. */
export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** "$6,000" */
export function money(n) {
  if (n === undefined || n === null) return "?";
  return (n < 0 ? "-$" : "$") + Math.abs(n).toLocaleString("en-US");
}

/** A small coloured square (a chain's, a corporation's). */
export function swatch(colour) {
  return el("span", { class: "swatch", style: { background: colour || "#999" } });
}

/** Whether a colour is light enough to need dark text. */
export function isLight(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex || "");
  if (!m) return false;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** A name on its colour (a chain, a corporation), readable on light and dark colours. */
export function colourTag(name, colour) {
  const tag = el("span", { class: "colour-tag", text: name });
  tag.style.background = colour || "#777";
  tag.style.color = isLight(colour) ? "#222" : "#fff";
  return tag;
}
