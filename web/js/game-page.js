// The game page: one controller for every game. The record (options + actions) is the truth;
// each change sends it to the engine worker and shows what comes back. Per-game wording and
// side panels come from games/<name>.js.
import { rovingFocus, showSvg } from "./board.js";
import { setDisabled } from "./dom.js";
import { BoardController, dataOf, eventElement, showState } from "./board-controller.js";
import { EngineError, EngineFault, pageEngine, refusalMessage } from "./engine.js";
import { actionText, counted, has, language, t } from "./i18n.js";
import { setupPrefs } from "./prefs.js";
import { fromFragment, LinkError, readSaved, recordText, save, setAside, toFragment } from "./record.js";
import { clearNotice, noticeBox, say, showNotice } from "./notice.js";
import { buildOptionFields, readOptionFields } from "./options.js";
import { Computer, fitSeats, loadSeats, readSeatFields, saveSeats, seatFields } from "./computer.js";
import { rememberGame } from "./saved-games.js";
import { recordsPanel } from "./records-file.js";
import { Analysis } from "./analysis.js";
import { TapConfirm } from "./touch-confirm.js";
import {
  askBranch, makeNotice, moveNumber, MoveList, showLookingNotice, turnNumbers, wireLookingNotice,
} from "./move-list.js";
import {
  forgetKept, forgetPrevious, gameMark, keepPrevious, keptPrevious, keptWith, lineOf, onLine, shouldKeep, wasLooking,
  worthKeeping,
} from "./history.js";

const BOARD = "main";
const $ = (id) => document.getElementById(id);
// The looking-back notice takes the place kept for it over the board (js/move-list.js), and so
// does the notice of a game kept to return to, under the thinking line and the looking-back
// notice (site.css shows it while neither is shown and the engine is ready).
$("thinking").after(makeNotice("looking", "looking"));
$("looking").after(previousNotice());
/** @param {string} id */
const checkbox = (id) => /** @type {HTMLInputElement} */ ($(id));
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
const newGameDialog = /** @type {HTMLDialogElement} */ ($("new-game-dialog"));
const body = document.body;
const game = body.dataset.game;
const optionSpecs = JSON.parse(body.dataset.options);
// The starting position's view, made by the build (its board is already in the page).
const startView = JSON.parse(body.dataset.start);

let engineReady = null;
let engine = null;
let panel = null;
// `looking`: an earlier position of the game is shown (from the move list or a link to it); the
// actions after it (`redo`) are the game's continuation, which the computer does not replace.
let state = { options: {}, actions: [], redo: [], looking: false };
/** @type {number[] | null} the seat of each action of the game's line (from the engine) */
let movers = null;
/** @type {boolean[] | null} whether each action of the line began a turn */
let starts = null;
let previewing = null;
/** whether a mouse button or a finger is down on the page */
let pressing = false;
/** @type {(() => void)[]} what waits for the press to end (and the click it makes) */
const released = [];
let computer = null;
/** @type {Analysis | null} the game's analysis panel */
let analysis = null;
const moveList = new MoveList({
  list: /** @type {HTMLOListElement} */ ($("moves")), t, seatName, show: showPly,
  actionName: (action) => actionText(game, action),
});
// The board: its view, its engine queue, clicks and keys. After each task, the computer sees
// the game (it may start or drop its thinking); while a task waits or runs, the computer's
// thinking takes no new slice (the page's calls to the engine go first).
const board = new BoardController({
  id: BOARD,
  frame: $("board"),
  choices: $("choices"),
  hooks: {
    play,
    choose,
    playable: () => !computer.plays(board.view.to_move),
    fail: showFailure,
    settled: () => board.view && computer.update(forComputer(board.view), currentRecord()),
  },
});

/** Run tasks one after another on the board's queue. */
function enqueue(task) {
  return board.enqueue(task);
}

/** The view the computer sees: while the page looks back, no seat is to move (the computer
 * does not play over the game's continuation). */
function forComputer(view) {
  return state.looking ? { ...view, to_move: null } : view;
}

function currentRecord() {
  return recordText(game, state.options, state.actions);
}

function showFailure(error) {
  if (error instanceof EngineFault) {
    if (engine?.state !== "failed") showEngineNotice();
    return;
  }
  showError(describe(error));
}

// --- faults: the engine's, a saved game's, a link's ---------------------------------------

const notices = noticeBox($("error-notice"));
/** @type {{next: GameState, fallback?: GameState, linkError?: string, replaces?: GameState} | null}
 * the game to open, until it is open (a failed engine start keeps it for the retry) */
let opening = null;
/** whether the engine failed or restarted since the page last asked it for the game */
let engineBehind = false;
let restartsSaid = 0; // the engine's restarts after a worker died, said so far

/** An error in the reader's language. @param {any} error */
function describe(error) {
  if (error instanceof EngineFault || error instanceof LinkError) return say(error);
  if (error instanceof EngineError) return say({ key: "error.engine", values: { message: error.reason } });
  return String(error?.message ?? error);
}

/** The engine failed to start or stopped: say so, with Retry. */
function showEngineNotice() {
  const failure = engine.failure ?? new EngineFault("stopped", "engine.stopped-error", { message: "" });
  showNotice(notices, {
    kind: "engine",
    alert: true,
    dismiss: false,
    message: { key: failure.kind === "start" ? "engine.failed" : "engine.lost", values: { reason: failure } },
    actions: [{ message: { key: "engine.retry" }, name: "retry", run: () => engine.retry() }],
  });
}

/** The engine's state changed: the status line, the notices, and once it is up (at first, or
 * after a Retry), the game to open is opened or the game shown asked for again. */
