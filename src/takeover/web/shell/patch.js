// A view patch (RFC 6902: add, remove, replace), as the server sends it to a page that
// said `patches: true` in its hello: what changed in the view since the last `state`.

/** A JSON Pointer's tokens (RFC 6901: "~1" is "/", "~0" is "~"). */
function tokens(path) {
  return path
    .split("/")
    .slice(1)
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * `doc` with `ops` applied; `doc` is left as it was (the parts on each changed path are
 * copied, the rest shared).
 */
export function applyPatch(doc, ops) {
  let root = doc;
  for (const op of ops) {
    const path = tokens(op.path);
    if (!path.length) {
      root = op.value;
      continue;
    }
    root = copy(root);
    let node = root;
    for (const key of path.slice(0, -1)) {
      const index = Array.isArray(node) ? Number(key) : key;
      node[index] = copy(node[index]);
      node = node[index];
    }
    const last = path[path.length - 1];
    if (Array.isArray(node)) {
      const index = last === "-" ? node.length : Number(last);
      if (op.op === "add") node.splice(index, 0, op.value);
      else if (op.op === "remove") node.splice(index, 1);
      else node[index] = op.value;
    } else if (op.op === "remove") {
      delete node[last];
    } else {
      node[last] = op.value;
    }
  }
  return root;
}

function copy(value) {
  if (Array.isArray(value)) return value.slice();
  if (value && typeof value === "object") return { ...value };
  return value;
}
