// The embeddable board (embed.html): one board of one game, configured by the page's address,
// for pages that explain the rules. As on the game pages, the record (options + actions) is the
// truth: the board shows the position after the first `ply` actions, the controls step through
// them, and a played action is added to the record. The parameters are listed in the README
// ("Embedding a board"). No value of the address is ever inserted as markup.
import { moveFocus, rovingFocus, showSvg } from "./board.js";
import { connectEngine, EngineError } from "./engine.js";
import { has, LANGUAGES, preferredLanguage, setLanguage, t } from "./i18n.js";
import { fromFragment, recordText, toFragment } from "./record.js";

const BOARD = "embed";
const GAMES = ["bounders", "splinter", "bosk"];
const THEMES = ["light", "dark", "colour-blind"];
// The page's own parameters; every other parameter of the query is an option of the game.
const OWN = new Set([
  "game", "record", "moves", "ply", "interactive", "controls", "legal", "coords", "lang", "theme",
]);
const $ = (id) => document.getElementById(id);
const body = document.body;

let engine = null;
let game = null;
let options = {};
let actions = []; // the record's actions, all of them legal
let ply = 0; // the position shown: the one after the first `ply` actions
let view = null;
let selected = null; // the part of an action chosen so far (data-select), or null
const shown = { interactive: false, controls: false, legal: false, coords: false };
const problems = []; // {key, values}: written in the page's language when shown
let queue = Promise.resolve();

class EmbedError extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

// --- problems -----------------------------------------------------------------------------

function report(key, values = {}) {
  problems.push({ key, values });
  showProblems();
}

function showProblems() {
  const el = $("error");
  el.textContent = problems.map(({ key, values }) => t(key, values)).join(" ");
  el.hidden = problems.length === 0;
  body.dataset.problems = String(problems.length);
}

function reportFailure(error) {
  if (error instanceof EmbedError) report(error.key, error.values);
  else if (error instanceof EngineError) report("error.engine", { message: error.message });
  else report("embed.error.other", { message: String(error?.message ?? error) });
}

/** Run engine tasks one after another: a click never overtakes the answer to the one before. */
function enqueue(task) {
  queue = queue.then(task).catch(reportFailure);
  return queue;
}

// --- reading the address ------------------------------------------------------------------

/** A yes/no parameter, written 1 or 0 (true or false); anything else is reported. */
function flag(params, name, fallback) {
  const value = params.get(name);
  if (value === null || value === "") return fallback;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  report("embed.error.param", { name, value });
  return fallback;
}

function chooseTheme(params) {
  let theme = params.get("theme") || "light";
  if (!THEMES.includes(theme)) {
    report("embed.error.param", { name: "theme", value: theme });
    theme = "light";
  }
  document.documentElement.dataset.theme = theme;
}

function chooseLanguage(params) {
  const lang = params.get("lang");
  if (lang && LANGUAGES.includes(lang)) return lang;
  if (lang) report("embed.error.param", { name: "lang", value: lang });
  return preferredLanguage();
}

/** A record's text (the engine's format: `key: value` header lines, the first `game: NAME`, a
 * blank line, one action per line; `#` lines are comments) as game, options and actions. */
function readRecord(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let name = null;
  const found = {};
  const played = [];
  let header = true;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith("#")) continue;
    if (!header) {
      if (line) played.push(line);
      continue;
    }
    if (!line) {
      if (name !== null) header = false;
      continue;
    }
    const colon = line.indexOf(":");
    const key = colon > 0 ? line.slice(0, colon).trim().toLowerCase() : "";
    if (!key) throw new EmbedError("embed.error.record", { message: line });
    const value = line.slice(colon + 1).trim();
    if (name === null) {
      if (key !== "game") throw new EmbedError("embed.error.record", { message: line });
      name = value.toLowerCase();
    } else if (key in found || key === "game") {
      throw new EmbedError("embed.error.record", { message: line });
    } else {
      found[key] = value;
    }
  }
  if (name === null) throw new EmbedError("embed.error.record", { message: text.slice(0, 40) });
  return { game: name, options: found, actions: played };
}

/** The actions of a `moves=` query parameter, comma-separated and URL-encoded as in a game
 * page's fragment (read from the raw query, so an action may hold an encoded comma). */
function queryMoves() {
  for (const part of location.search.replace(/^\?/, "").split("&")) {
    if (!part.startsWith("moves=")) continue;
    const raw = part.slice("moves=".length);
    try {
      return raw ? raw.split(",").map((a) => decodeURIComponent(a.replace(/\+/g, " "))) : [];
    } catch {
      throw new EmbedError("embed.error.moves", { moves: raw });
    }
  }
  return [];
}

/** The game to show, from one source: `record=`, else the fragment (a game page's
 * `#size=7&moves=g7,swap`), else the query's option parameters and `moves=`. Parameters of a
 * source not used are reported as ignored. */
