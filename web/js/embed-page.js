// The embeddable board (embed.html): one board of one game, configured by the page's address,
// for pages that explain the rules. The board itself (viewing a ply, the controls, playing, the
// status line, the problems) is js/embed-board.js, shared with the <tabula-board> element; this
// module reads the address. The parameters are listed in the README ("Embedding a board").
import {
  chooseSource, EmbedBoard, EmbedError, readCaptions, readExercise, readFlag, readMoves,
} from "./embed-board.js";
import { pageEngine } from "./engine.js";
import { LANGUAGES, preferredLanguage, setLanguage, t } from "./i18n.js";
import { fromFragment, LinkError, setOption } from "./record.js";

const THEMES = ["light", "dark", "colour-blind"];
// The page's own parameters; every other parameter of the query is an option of the game (one
// the game named by `game=` does not have is reported and left out: chooseSource).
const OWN = new Set([
  "game", "record", "moves", "ply", "interactive", "controls", "legal", "coords", "lang", "theme",
  "captions", "exercise-goal", "exercise-id", "exercise-answer", "origin",
]);
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));

const board = new EmbedBoard(document.body, {
  error: $("error"),
  board: $("board"),
  choices: $("choices"),
  status: $("status"),
  controls: $("controls"),
  first: button("first"),
  back: button("back"),
  forward: button("forward"),
  last: button("last"),
  plyLabel: $("ply-label"),
  open: /** @type {HTMLAnchorElement} */ ($("open")),
  caption: $("caption"),
  exercise: $("exercise"),
  answer: button("answer"),
}, { id: "embed" });

/** The origin the page talks to, from `origin=`: its events are posted to the parent page
 * only when that page has this origin ("*": any), and only its commands are obeyed. None (no
 * messages either way) unless given; anything but an origin or "*" is reported.
 * @param {URLSearchParams} params
 * @returns {string | null} */
function chooseOrigin(params) {
  const origin = params.get("origin");
  if (!origin) return null;
  if (origin === "*") return origin;
  try {
    if (new URL(origin).origin === origin) return origin;
  } catch {
    // reported below
  }
  board.report("embed.error.origin", { value: origin });
  return null;
}

/** Post the board's events to the parent page, and obey its commands
 * (`{type: "tabula-command", command, ...}`), when it has the allowed origin.
 * @param {string | null} origin */
function talkTo(origin) {
  if (origin === null || window.parent === window) return;
  board.onEvent = (type, detail) => window.parent.postMessage({ type, detail }, origin);
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || (origin !== "*" && event.origin !== origin)) return;
    if (event.data?.type === "tabula-command") board.command(event.data);
  });
}

/** A yes/no parameter, written 1 or 0 (true or false); anything else is reported. */
function flag(params, name, fallback) {
  const value = params.get(name);
  return readFlag(board, "embed.error.param", name, value === "" ? null : value, fallback);
}

function chooseTheme(params) {
  let theme = params.get("theme") || "light";
  if (!THEMES.includes(theme)) {
    board.report("embed.error.param", { name: "theme", value: theme });
    theme = "light";
  }
  document.documentElement.dataset.theme = theme;
}

function chooseLanguage(params) {
  const lang = params.get("lang");
  if (lang && LANGUAGES.includes(lang)) return lang;
  if (lang) board.report("embed.error.param", { name: "lang", value: lang });
  return preferredLanguage();
}

/** The actions of a `moves=` query parameter, as in a game page's fragment (read from the raw
 * query, so an action may hold an encoded comma). */
function queryMoves() {
  for (const part of location.search.replace(/^\?/, "").split("&")) {
    if (part.startsWith("moves=")) return readMoves(part.slice("moves=".length), { plus: true });
  }
  return [];
}

/** The game to show, from one source: `record=`, else the fragment (a game page's
 * `#size=7&moves=g7,swap`), else the query's option parameters and `moves=`. */
function readGame(params) {
  const optionNames = [...params.keys()].filter((key) => !OWN.has(key));
  const fragment = location.hash.replace(/^#/, "");
  /** @type {Record<string, string>} */
  const options = {};
  for (const key of optionNames) setOption(options, key, params.get(key));
  // a fragment that cannot be read is said, as on a game page, and the game's start shown
  const linked = () => {
    try {
      return fromFragment(fragment);
    } catch (error) {
      if (!(error instanceof LinkError)) throw new EmbedError("embed.error.fragment", { message: String(error) });
      board.report("embed.error.link", { message: { key: error.key, values: error.values } });
      return { options: {}, actions: [] };
    }
  };
  return chooseSource(board, {
    named: params.get("game"),
    record: params.get("record"),
    fragment: fragment ? linked : null,
    options,
    moves: queryMoves,
    given: [...optionNames, ...(params.has("moves") ? ["moves"] : [])],
    words: "embed",
  });
}

async function main() {
  const params = new URLSearchParams(location.search);
  chooseTheme(params);
  const lang = chooseLanguage(params);
  if (params.get("lang") === lang) board.linkLanguage = lang; // the site opens in the author's language
  try {
    await setLanguage(lang, { remember: false });
  } catch (error) {
    board.report("embed.error.other", { message: String(error?.message ?? error) });
  }
  board.showProblems(); // those found before the catalogue was there, now in words
  document.title = t("embed.title"); // until the game is known, or when none can be shown
  talkTo(chooseOrigin(params));
  const repeated = new Set([...params.keys()].filter((key) => params.getAll(key).length > 1));
  if (repeated.size) board.report("embed.error.repeated", { names: [...repeated].join(", ") });
  let source;
  try {
    source = readGame(params);
  } catch (error) {
    board.reportFailure(error);
    board.finish("failed");
    return;
  }
  await board.open(source, {
    flag: (name, fallback) => flag(params, name, fallback),
    ply: params.get("ply"),
    param: "embed.error.param",
    words: "embed",
    connect: async () => pageEngine(),
    captions: readCaptions(board, "embed.error.read", params.get("captions")),
    exercise: readExercise(board, "embed.error.read", {
      goal: params.get("exercise-goal"),
      id: params.get("exercise-id"),
      answer: params.get("exercise-answer"),
    }),
  });
  if (board.game) {
    document.title = `${t(`game.${board.game}.title`)} · ${t("site.name")}`;
    // the frame's heading names the game too, for a reader going by headings
    const heading = /** @type {HTMLElement} */ (document.getElementById("heading"));
    heading.removeAttribute("data-i18n");
    heading.textContent = document.title;
  }
}

// The address is the board's whole setting: a new fragment (the address edited, the host
// page setting the frame's src to another position) is a new board, read afresh with its own
// messages, never the old board left in place.
window.addEventListener("hashchange", () => location.reload());

main().catch((error) => {
  board.reportFailure(error);
  board.finish("failed");
});
