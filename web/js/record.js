// A game's truth: its options and actions. Written as a record for the engine, as a URL
// fragment for links (#size=7&rules=basic&moves=g7,swap) and kept in localStorage with the
// redo list. Nothing here knows a game's rules: the engine judges every record.

/** A link (or a record's part) that cannot be read: `key` and `values` are its message, written
 * in the reader's language when shown (`message` is the key, for logs). */
export class LinkError extends Error {
  /** @param {string} key @param {object} [values] */
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;
/** At most this much of a given text is quoted in a message. */
const QUOTED = 40;

/** @param {string} text */
function quoted(text) {
  const shown = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ");
  return shown.length > QUOTED ? `${shown.slice(0, QUOTED)}…` : shown;
}

/** Set an option in `options`: any name is an own property, `__proto__` and `constructor`
 * included (so a name is never taken for one of every object's).
 * @param {Record<string, string>} options @param {string} name @param {string} value */
export function setOption(options, name, value) {
  Object.defineProperty(options, name, { value, enumerable: true, writable: true, configurable: true });
}

/** A LinkError unless every option and action fits on its line of a record: no line break
 * in any, no option name that is empty or holds ":" or "#". */
export function checkRecordParts(options, actions) {
  for (const [name, value] of Object.entries(options)) {
    if (!name || LINE_BREAK.test(name) || /[:#]/.test(name)) {
      throw new LinkError("link.error.name", { name: quoted(name) });
    }
    if (typeof value !== "string" || LINE_BREAK.test(value)) {
      throw new LinkError("link.error.line-break", { name: quoted(name) });
    }
  }
  actions.forEach((action, index) => {
    if (typeof action !== "string" || LINE_BREAK.test(action)) {
      throw new LinkError("link.error.action-line-break", { number: index + 1 });
    }
    // an empty action (",," in a link cut or edited by hand) would be skipped as a blank line
    // of the record, and the link would open another game
    if (!action.trim()) throw new LinkError("link.error.action-empty", { number: index + 1 });
  });
}

/** The record text the engine reads; a LinkError if a part would not fit on its line. */
export function recordText(game, options, actions) {
  checkRecordParts(options, actions);
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
  let movesGiven = false;
  const text = fragment.replace(/^#/, "");
  for (const part of text.split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    if (eq <= 0) throw new LinkError("link.error.key-value", { part: quoted(part) });
    let key;
    let value;
    try {
      key = decodeURIComponent(part.slice(0, eq));
      value = decodeURIComponent(part.slice(eq + 1));
      if (key === "moves") {
        actions = part.slice(eq + 1) ? part.slice(eq + 1).split(",").map(decodeURIComponent) : [];
      }
    } catch {
      throw new LinkError("link.error.url-text", { part: quoted(part) });
    }
    if (key === "moves") {
      if (movesGiven) throw new LinkError("link.error.moves-twice");
      movesGiven = true;
      continue;
    }
    if (Object.hasOwn(options, key)) throw new LinkError("link.error.twice", { name: quoted(key) });
    setOption(options, key, value);
  }
  checkRecordParts(options, actions);
  return { options, actions };
}

const SAVED_PREFIX = "tabula.game.";
const ASIDE_PREFIX = "tabula.aside.";

/** @param {string} key */
function storedText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** @param {unknown} value */
const isTextList = (value) => Array.isArray(value) && value.every((item) => typeof item === "string");

/** The saved game of a page as it is stored: `saved` ({options, actions, redo, arrived, seats})
 * when its shape is right, else `damaged`, the stored text (null when nothing is stored), with
 * `reason`.
 * @param {string} game
 * @returns {{saved: {options: Record<string, string>, actions: string[], redo: string[],
 *   arrived: string | null, seats?: string[]} | null,
 *   damaged: string | null, reason?: LinkError}} */
export function readSaved(game) {
  const text = storedText(SAVED_PREFIX + game);
  if (text === null) return { saved: null, damaged: null };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { saved: null, damaged: text, reason: new LinkError("saved.error.json") };
  }
  const { options, actions, redo = [] } = data && typeof data === "object" ? data : {};
  const shaped = options && typeof options === "object" && !Array.isArray(options)
    && Object.values(options).every((value) => typeof value === "string")
    && isTextList(actions) && isTextList(redo);
  if (!shaped) return { saved: null, damaged: text, reason: new LinkError("saved.error.shape") };
  /** @type {Record<string, string>} */
  const own = {};
  for (const [name, value] of Object.entries(options)) setOption(own, name, value);
  try {
    checkRecordParts(own, [...actions, ...redo]);
  } catch (error) {
    return { saved: null, damaged: text, reason: error };
  }
  const arrived = typeof data.arrived === "string" ? data.arrived : null; // history.js gameMark
  // who plays each seat (computer.js fitSeats reads any list; none in a game saved before)
  const seats = isTextList(data.seats) ? data.seats : undefined;
  return { saved: { options: own, actions, redo, arrived, seats }, damaged: null };
}

/** The saved game of a page: {options, actions, redo}, or null when none is saved or it is
 * damaged. */
export function loadSaved(game) {
  return readSaved(game).saved;
}

/** Keep `text`, a saved game that no longer opens, aside from the page's saved game (which a
 * new game then replaces): the reader can still copy it. Returns whether it could be kept. */
export function setAside(game, text) {
  // the newest under tabula.aside.<game>, the ones set aside before it under .2 to .5: a
  // second game that does not open never takes the place of the first
  const keys = [ASIDE_PREFIX + game, ...[2, 3, 4, 5].map((n) => `${ASIDE_PREFIX}${game}.${n}`)];
  const before = keys.map(storedText).filter((kept) => kept !== null && kept !== text);
  try {
    [text, ...before].slice(0, keys.length).forEach((kept, index) => localStorage.setItem(keys[index], kept));
    localStorage.removeItem(SAVED_PREFIX + game);
    return true;
  } catch {
    return false;
  }
}

export function save(game, state) {
  try {
    localStorage.setItem(SAVED_PREFIX + game, JSON.stringify(state));
  } catch {
    // storage full or blocked: the game goes on, only not kept
  }
}