function onEngineState(now) {
  if (now === "failed" || now === "restarting") engineBehind = true;
  if (now === "failed") {
    setStatus("failed");
    body.dataset.ready = "true";
    showEngineNotice();
    return;
  }
  if (now !== "ready") {
    setStatus(now);
    if (now === "loading") clearNotice(notices, "engine");
    return;
  }
  clearNotice(notices, "engine");
  if (engine.restarts > restartsSaid) {
    restartsSaid = engine.restarts;
    showNotice(notices, { kind: "engine", message: { key: "engine.restarted" } });
  }
  if (engineBehind) {
    engineBehind = false;
    // the game is brought to the new worker (a call that failed is made again by the engine)
    enqueue(() => (opening ? openGame(opening) : go(state, { select: board.selected })))
      .then(() => engine.state === "ready" && markReady());
  }
}

/** The page is up: the status line says so (tests wait for data-ready). */
function markReady() {
  if (opening || !board.view) return;
  setStatus("ready");
  body.dataset.ready = "true";
}

/** The saved game, when it can be read; a damaged one is set aside (the reader may copy it)
 * and a new game is opened in its place. @returns {GameState} */
function savedGame() {
  const { saved, damaged, reason } = readSaved(game);
  if (damaged !== null) setSavedAside(damaged, reason);
  return saved ?? { options: {}, actions: [], redo: [] };
}

/** @param {string} text @param {any} reason */
function setSavedAside(text, reason) {
  const kept = setAside(game, text);
  showNotice(notices, {
    kind: "saved",
    message: { key: kept ? "saved.aside" : "saved.aside-unkept", values: { reason: describeReason(reason) } },
    kept: text,
    keptTitle: { key: "saved.title" },
  });
}

/** @param {any} reason */
function describeReason(reason) {
  if (reason instanceof LinkError || reason instanceof EngineFault) return { key: reason.key, values: reason.values };
  if (reason instanceof EngineError) return reason.reason;
  return String(reason?.message ?? reason ?? "").slice(0, 240);
}

/** The game of the page's link, when it can be read (else undefined). */
function linkedGame() {
  try {
    return { ...fromFragment(location.hash), redo: [] };
  } catch {
    return undefined;
  }
}

/** Open `saved`; if the engine refuses it, set it aside and open a new game instead.
 * @param {GameState} saved */
async function openSaved(saved) {
  try {
    await go(saved);
  } catch (refused) {
    if (!(refused instanceof EngineError)) throw refused;
    setSavedAside(JSON.stringify({ options: saved.options, actions: saved.actions, redo: saved.redo }), refused);
    await go({ options: {}, actions: [], redo: [], looking: false });
  }
}

/** A link that could not be opened (`error`: a LinkError, or the engine's refusal of
 * `linked`): say what is wrong; the game in progress stays. When the engine played part of the
 * link, a notice offers to open that part (when it played none of its actions but took its
 * options, a new game with those options). @param {any} error @param {GameState} [linked] */
function showLinkProblem(error, linked) {
  if (error instanceof EngineFault) throw error;
  clearNotice(notices, "link"); // an earlier link's offer is not this link's
  const prefix = error instanceof EngineError ? error.answer?.prefix : null;
  const reason = error instanceof EngineError && Number.isInteger(prefix)
    ? { key: "link.error.action", values: { number: prefix + 1, action: String(error.answer?.token ?? ""), message: error.reason } }
    : describeReason(error);
  showError(say({ key: "link.problem", values: { reason } }));
  const part = linked && Number.isInteger(prefix) ? linked.actions.slice(0, prefix) : null;
  if (!part || (!part.length && !Object.keys(linked.options).length)) return;
  const [said, offer] = part.length > 1 ? ["link.part", "link.open-part"]
    : part.length ? ["link.part-one", "link.open-part-one"] : ["link.part-none", "link.open-options"];
  showNotice(notices, {
    kind: "link",
    message: { key: said, values: { count: part.length } },
    actions: [{
      message: { key: offer, values: { count: part.length } },
      name: "open-part",
      run: () => enqueue(() => go({ options: linked.options, actions: part, redo: [], looking: false, arrived: true })),
    }],
  });
}

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = !message;
  $("error-notice").hidden = !message;
}

function announce(message) {
  $("announcer").textContent = message;
}

function setStatus(key) {
  showState($("status"), key, `status.${key}`);
}

/** Ask the engine for `next` (options, actions, redo) with the part of an action chosen so far;
 * keep it only if the engine accepts it. A new position puts away the error and the link's
 * notice it answers; a `redraw` of the same one (the screen turned narrow, a hint shown) keeps
 * them and says nothing. */
async function go(next, { said = "", select = null, redraw = false } = {}) {
  const record = recordText(game, next.options, next.actions);
  const chosen = {
    coords: checkbox("show-coords").checked, select, draw: panel.drawOptions?.(), hint: computer.hintFor(record),
  };
  const answer = await board.ask(await engineReady, record, chosen);
  if (!answer) return;
  board.selected = select;
  const looking = Boolean(next.looking) && next.redo.length > 0;
  state = { options: answer.options, actions: answer.actions, redo: next.redo, looking, seats: seatsOf(next, answer.players) };
  computer.setSeats(state.seats);
  // a game arriving from a link or a record is marked as it arrived (history.js gameMark)
  state.arrived = next.arrived === true ? gameMark(state) : next.arrived ?? null;
  ({ movers, starts } = await turnsOf(state));
  board.view = answer;
  if (!redraw) {
    showError("");
    clearNotice(notices, "link");
    clearNotice(notices, "refused");
  }
  render();
  persist();
  // each sentence ends as one ("… wins" is a status line's words, said after another)
  if (!redraw) announce([said, board.resultText()].filter(Boolean).map((words) => (/[.!?。]$/.test(words) ? words : `${words}.`)).join(" "));
}

