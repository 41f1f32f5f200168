// A game's truth: its options and actions. Written as a record for the engine, as a URL
// fragment for links (#size=7&rules=basic&moves=g7,swap) and kept in localStorage with the
// redo list. Nothing here knows a game's rules: the engine judges every record.

export class LinkError extends Error {}

/** The record text the engine reads. */
export function recordText(game, options, actions) {
  const header = [`game: ${game}`, ...Object.entries(options).map(([k, v]) => `${k}: ${v}`)];
  return `${header.join("\n")}\n\n${actions.map((a) => `${a}\n`).join("")}`;
}

/** The URL fragment of a game (without '#'). */
export function toFragment(options, actions) {
  const parts = Object.entries(options).map(
    ([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
  );
  parts.push(`moves=${actions.map(encodeURIComponent).join(",")}`);
  return parts.join("&");
}

/** Options and actions from a URL fragment; LinkError says what is malformed. */
export function fromFragment(fragment) {
  /** @type {Record<string, string>} */
  const options = {};
  /** @type {string[]} */
  let actions = [];
  const text = fragment.replace(/^#/, "");
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    if (eq <= 0) throw new LinkError(`"${part}" is not written key=value`);
    let key;
    let value;
    try {
      key = decodeURIComponent(part.slice(0, eq));
      value = decodeURIComponent(part.slice(eq + 1));
    } catch {
      throw new LinkError(`"${part}" is not valid URL text`);
    }
    if (key === "moves") {
      actions = part.slice(eq + 1) ? part.slice(eq + 1).split(",").map(decodeURIComponent) : [];
    } else if (key in options) {
      throw new LinkError(`"${key}" is given twice`);
    } else {
      options[key] = value;
    }
  }
  return { options, actions };
}

/** The saved game of a page: {options, actions, redo} or null. */
export function loadSaved(game) {
  try {
    const data = JSON.parse(localStorage.getItem(`tabula.game.${game}`));
    if (data && typeof data.options === "object" && Array.isArray(data.actions)) {
      return { options: data.options, actions: data.actions.map(String), redo: (data.redo || []).map(String) };
    }
  } catch {
    // a damaged entry is ignored: the page starts a new game instead
  }
  return null;
}

export function save(game, state) {
  localStorage.setItem(`tabula.game.${game}`, JSON.stringify(state));
}