function readGame(params) {
  const named = params.get("game");
  const optionNames = [...params.keys()].filter((key) => !OWN.has(key));
  const fragment = location.hash.replace(/^#/, "");
  let source;
  let ignored = [];
  if (params.has("record")) {
    source = readRecord(params.get("record"));
    ignored = [...optionNames, ...(params.has("moves") ? ["moves"] : []), ...(fragment ? ["#…"] : [])];
    if (named && named.toLowerCase() !== source.game) {
      report("embed.error.game-differs", { game: named, record: source.game });
    }
  } else if (fragment) {
    let linked;
    try {
      linked = fromFragment(fragment);
    } catch (error) {
      throw new EmbedError("embed.error.fragment", { message: error.message });
    }
    source = { game: (named || "").toLowerCase(), ...linked };
    ignored = [...optionNames, ...(params.has("moves") ? ["moves"] : [])];
  } else {
    const chosen = {};
    for (const key of optionNames) chosen[key] = params.get(key);
    source = { game: (named || "").toLowerCase(), options: chosen, actions: queryMoves() };
  }
  if (ignored.length) report("embed.error.ignored", { names: [...new Set(ignored)].join(", ") });
  if (!source.game) throw new EmbedError("embed.error.no-game");
  if (!GAMES.includes(source.game)) throw new EmbedError("embed.error.game", { game: source.game });
  return source;
}

/** The wanted ply: a whole number, or null for the end of the record. */
function readPly(params) {
  const value = params.get("ply");
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value)) {
    report("embed.error.param", { name: "ply", value });
    return null;
  }
  return Number(value);
}

// --- the record ---------------------------------------------------------------------------

function recordOf(count) {
  return recordText(game, options, actions.slice(0, count));
}

async function viewOf(record, select = null) {
  return engine.view(BOARD, record, { coords: shown.coords, select });
}

/** Bring the source's record to the engine. Options it refuses give the game's standard start;
 * an action it refuses ends the record before it (found by halving: the worker plays only the
 * actions that differ from its last record, so each try is cheap). */
async function openRecord(source) {
  options = source.options;
  actions = source.actions;
  try {
    await viewOf(recordOf(actions.length));
    return;
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
  }
  try {
    await viewOf(recordOf(0));
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    report("embed.error.options", { message: error.message });
    options = {};
    actions = [];
    return;
  }
  let good = 0; // a prefix the engine accepts
  let bad = actions.length; // one it refuses
  let refusal = "";
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    try {
      await viewOf(recordOf(middle));
      good = middle;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      bad = middle;
      refusal = error.message;
    }
  }
  if (!refusal) {
    try {
      await viewOf(recordOf(bad));
    } catch (error) {
      refusal = error.message;
    }
  }
  report("embed.error.action", { number: bad, action: actions[bad - 1], message: refusal });
  actions = actions.slice(0, good);
}

/** Show the position after `count` actions (with `select`, a part of an action chosen). */
async function show(count, select = null) {
  const answer = await viewOf(recordOf(count), select);
  view = answer;
  ply = count;
  selected = select;
  options = answer.options;
  render();
}

/** Play `action` at the position shown: the record goes on from there (if it went on with
 * another action, the rest is dropped; with this very action, it is kept). */
async function play(action) {
  if (actions[ply] === action) {
    await show(ply + 1);
    return;
  }
  const next = [...actions.slice(0, ply), action];
  const answer = await engine.view(BOARD, recordText(game, options, next), { coords: shown.coords });
  actions = next;
  view = answer;
  ply = next.length;
  selected = null;
  render();
}

// --- showing ------------------------------------------------------------------------------

function seatName(seat) {
  const name = view.score.names?.[seat] ?? t("seat.player", { n: seat + 1 });
  const colour = view.score.colours?.[seat];
  if (!colour) return name;
  return t("seat.with-colour", { name, colour: has(`colour.${colour}`) ? t(`colour.${colour}`) : colour });
}

function statusText() {
  const { result } = view;
  if (!result) return t("turn.to-move", { seat: seatName(view.to_move) });
  const outcome = result.winner === null ? t("result.draw") : t("result.wins", { seat: seatName(result.winner) });
  return t("embed.over", { result: outcome });
}

/** A board to look at only: its parts are not buttons and not in the tab order. */
function inert(frame) {
  for (const el of frame.querySelectorAll("[data-action], [data-select]")) {
    el.removeAttribute("tabindex");
    if (el.getAttribute("role") === "button") el.removeAttribute("role");
  }
  frame.querySelector("svg")?.setAttribute("role", "img");
}

function renderChoices() {
  const box = $("choices");
  const buttons = shown.interactive && !view.result ? view.buttons.map((choice) => {
    const button = document.createElement("button");
    button.type = "button";
    const key = `button.${game}.${choice.kind}`;
    button.textContent = has(key) ? t(key, { label: choice.label }) : choice.label;
    if (choice.action !== undefined) button.dataset.action = choice.action;
    if (choice.select !== undefined) {
      button.dataset.select = choice.select;
      button.setAttribute("aria-pressed", String(choice.select === selected));
    }
    return button;
  }) : [];
  box.replaceChildren(...buttons);
  box.hidden = buttons.length === 0;
}