/** The number the move list shows for each action of the game's line (a Bosk turn of several
 * actions is one move). */
function moveNumbers() {
  return turnNumbers(lineOf(state).length, movers, starts);
}

/** How many moves the game's line has up to the position after `ply` of its actions, as its
 * move list numbers them. @param {number} ply */
function movesTo(ply) {
  return moveNumber(moveNumbers(), ply);
}

/** Who plays each seat of `next`, a game of `players` seats: its own when it has them (kept
 * with it, or just chosen); else a new game (nothing played or taken back) the seats chosen for
 * new games; a game arriving from a link or a record every seat a person, so the computer never
 * plays a seat until the players say it does (Who plays); an older saved game, as before, the
 * seats chosen for new games. @param {GameState} next @param {number} players */
function seatsOf(next, players) {
  if (Array.isArray(next.seats)) return fitSeats(next.seats, players);
  const fresh = next.actions.length === 0 && next.redo.length === 0;
  return fitSeats(next.arrived && !fresh ? [] : loadSeats(game), players);
}

/** A game opened as the page loads: a new one (nothing played or taken back) starts with the
 * seats chosen for new games, even when the saved game is that new game (a home-page card or a
 * rules page chose them since); any other keeps its own. @param {GameState} next */
function asOpened(next) {
  return next.actions.length === 0 && next.redo.length === 0 ? { ...next, seats: undefined } : next;
}

/** The seat of each action of the game's line and whether it began a turn, or nulls when the
 * engine cannot say. */
async function turnsOf(shown) {
  try {
    const line = recordText(game, shown.options, lineOf(shown));
    const answer = await (await engineReady).turns(BOARD, line);
    return { movers: answer.movers, starts: answer.starts ?? null };
  } catch {
    return { movers: null, starts: null };
  }
}

/** @type {string | null} the game this tab last saved (gameMark): only another game, not
 * another position looked at in it, is another tab's */
let written = null;

/** The saved game's mark, or null when none can be read. */
function savedMark() {
  const { saved } = readSaved(game);
  return saved ? gameMark(saved) : null;
}

/** Save the game on screen, and put it in the address. A saved game another tab of this page
 * wrote since (a second tab of the same game) is not overwritten unseen: it is kept to return
 * to, with the notice that says so. */
function persist() {
  const stored = written === null ? null : savedMark();
  if (stored !== null && stored !== written) keepOtherTabs();
  save(game, state);
  written = gameMark(state);
  rememberGame(game, board.view, movesTo(state.actions.length));
  const fragment = `#${toFragment(state.options, state.actions)}`;
  if (location.hash !== fragment) history.replaceState(null, "", fragment);
}

// --- showing a view ---------------------------------------------------------------------

function render() {
  const { view } = board;
  board.draw();
  hidePreviewPicture();
  renderTurn();
  renderScore(view.score, $("totals"));
  $("preview").textContent = "";
  const details = panel.details ? panel.details(view, t) : null;
  $("details").replaceChildren(...(details ? [details] : []));
  renderMoves();
  renderResult();
  $("record").textContent = view.record;
  setDisabled([[button("undo"), state.actions.length === 0], [button("redo"), state.redo.length === 0]], $("board"));
  body.dataset.ply = String(state.actions.length);
  body.dataset.over = String(Boolean(view.result));
  computer.render(view, currentRecord());
}

function seatName(seat) {
  return board.seatName(seat);
}

function renderTurn() {
  const el = $("turn");
  el.removeAttribute("data-i18n");
  el.textContent = board.view.result ? t("turn.over") : board.turnText();
  // the seat's mark, where the game has one (Bosk's leaf): on a phone, whose the leaves of
  // the park are is told right beside whose turn it is
  if (!board.view.result && board.view.to_move !== null && panel.seatMark) el.prepend(panel.seatMark(board.view.to_move));
}

function formatPoints(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function renderScore(score, list) {
  const items = score.totals.map((total, seat) => {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    if (seat === board.view.to_move) li.classList.add("to-move");
    const name = document.createElement("span");
    name.className = "seat";
    name.textContent = seatName(seat);
    if (panel.seatMark) name.prepend(panel.seatMark(seat));
    if (computer?.plays(seat)) {
      // who plays the seat: a first game's reader sees which side the computer took
      const who = document.createElement("small");
      who.className = "seat-player";
      who.textContent = ` · ${seatKind(seat)}`;
      name.append(who);
    }
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = formatPoints(total);
    li.append(name, points);
    return li;
  });
  list.replaceChildren(...items);
}

function renderMoves() {
  tapConfirm?.clear();
  const line = lineOf(state);
  moveList.render({ actions: line, shown: state.actions.length, movers, starts, players: board.view.players });
  showLookingNotice($("looking"), {
    shown: state.actions.length, length: line.length, looking: state.looking, numbers: moveNumbers(),
  }, t);
  placeThinking(!$("looking").hidden);
  body.dataset.looking = String(state.looking);
}

/** While an earlier position is looked at, its notice fills the row over the board and would
 * cover the thinking line there. The computer plays no move from such a position, so the only
 * thinking then is a hint's: its line goes under the Hint button, where the hint was asked. */
function placeThinking(looking) {
  const line = $("thinking");
  if (looking && line.parentElement !== $("game-controls")) {
    $("game-controls").querySelector(".buttons").after(line);
  } else if (!looking && line.nextElementSibling !== $("looking")) {
    $("looking").before(line);
  }
}

/** Show the position after `ply` actions of the game's line; the rest stays as its
 * continuation (redo), so the game is one click away. */
function showPly(ply) {
  enqueue(() => {
    const line = lineOf(state);
    const to = Math.max(0, Math.min(line.length, ply));
    const looking = to < line.length;
    // moves counted as the move list numbers them (a Bosk turn of several actions is one)
    const length = movesTo(line.length);
    let said = t(counted("announce.at-game", length), { length });
    if (looking) said = t(counted("moves.looking", length), { shown: movesTo(to), length });
    else if (!line.length) said = t("moves.start-label");
    return go({ ...state, actions: line.slice(0, to), redo: line.slice(to).reverse(), looking }, { said });
  });
}

function renderResult() {
  const { view } = board;
  const section = $("result");
  const result = view.result;
  section.hidden = !result;
  if (!result) {
    section.removeAttribute("data-winner");
    section.removeAttribute("data-reason");
    return;
  }
  section.dataset.winner = result.winner === null ? "draw" : String(result.winner);
  section.dataset.reason = result.reason;
  $("result-text").textContent = board.resultText();
  const reasonKey = `reason.${game}.${result.reason}`;
  $("result-reason").textContent = has(reasonKey) ? t(reasonKey) : t("reason.other", { reason: result.reason });
  const details = panel.resultDetails ? panel.resultDetails(view, t) : null;
  $("result-details").replaceChildren(...(details ? [details] : []));
}

/** "Player 1 (Dark) played g7": said before the action is sent, while the mover is known. */
function played(action) {
  return t("announce.played", { seat: seatName(board.view.to_move), action: actionText(game, action) });
}

// --- acting -----------------------------------------------------------------------------

function play(action) {
  if (!board.view || board.view.result) return;
  if (tapConfirm?.wants(action)) return;
  if (state.looking && state.redo.at(-1) !== action) {
    const record = currentRecord();
    const branch = { action, ply: state.actions.length, dropped: state.redo.length };
    askBranch({ ...branch, action: actionText(game, action) }, t).then((yes) => {
      if (yes) enqueue(() => (record === currentRecord() ? playNow(action) : undefined));
    });
    return;
  }
  // a quick double click never plays for the seat that moves next (the computer's, or the
  // other person's): the second click is about a position the first one has left
  board.enqueueHere(() => playNow(action));
}

function playNow(action) {
  const same = state.redo.at(-1) === action;
  const redo = same ? state.redo.slice(0, -1) : [];
  return go({ ...state, actions: [...state.actions, action], redo, looking: same && state.looking },
    { said: played(action) });
}

/** The computer's action, played only if the game is still the one it thought about. */
function computerPlay(action, record) {
  enqueue(() => (record === currentRecord() && !board.view.result ? playNow(action) : undefined));
}

/** Take back the last action; with computers at the table, take back until a person is to
 * move (unless every seat is the computer's), so their answers are taken back too. */
function undo() {
  if (!state.actions.length) return;
  enqueue(async () => {
    const taken = []; // each step says every action taken back so far: the last is what is heard
    do {
      const action = state.actions.at(-1);
      taken.push(actionText(game, action));
      const words = new Intl.ListFormat(language(), { type: "conjunction" }).format(taken);
      await go({ ...state, actions: state.actions.slice(0, -1), redo: [...state.redo, action] },
        { said: t("announce.undone", { action: words }) });
    } while (state.actions.length && computer.plays(board.view.to_move) && computer.hasPerson(board.view.players));
  });
}

/** Play the last action taken back again; with computers at the table, their answers too, as
 * far as they were taken back. */
function redo() {
  if (!state.redo.length) return;
  enqueue(async () => {
    const replayed = []; // as for Undo: each step says them all so far
    do {
      const action = state.redo.at(-1);
      replayed.push(played(action));
      await go({ ...state, actions: [...state.actions, action], redo: state.redo.slice(0, -1) },
        { said: replayed.join(" ") });
    } while (state.redo.length && computer.plays(board.view.to_move) && computer.hasPerson(board.view.players));
  });
}

/** Choose a part of an action (null: drop it); the engine shows what can follow. */
function choose(select) {
  const said = select === null ? t("announce.dropped") : t("announce.chosen", { part: board.partName(select) });
  enqueue(() => go(state, { select, said }));
}

/** What the pointed or focused action would do, on the board as it is drawn. The preview
 * belongs to the view that drew the element: the page's game can be a move ahead of the
 * drawing while the engine answers, and an answer about a board no longer shown is dropped. */
async function onPreview(event) {
  const el = eventElement(event)?.closest("#board [data-action]");
  const action = el instanceof SVGElement || el instanceof HTMLElement ? el.dataset.action : undefined;
  const shown = board.view;
  if (!action || !engine || !shown || shown.result || action === previewing) return;
  previewing = action;
  const current = () => previewing === action && board.view === shown;
  await board.queue;
  if (!current()) return;
  try {
    // a game that tells its preview in words may leave out the picture of it (previewPicture)
    const settings = panel.previewText
      ? { picture: panel.previewPicture !== false, coords: checkbox("show-coords").checked, draw: panel.drawOptions?.() }
      : {};
    const answer = await engine.preview(BOARD, shown.record, action, settings);
    if (!current()) return;
    if (answer.svg) showSvg($("board-preview"), answer.svg);
    $("board-preview").hidden = !answer.svg;
    ringFocus();
    if (panel.previewText) {
      $("preview").textContent = panel.previewText(answer, shown, t);
    } else {
      showPreview(action, answer.score, shown.score);
    }
  } catch (error) {
    // A preview is only a glance: one the engine refuses is left unshown, not put to the
    // player as an error (a failed engine is still told).
    if (error instanceof EngineError) console.warn("no preview of", action, error.message);
    else showFailure(error);
  }
}

function showPreview(action, after, before) {
  const parts = after.totals.map((total, seat) => {
    const change = total - before.totals[seat];
    const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
    return t("preview.seat", {
      seat: seatName(seat), points: formatPoints(total), change: `${sign}${formatPoints(Math.abs(change))}`,
    });
  });
  $("preview").textContent = t("preview.line", { action: actionText(game, action), scores: parts.join(" · ") });
}

function endPreview(event) {
  if (!eventElement(event)?.closest("#board [data-action]")) return;
  // A press elsewhere takes the focus from the board: the preview goes once the button is
  // released, so nothing under the pointer moves between press and release.
  const ended = previewing;
  if (pressing) released.push(() => previewing === ended && clearPreview());
  else clearPreview();
}

/** A click (or Enter) on a cell the player may not take now, in a game whose actions are its cells (a
 * Bounders cell taken or closed): the engine says why, in the preview line and aloud, rather
 * than nothing happening; where that line is out of sight (on a phone it is under the side
 * panel), in a notice over the board, which is said too. Whether cells are actions is read
 * from the picture (some legal action is a cell's name), so no rule is written here. */
async function explainRefusedCell(event) {
  const cell = eventElement(event)?.closest("#board [data-cell]:not([data-action])");
  const shown = board.view;
  if (!(cell instanceof SVGElement) || !engine || !shown || !board.playable() || board.selected !== null) return;
  const frame = $("board");
  const cells = new Set([...frame.querySelectorAll("[data-cell]")].map((el) => /** @type {SVGElement} */ (el).dataset.cell));
  const actions = [...frame.querySelectorAll("[data-action]")].map((el) => /** @type {SVGElement} */ (el).dataset.action);
  if (!actions.some((action) => cells.has(action))) return;
  const name = cell.dataset.cell ?? "";
  try {
    await engine.preview(BOARD, shown.record, name, { picture: false });
    return; // the engine would take it after all: the page's picture was behind
  } catch (error) {
    if (!(error instanceof EngineError) || board.view !== shown) return;
    const reason = refusalMessage(error.answer?.reason ?? error.message);
    const message = { key: "preview.refused", values: { action: actionText(game, name), reason } };
    const line = $("preview");
    line.textContent = say(message);
    const { top, bottom } = line.getBoundingClientRect();
    if (top >= 0 && bottom <= window.innerHeight) announce(line.textContent);
    else {
      // over the board, it hides cells: it goes by itself after a while (and with the next move)
      const shown = showNotice(notices, { kind: "refused", message });
      setTimeout(() => {
        if (shown.isConnected) clearNotice(notices, "refused");
      }, REFUSED_NOTICE_MS);
    }
  }
}

const REFUSED_NOTICE_MS = 5000; // how long a refused cell's reason lies over the board

/** Whether the Hint button was last pressed from the keyboard. */
let hintByKey = false;

/** The Hint button, pressed from the keyboard, gave its focus to the board while it waited:
 * the focus goes on to the part that plays the hinted action, or its first part. */
function focusHint() {
  const frame = $("board");
  const action = computer.hintFor(currentRecord());
  if (!hintByKey || document.activeElement !== frame || !action) return;
  const parts = [...frame.querySelectorAll("[data-action], [data-select]")];
  // a piece whose moves begin with its cell: "c1" begins "c1-c2", not "c10-c11"
  const begins = (select) => Boolean(select) && action.startsWith(select)
    && !/[\p{L}\p{N}]/u.test(action.charAt(select.length));
  const part = parts.find((el) => dataOf(el).action === action)
    ?? parts.find((el) => begins(dataOf(el).select));
  if (!(part instanceof SVGElement || part instanceof HTMLElement)) return;
  rovingFocus(frame, part);
  part.focus();
}

function clearPreview() {
  previewing = null;
  $("preview").textContent = "";
  hidePreviewPicture();
}

function onPressEnd() {
  pressing = false;
  // the click follows the release in the same turn of the event loop: the task comes after it
  setTimeout(() => {
    if (pressing) return;
    for (const task of released.splice(0)) task();
  });
}

/** The game's picture of a previewed action lies over the board (clicks go through it). */
function hidePreviewPicture() {
  $("board-preview").hidden = true;
  $("board-preview").replaceChildren();
}

/** The picture of a preview lies over the board and hides the ring of the board's focused
 * part: the part is ringed again on the picture, at the same place on the screen (no ring
 * when no part of the board shows its own, as after a mouse click). */
function ringFocus() {
  const overlay = $("board-preview");
  overlay.querySelector(".focus-ring")?.remove();
  const picture = overlay.querySelector("svg");
  const focused = document.activeElement;
  if (overlay.hidden || !picture || !(focused instanceof SVGGraphicsElement)
    || !$("board").contains(focused) || !focused.matches(":focus-visible")) return;
  const toPicture = picture.getScreenCTM()?.inverse();
  if (!toPicture) return;
  const box = focused.getBoundingClientRect();
  const from = new DOMPoint(box.left, box.top).matrixTransform(toPicture);
  const to = new DOMPoint(box.right, box.bottom).matrixTransform(toPicture);
  const ring = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  ring.setAttribute("class", "focus-ring");
  ring.setAttribute("x", String(Math.min(from.x, to.x)));
  ring.setAttribute("y", String(Math.min(from.y, to.y)));
  ring.setAttribute("width", String(Math.abs(to.x - from.x)));
  ring.setAttribute("height", String(Math.abs(to.y - from.y)));
  picture.append(ring);
}

// --- new game ---------------------------------------------------------------------------

/** The new-game panel: the game's own (panel.buildOptions / readOptions) or one built from
 * its options. Options the page or the engine refuses reopen it with the reason. */
function openNewGame() {
  (panel.buildOptions ?? buildOptionFields)($("option-fields"), game, optionSpecs, state.options, t);
  seatFields($("seat-fields"), $("option-fields"), (board.view ?? startView).players, computer.seats, t);
  showNewGameError("");
  newGameDialog.showModal();
}

/** Who plays the game on the page: a seat each, changed without starting again (a friend
 * leaves and the computer takes the seat; a shared game opened with every seat a person's). */
function openWhoPlays() {
  const players = (board.view ?? startView).players;
  seatFields($("seats-only"), null, players, state.seats ?? [], t, seatName);
  /** @type {HTMLDialogElement} */ ($("seats-dialog")).showModal();
}

function onWhoPlaysClosed() {
  const dialog = /** @type {HTMLDialogElement} */ ($("seats-dialog"));
  if (dialog.returnValue !== "apply") return;
  const players = (board.view ?? startView).players;
  const seats = fitSeats(readSeatFields($("seats-only"), null, players), players);
  saveSeats(game, seats); // the next new game's too, as a new game's panel keeps them
  enqueue(async () => {
    await go({ ...state, seats }, { select: board.selected, redraw: true });
    const kinds = seats.map((_, seat) => t("file.player", { seat: seatName(seat), kind: seatKind(seat) }));
    announce(t("seats.changed", { players: kinds.join("; ") }));
  });
}

/** Who plays `seat` in words: a person, or the computer at its level. @param {number} seat */
function seatKind(seat) {
  return computer.plays(seat)
    ? t("file.computer", { level: t(`home.level.${computer.seats[seat]}`) }) : t("file.person");
}

function showNewGameError(message) {
  $("new-game-error").textContent = message;
  $("new-game-error").hidden = !message;
}

function onNewGameClosed() {
  const dialog = newGameDialog;
  if (dialog.returnValue !== "start") return;
  const refused = (error) => {
    showNewGameError(describe(error));
    dialog.showModal();
  };
  let options;
  try {
    options = (panel.readOptions ?? readOptionFields)($("option-fields"), optionSpecs, t);
  } catch (error) {
    refused(error);
    return;
  }
  const seats = readSeatFields($("seat-fields"), $("option-fields"), (board.view ?? startView).players);
  // the seats a new game starts with, kept once the engine accepts this one
  enqueue(() => go({ options, actions: [], redo: [], looking: false, seats }, { said: t("announce.new-game") })
    .then(() => saveSeats(game, seats))
    .catch(refused));
}

// --- start ------------------------------------------------------------------------------

/**
 * A game's record with the actions taken back: options, actions, redo.
 * @typedef {{options: Record<string, string>, actions: string[], redo: string[], looking?: boolean,
 *   arrived?: string | boolean | null, seats?: string[]}} GameState (arrived: the mark of a game
 *   that came from a link or a record, as it came; true asks `go` to mark it; seats: who plays
 *   each seat, "person" or a computer level, kept with the game)
 */

/** The game to open: the link's (a position of a game kept to return to opens that game as it
 * was kept), else the saved one, else a new game. A malformed link is
 * reported and the saved game opened instead; so is a link the engine refuses (`fallback`).
 * @returns {{next: GameState, fallback?: GameState, linkError?: any, replaces?: GameState, fromKept?: boolean}} */
function chosenGame() {
  const saved = asOpened(savedGame());
  if (!location.hash || location.hash === "#") return { next: { ...saved, looking: wasLooking(game) } };
  try {
    const linked = fromFragment(location.hash);
    // The link of the saved game's own position (a reload): that game, its continuation kept.
    // Any other link is a game of its own (a new game from the home page is an empty one).
    if (onLine(linked, saved) && linked.actions.length === saved.actions.length) {
      return { next: { ...saved, looking: wasLooking(game) && saved.redo.length > 0 }, fallback: saved };
    }
    // the address of a game kept to return to (Back to a game left for another page): that
    // game as it was kept, its continuation and its seats with it
    const back = keptPosition(linked);
    if (back) return { next: back, fallback: saved, replaces: saved, fromKept: true };
    return { next: { ...linked, redo: [], arrived: true }, fallback: saved, replaces: saved };
  } catch (error) {
    return { next: saved, linkError: error };
  }
}

/** The position `linked` (options and actions) of a game kept to return to, as it was kept:
 * its continuation, its seats and its arrival mark; null when no kept game holds it, or when
 * `linked` has no action (a new game's address).
 * @param {{options: Record<string, string>, actions: string[]}} linked @returns {GameState | null} */
function keptPosition(linked) {
  if (!linked.actions.length) return null; // the address of a new game (the home page's start) is one
  const kept = keptWith(game, linked);
  if (!kept) return null;
  const line = lineOf(kept);
  const ply = linked.actions.length;
  return { ...kept, actions: line.slice(0, ply), redo: line.slice(ply).reverse(), looking: ply < line.length };
}

/** Whether `next` is the starting position of the page (default options, no action). */
function isStart(next) {
  return next.actions.length === 0
    && Object.entries(next.options).every(([key, value]) => startView.options[key] === value);
}

/** Show the starting view at once, before the engine is ready, when it is the game to open. */
function showStart(next) {
  state = {
    options: startView.options, actions: [], redo: next.redo, looking: Boolean(next.looking) && next.redo.length > 0,
    seats: seatsOf(next, startView.players),
  };
  computer.setSeats(state.seats);
  board.view = startView;
  render();
}

/** @param {ReturnType<typeof chosenGame>} chosen */
async function openGame({ next, fallback, linkError, replaces, fromKept = false }) {
  let error = linkError;
  if (board.view === startView && isStart(next)) {
    persist();
  } else {
    try {
      await (fallback ? go(next) : openSaved(next));
    } catch (refused) {
      if (!fallback || refused instanceof EngineFault) throw refused;
      await openSaved(fallback);
      error = refused;
    }
  }
  opening = null;
  if (error) showLinkProblem(error, fallback ? next : undefined);
  else if (fromKept) forgetKept(game, state); // on screen again
  if (replaces && shouldKeep(game, replaces, state)) keepPrevious(game, replaces);
  showPreviousNotice();
}

/** A link to another address of this page (Back, Forward, a link followed): a position of the
 * game's own line is shown with the rest kept as its continuation; another game is opened with
 * the game in progress kept to return to. */
function onHashChange() {
  if (location.hash === `#${toFragment(state.options, state.actions)}`) return;
  enqueue(async () => {
    try {
      const linked = fromFragment(location.hash);
      if (onLine(linked, state)) {
        const line = lineOf(state);
        const ply = linked.actions.length;
        await go({ ...state, actions: line.slice(0, ply), redo: line.slice(ply).reverse(), looking: ply < line.length });
        return;
      }
      const back = keptPosition(linked);
      await (back ? openKept(back) : openOther({ ...linked, redo: [] }));
    } catch (error) {
      const linked = linkedGame(); // before persist() puts the game's own address back
      persist();
      showLinkProblem(error, linked);
    }
  });
}

/** Open `next` in place of the game on screen, which is kept to return to (a notice offers it).
 * @param {GameState} next */
async function openOther(next) {
  const before = { ...state };
  await go({ ...next, looking: false, arrived: true });
  if (shouldKeep(game, before, state)) {
    keepPrevious(game, before);
    showPreviousNotice();
  }
}

/** Open `back`, a position of a game kept to return to (its address reached again: Back), in
 * place of the game on screen, which is kept in its turn. @param {GameState} back */
async function openKept(back) {
  const leaving = { ...state };
  await go(back);
  forgetKept(game, state); // on screen again
  if (shouldKeep(game, leaving, state)) keepPrevious(game, leaving);
  showPreviousNotice();
}

/** The game another tab saved over this one's: kept to return to (history.js decides, as for a
 * link's game), before this tab's game is saved in its place. */
function keepOtherTabs() {
  const { saved } = readSaved(game);
  clearNotice(notices, "other-tab");
  if (saved && shouldKeep(game, saved, state)) {
    keepPrevious(game, saved);
    showPreviousNotice("history.kept-other-tab");
  }
}

/** Another tab of this page saved its game: said, with a way to show that game here (this
 * tab's game is then kept to return to). Until then this tab goes on with its own.
 * @param {StorageEvent} event */
function onOtherTab(event) {
  if (event.key !== `tabula.game.${game}` || event.newValue === null) return;
  const stored = savedMark();
  if (stored === null || stored === written) return;
  showNotice(notices, {
    kind: "other-tab",
    message: { key: "tabs.changed" },
    actions: [{
      message: { key: "tabs.show" },
      name: "show-other",
      run: () => enqueue(async () => {
        clearNotice(notices, "other-tab");
        const { saved } = readSaved(game);
        if (saved) await openOther({ ...saved, looking: false });
      }),
    }],
  });
}

/** The notice of a game kept to return to (its text and Return to it), said as it appears. */
function previousNotice() {
  const notice = makeNotice("previous-game", "previous");
  notice.setAttribute("role", "status");
  return notice;
}

/** @param {string} [said] what the notice says of the game kept (else: another game opened) */
function showPreviousNotice(said = "history.kept") {
  const notice = $("previous-game");
  const kept = keptPrevious(game);
  notice.hidden = !kept;
  for (const [selector, key] of [[".previous-text", said], ["button", "history.return"]]) {
    const el = /** @type {HTMLElement} */ (notice.querySelector(selector));
    el.dataset.i18n = key;
    el.textContent = t(key);
  }
}

/** Back to the game kept: the game on screen is kept in its place. */
function returnToPrevious() {
  const kept = keptPrevious(game);
  if (!kept) return;
  enqueue(async () => {
    const leaving = { ...state };
    await go({ ...kept, looking: false });
    forgetPrevious(game); // on screen again
    if (worthKeeping(leaving)) keepPrevious(game, leaving);
    $("previous-game").hidden = true;
    announce(t("history.returned"));
  });
}

/** @type {TapConfirm | null} a touch screen's first tap previews, the second plays */
let tapConfirm = null;

/** The panels for reviewing a game: its file, links and pictures. */
function setupReview() {
  tapConfirm = new TapConfirm({
    frame: $("board"), choices: $("choices"), controls: $("game-controls"), t,
    preview: (el) => onPreview({ target: el }), announce, actionName: (action) => actionText(game, action),
  });
  const side = /** @type {HTMLElement} */ ($("moves").closest(".side"));
  recordsPanel(side, {
    game,
    t,
    current: () => ({ options: state.options, line: lineOf(state), shown: state.actions.length }),
    viewOf: async (record) => (await engineReady).view("file", record, {}),
    read: async (record) => (await engineReady).read(record),
    seatName: (view, seat) => BoardController.prototype.seatName.call({ view }, seat),
    seatKind,
    open: (next) => enqueue(() => openOther(next)),
    frame: $("board"),
    moves: () => movesTo(lineOf(state).length),
  });
  analysis = new Analysis(side, {
    game,
    t,
    engine: () => engineReady,
    current: () => ({
      record: recordText(game, state.options, lineOf(state)), line: lineOf(state), movers, players: board.view.players,
      numbers: moveNumbers(),
    }),
    seatName,
    // a point of the graph or a marked move chosen far below the board (a phone, a tablet
    // upright): the board comes into view, so the position shown is seen
    show: (ply) => {
      showPly(ply);
      const box = $("board").getBoundingClientRect();
      if (box.bottom < 0 || box.top > window.innerHeight) $("board").scrollIntoView({ block: "start" });
    },
  });
}

function wire() {
  board.wire(document);
  $("board").addEventListener("click", explainRefusedCell);
  // from the keyboard too: Enter or Space on a cell that is not a move says why
  $("board").addEventListener("keydown", (event) => {
    const part = eventElement(event);
    if ((event.key !== "Enter" && event.key !== " ") || !part?.matches("[data-info]")) return;
    event.preventDefault();
    // a cell in a game whose cells are moves says the engine's reason; another part (a piece
    // of the side not to move) says at least that nothing is played there
    if (part.matches("[data-cell]")) explainRefusedCell(event);
    else announce(t("board.nothing-here", { part: part.getAttribute("aria-label") ?? "" }));
  });
  $("board").addEventListener("pointerover", onPreview);
  $("board").addEventListener("focusin", onPreview);
  $("board").addEventListener("pointerout", endPreview);
  $("board").addEventListener("focusout", endPreview);
  // a preview shown while the focus moves (a pointed one) rings the part focused now
  document.addEventListener("focusin", ringFocus);
  document.addEventListener("focusout", ringFocus);
  document.addEventListener("pointerdown", () => { pressing = true; }, true);
  document.addEventListener("pointerup", onPressEnd, true);
  document.addEventListener("pointercancel", onPressEnd, true);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-game").addEventListener("click", openNewGame);
  $("hint").addEventListener("click", () => {
    hintByKey = $("hint").matches(":focus-visible");
    computer.requestHint();
  });
  $("new-game-dialog").addEventListener("close", onNewGameClosed);
  $("who-plays").addEventListener("click", openWhoPlays);
  $("seats-dialog").addEventListener("close", onWhoPlaysClosed);
  $("show-legal").addEventListener("change", () => body.classList.toggle("hide-legal", !checkbox("show-legal").checked));
  $("show-coords").addEventListener("change", () => enqueue(() => go(state, { select: board.selected })));
  window.addEventListener("hashchange", onHashChange);
  window.addEventListener("storage", onOtherTab);
  wireLookingNotice($("looking"), () => showPly(Infinity));
  $("previous-game").querySelector("button").addEventListener("click", returnToPrevious);
  $("error-notice").querySelector("[data-name=dismiss]").addEventListener("click", () => showError(""));
  $("notice-layer").addEventListener("click", afterDismiss);
}

/** A notice over the board was dismissed: the keyboard goes on from the next notice's first
 * button, or from the board when none is left (not from the top of the page).
 * @param {MouseEvent} event */
function afterDismiss(event) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target.dataset.name !== "dismiss") return;
  if (target.isConnected && target.getClientRects().length) return; // still shown
  const next = [...$("notice-layer").querySelectorAll("button")].find((el) => el.getClientRects().length);
  (next ?? $("board")).focus();
}