function render() {
  const frame = $("board");
  const hadFocus = frame.contains(document.activeElement);
  const { action, select } = document.activeElement?.dataset ?? {};
  showSvg(frame, view.svg);
  if (shown.interactive && !view.result) {
    const again = (action && frame.querySelector(`[data-action="${CSS.escape(action)}"]`))
      || (select && frame.querySelector(`[data-select="${CSS.escape(select)}"]`));
    rovingFocus(frame, again);
    if (hadFocus) (again || frame).focus();
  } else {
    inert(frame);
  }
  const status = $("status");
  status.dataset.state = view.result ? "over" : "ready";
  status.removeAttribute("data-i18n");
  status.textContent = statusText();
  renderChoices();
  $("ply-label").textContent = t("embed.ply", { ply, plies: actions.length });
  $("first").disabled = ply === 0;
  $("back").disabled = ply === 0;
  $("forward").disabled = ply === actions.length;
  $("last").disabled = ply === actions.length;
  $("open").href = `${game}.html#${toFragment(options, actions.slice(0, ply))}`;
  body.dataset.ply = String(ply);
  body.dataset.plies = String(actions.length);
  body.dataset.over = String(Boolean(view.result));
}

// --- acting -------------------------------------------------------------------------------

function step(count) {
  if (!view) return;
  const target = Math.max(0, Math.min(actions.length, count));
  if (target !== ply || selected !== null) enqueue(() => show(target));
}

/** A click on a whole action plays it; on a partial one (data-select) it chooses that part, or
 * drops it when chosen already, and the engine shows what can follow. */
function onActivate(event) {
  if (!shown.interactive || !view || view.result) return;
  const el = event.target.closest?.("[data-action], [data-select]");
  if (!el) {
    if (selected !== null && event.target.closest?.("#board")) enqueue(() => show(ply));
    return;
  }
  event.preventDefault();
  if (el.dataset.action !== undefined) {
    const chosen = el.dataset.action;
    enqueue(() => play(chosen));
  } else {
    const chosen = el.dataset.select === selected ? null : el.dataset.select;
    enqueue(() => show(ply, chosen));
  }
}

function onKey(event) {
  if (!shown.interactive) return;
  if (moveFocus($("board"), event)) return;
  if ((event.key === "Enter" || event.key === " ") && event.target.closest?.("#board")) onActivate(event);
  if (event.key === "Escape" && selected !== null) enqueue(() => show(ply));
}

function wire() {
  $("board").addEventListener("click", onActivate);
  $("choices").addEventListener("click", onActivate);
  document.addEventListener("keydown", onKey);
  $("first").addEventListener("click", () => step(0));
  $("back").addEventListener("click", () => step(ply - 1));
  $("forward").addEventListener("click", () => step(ply + 1));
  $("last").addEventListener("click", () => step(actions.length));
}

// --- start --------------------------------------------------------------------------------

function finish(state) {
  const status = $("status");
  if (state === "failed") {
    status.dataset.state = "failed";
    status.dataset.i18n = "embed.failed";
    status.textContent = t("embed.failed");
  }
  body.dataset.ready = "true";
}

async function main() {
  const params = new URLSearchParams(location.search);
  chooseTheme(params);
  const lang = chooseLanguage(params);
  try {
    await setLanguage(lang, { remember: false });
  } catch (error) {
    report("embed.error.other", { message: String(error?.message ?? error) });
  }
  showProblems(); // those found before the catalogue was there, now in words
  let source;
  try {
    source = readGame(params);
  } catch (error) {
    reportFailure(error);
    finish("failed");
    return;
  }
  game = source.game;
  document.title = `${t(`game.${game}.title`)} · ${t("site.name")}`;
  body.dataset.game = game;
  shown.interactive = flag(params, "interactive", false);
  shown.controls = flag(params, "controls", source.actions.length > 0);
  shown.legal = flag(params, "legal", shown.interactive);
  shown.coords = flag(params, "coords", false);
  body.classList.toggle("playable", shown.interactive);
  body.classList.toggle("hide-legal", !shown.legal);
  $("controls").hidden = !shown.controls;
  const wanted = readPly(params);
  try {
    engine = await connectEngine();
  } catch (error) {
    report("error.worker", { message: String(error?.message ?? error) });
    finish("failed");
    return;
  }
  const given = source.actions.length;
  await enqueue(async () => {
    await openRecord(source);
    let count = wanted ?? actions.length;
    if (wanted !== null && wanted > given) report("embed.error.ply", { ply: wanted, plies: given });
    count = Math.min(count, actions.length);
    await show(count);
  });
  wire();
  finish(view ? "ready" : "failed");
}

main().catch((error) => {
  reportFailure(error);
  finish("failed");
});