async function main() {
  engine = pageEngine();
  engineReady = Promise.resolve(engine);
  // the words of the page come first: an engine that fails before the catalogue is read (its
  // files blocked, at once) is said in words, not message keys; the states keep their order
  /** @type {(value?: unknown) => void} */
  let words = () => {};
  const worded = new Promise((resolve) => { words = resolve; });
  engine.onState((now) => worded.then(() => onEngineState(now)));
  computer = new Computer({
    game, board: BOARD, engine: engineReady, play: computerPlay, seatName, t, fail: showFailure,
    idle: () => board.idle(),
    showHint: (sentence) => {
      enqueue(async () => {
        await go(state, { select: board.selected, redraw: true });
        focusHint();
      });
      announce(sentence);
    },
  });
  const [, module] = await Promise.all([
    setupPrefs(() => {
      if (board.view) render();
      analysis?.relabel();
    }).finally(words),
    import(`../${body.dataset.panel}`),
  ]);
  panel = module.default;
  const redraw = () => enqueue(() => go(state, { select: board.selected, redraw: true }));
  const extra = panel.controls?.({ t, redraw });
  if (extra) $("game-controls").append(extra);
  const first = chosenGame();
  opening = first;
  if (isStart(first.next)) showStart(first.next);
  const opened = enqueue(() => openGame(first));
  panel.watch?.(redraw);
  wire();
  setupReview();
  try {
    await engine.functions();
    performance.mark("worker-ready");
  } catch {
    return; // onEngineState says so, with Retry; the game opens once the engine is up
  }
  await opened;
  markReady();
  performance.mark("engine-ready");
  // A page that opened on its built-in starting view has not asked the engine anything yet: ask
  // now, while the player looks, so the game's module is loaded before the first move.
  if (board.view !== startView) performance.mark("engine-warm");
  else engine.view(BOARD, currentRecord()).then(() => performance.mark("engine-warm"), () => {});
}

main();
