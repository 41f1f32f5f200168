// The game page: one controller for every game. The record (options + actions) is the truth;
// each change sends it to the engine worker and shows what comes back. Per-game wording and
// side panels come from games/<name>.js.
import { choiceButtons, moveFocus, rovingFocus, showSvg } from "./board.js";
import { connectEngine, EngineError } from "./engine.js";
import { has, playerName, t } from "./i18n.js";
import { setupPrefs } from "./prefs.js";
import { fromFragment, loadSaved, recordText, save, toFragment } from "./record.js";
import { buildOptionFields, readOptionFields } from "./options.js";
import { Computer, readSeatFields, seatFields } from "./computer.js";

const BOARD = "main";
const $ = (id) => document.getElementById(id);
const body = document.body;
const game = body.dataset.game;
const optionSpecs = JSON.parse(body.dataset.options);
// The starting position's view, made by the build (its board is already in the page).
const startView = JSON.parse(body.dataset.start);

let engineReady = null;
let engine = null;
let panel = null;
let state = { options: {}, actions: [], redo: [] };
let view = null;
let queue = Promise.resolve();
let previewing = null;
let selected = null;
let computer = null;

/** Run tasks one after another: a click never overtakes the answer to the click before.
 * After each, the computer sees the game (it may start or drop its thinking). */
function enqueue(task) {
  queue = queue.then(task).catch(showFailure).then(() => view && computer.update(view, currentRecord()));
  return queue;
}

function currentRecord() {
  return recordText(game, state.options, state.actions);
}

function showFailure(error) {
  showError(error instanceof EngineError ? t("error.engine", { message: error.message }) : String(error));
}

function showError(message) {
  const el = $("error");
  el.textContent = message;
  el.hidden = !message;
}

function announce(message) {
  $("announcer").textContent = message;
}

function setStatus(key) {
  const el = $("status");
  el.dataset.state = key;
  el.dataset.i18n = `status.${key}`;
  el.textContent = t(`status.${key}`);
}

/** Ask the engine for `next` (options, actions, redo) with the part of an action chosen so far;
 * keep it only if the engine accepts it. */
async function go(next, { said = "", select = null } = {}) {
  const record = recordText(game, next.options, next.actions);
  const chosen = {
    coords: $("show-coords").checked, select, draw: panel.drawOptions?.(), hint: computer.hintFor(record),
  };
  const worker = await engineReady;
  const answer = await worker.view(BOARD, record, chosen);
  selected = select;
  state = { options: answer.options, actions: answer.actions, redo: next.redo };
  view = answer;
  showError("");
  render();
  persist();
  announce([said, answer.result ? resultSentence(answer) : ""].filter(Boolean).join(" "));
}

function persist() {
  save(game, state);
  const fragment = `#${toFragment(state.options, state.actions)}`;
  if (location.hash !== fragment) history.replaceState(null, "", fragment);
}

// --- showing a view ---------------------------------------------------------------------

function render() {
  const frame = $("board");
  const hadFocus = frame.contains(document.activeElement);
  const { action, select } = document.activeElement?.dataset ?? {};
  if (view.svg) showSvg(frame, view.svg);
  hidePreviewPicture();
  const again = (action && frame.querySelector(`[data-action="${CSS.escape(action)}"]`))
    || (select && frame.querySelector(`[data-select="${CSS.escape(select)}"]`));
  rovingFocus(frame, again);
  if (hadFocus) (again || frame).focus();
  renderTurn();
  renderScore(view.score, $("totals"));
  $("preview").textContent = "";
  const details = panel.details ? panel.details(view, t) : null;
  $("details").replaceChildren(...(details ? [details] : []));
  renderChoices();
  renderMoves();
  renderResult();
  $("record").textContent = view.record;
  $("undo").disabled = state.actions.length === 0;
  $("redo").disabled = state.redo.length === 0;
  body.dataset.ply = String(state.actions.length);
  body.dataset.over = String(Boolean(view.result));
  computer.render(view, currentRecord());
}

/** A seat as players know it: its name if the game has names, else "Player n", with its
 * colour when the game gives seats colours (a swap can change them). */
function seatName(seat) {
  const name = playerName(view.score.names, seat);
  const colour = view.score.colours?.[seat];
  if (!colour) return name;
  return t("seat.with-colour", { name, colour: has(`colour.${colour}`) ? t(`colour.${colour}`) : colour });
}

function renderTurn() {
  const el = $("turn");
  el.removeAttribute("data-i18n");
  el.textContent = view.result ? t("turn.over") : t("turn.to-move", { seat: seatName(view.to_move) });
}

function formatPoints(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function renderScore(score, list) {
  const items = score.totals.map((total, seat) => {
    const li = document.createElement("li");
    li.dataset.seat = String(seat);
    if (seat === view.to_move) li.classList.add("to-move");
    const name = document.createElement("span");
    name.className = "seat";
    name.textContent = seatName(seat);
    const points = document.createElement("span");
    points.className = "points";
    points.textContent = formatPoints(total);
    li.append(name, points);
    return li;
  });
  list.replaceChildren(...items);
}

function renderChoices() {
  $("choices").replaceChildren(...choiceButtons(game, view.buttons, selected));
}

function renderMoves() {
  const items = state.actions.map((action, index) => {
    const li = document.createElement("li");
    li.textContent = action;
    if (index === state.actions.length - 1) li.setAttribute("aria-current", "step");
    return li;
  });
  $("moves").replaceChildren(...items);
}

function renderResult() {
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
  $("result-text").textContent = resultSentence(view);
  const reasonKey = `reason.${game}.${result.reason}`;
  $("result-reason").textContent = has(reasonKey) ? t(reasonKey) : t("reason.other", { reason: result.reason });
  const details = panel.resultDetails ? panel.resultDetails(view, t) : null;
  $("result-details").replaceChildren(...(details ? [details] : []));
}

function resultSentence(answer) {
  const { winner } = answer.result;
  return winner === null ? t("result.draw") : t("result.wins", { seat: seatName(winner) });
}

/** "Player 1 (Dark) played g7": said before the action is sent, while the mover is known. */
function played(action) {
  return t("announce.played", { seat: seatName(view.to_move), action });
}

// --- acting -----------------------------------------------------------------------------

function play(action) {
  if (!view || view.result) return;
  enqueue(() => playNow(action));
}

function playNow(action) {
  const redo = state.redo.at(-1) === action ? state.redo.slice(0, -1) : [];
  return go({ ...state, actions: [...state.actions, action], redo }, { said: played(action) });
}

/** The computer's action, played only if the game is still the one it thought about. */
function computerPlay(action, record) {
  enqueue(() => (record === currentRecord() && !view.result ? playNow(action) : undefined));
}

/** Take back the last action; with computers at the table, take back until a person is to
 * move (unless every seat is the computer's), so their answers are taken back too. */
function undo() {
  if (!state.actions.length) return;
  enqueue(async () => {
    do {
      const action = state.actions.at(-1);
      await go({ ...state, actions: state.actions.slice(0, -1), redo: [...state.redo, action] },
        { said: t("announce.undone", { action }) });
    } while (state.actions.length && computer.plays(view.to_move) && computer.hasPerson(view.players));
  });
}

/** Play the last action taken back again; with computers at the table, their answers too, as
 * far as they were taken back. */
function redo() {
  if (!state.redo.length) return;
  enqueue(async () => {
    do {
      const action = state.redo.at(-1);
      await go({ ...state, actions: [...state.actions, action], redo: state.redo.slice(0, -1) },
        { said: played(action) });
    } while (state.redo.length && computer.plays(view.to_move) && computer.hasPerson(view.players));
  });
}

/** A click on a whole action plays it; on a partial one (data-select) it chooses that part,
 * or drops it when chosen already, and the engine shows what can follow. */
function onActivate(event) {
  const el = event.target.closest?.("[data-action], [data-select]");
  if (!el && selected !== null && event.target.closest?.("#board")) choose(null);
  if (!el || !view || view.result || computer.plays(view.to_move)) return;
  event.preventDefault();
  if (el.dataset.action !== undefined) {
    play(el.dataset.action);
  } else {
    choose(el.dataset.select === selected ? null : el.dataset.select);
  }
}

function choose(select) {
  enqueue(() => go(state, { select }));
}

function onKey(event) {
  if (moveFocus($("board"), event)) return;
  if ((event.key === "Enter" || event.key === " ") && event.target.closest("#board")) onActivate(event);
  if (event.key === "Escape" && selected !== null) choose(null);
}

async function onPreview(event) {
  const el = event.target.closest?.("#board [data-action]");
  const action = el?.dataset.action;
  if (!action || !engine || !view || view.result || action === previewing) return;
  previewing = action;
  const ply = state.actions.length;
  await queue;
  if (previewing !== action || ply !== state.actions.length) return;
  try {
    const settings = panel.previewText
      ? { picture: true, coords: $("show-coords").checked, draw: panel.drawOptions?.() } : {};
    const answer = await engine.preview(BOARD, recordText(game, state.options, state.actions), action, settings);
    if (previewing !== action) return;
    if (answer.svg) showSvg($("board-preview"), answer.svg);
    $("board-preview").hidden = !answer.svg;
    if (panel.previewText) {
      $("preview").textContent = panel.previewText(answer, view, t);
    } else {
      showPreview(action, answer.score);
    }
  } catch (error) {
    showFailure(error);
  }
}

function showPreview(action, after) {
  const parts = after.totals.map((total, seat) => {
    const change = total - view.score.totals[seat];
    const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
    return t("preview.seat", {
      seat: seatName(seat), points: formatPoints(total), change: `${sign}${formatPoints(Math.abs(change))}`,
    });
  });
  $("preview").textContent = t("preview.line", { action, scores: parts.join(" · ") });
}

function endPreview(event) {
  if (event.target.closest?.("#board [data-action]")) {
    previewing = null;
    $("preview").textContent = "";
    hidePreviewPicture();
  }
}

/** The game's picture of a previewed action lies over the board (clicks go through it). */
function hidePreviewPicture() {
  $("board-preview").hidden = true;
  $("board-preview").replaceChildren();
}

// --- new game ---------------------------------------------------------------------------

/** The new-game panel: the game's own (panel.buildOptions / readOptions) or one built from
 * its options. Options the page or the engine refuses reopen it with the reason. */
function openNewGame() {
  (panel.buildOptions ?? buildOptionFields)($("option-fields"), game, optionSpecs, state.options, t);
  seatFields($("seat-fields"), $("option-fields"), view.players, computer.seats, t);
  showNewGameError("");
  $("new-game-dialog").showModal();
}

function showNewGameError(message) {
  $("new-game-error").textContent = message;
  $("new-game-error").hidden = !message;
}

function onNewGameClosed() {
  const dialog = $("new-game-dialog");
  if (dialog.returnValue !== "start") return;
  const refused = (error) => {
    showNewGameError(error.message);
    dialog.showModal();
  };
  let options;
  try {
    options = (panel.readOptions ?? readOptionFields)($("option-fields"), optionSpecs, t);
  } catch (error) {
    refused(error);
    return;
  }
  const seats = readSeatFields($("seat-fields"), $("option-fields"), view.players);
  enqueue(() => go({ options, actions: [], redo: [] }, { said: t("announce.new-game") })
    .then(() => computer.setSeats(seats)).catch(refused));
}

// --- start ------------------------------------------------------------------------------

/** The game to open: the link's, else the saved one, else a new game. A malformed link is
 * reported and the saved game opened instead; so is a link the engine refuses (`fallback`). */
function chosenGame() {
  const saved = loadSaved(game) || { options: {}, actions: [], redo: [] };
  if (!location.hash || location.hash === "#") return { next: saved };
  try {
    const linked = fromFragment(location.hash);
    const same = JSON.stringify(linked) === JSON.stringify({ options: saved.options, actions: saved.actions });
    return { next: { ...linked, redo: same ? saved.redo : [] }, fallback: saved };
  } catch (error) {
    return { next: saved, linkError: error.message };
  }
}

/** Whether `next` is the starting position of the page (default options, no action). */
function isStart(next) {
  return next.actions.length === 0
    && Object.entries(next.options).every(([key, value]) => startView.options[key] === value);
}

/** Show the starting view at once, before the engine is ready, when it is the game to open. */
function showStart(next) {
  state = { options: startView.options, actions: [], redo: next.redo };
  view = startView;
  render();
}

async function openGame({ next, fallback, linkError }) {
  let error = linkError;
  if (view === startView && isStart(next)) {
    persist();
  } else {
    try {
      await go(next);
    } catch (refused) {
      if (!fallback) throw refused;
      await go(fallback);
      error = refused.message;
    }
  }
  if (error) showError(t("error.link", { message: error }));
}

function onHashChange() {
  if (location.hash === `#${toFragment(state.options, state.actions)}`) return;
  enqueue(async () => {
    try {
      const linked = fromFragment(location.hash);
      await go({ ...linked, redo: [] });
    } catch (error) {
      persist();
      showError(t("error.link", { message: error.message }));
    }
  });
}

function wire() {
  $("board").addEventListener("click", onActivate);
  document.addEventListener("keydown", onKey);
  $("choices").addEventListener("click", onActivate);
  $("board").addEventListener("pointerover", onPreview);
  $("board").addEventListener("focusin", onPreview);
  $("board").addEventListener("pointerout", endPreview);
  $("board").addEventListener("focusout", endPreview);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-game").addEventListener("click", openNewGame);
  $("hint").addEventListener("click", () => computer.requestHint());
  $("new-game-dialog").addEventListener("close", onNewGameClosed);
  $("show-legal").addEventListener("change", (e) => body.classList.toggle("hide-legal", !e.target.checked));
  $("show-coords").addEventListener("change", () => enqueue(() => go(state, { select: selected })));
  window.addEventListener("hashchange", onHashChange);
}

async function main() {
  engineReady = connectEngine();
  computer = new Computer({
    game, board: BOARD, engine: engineReady, play: computerPlay, seatName, t, fail: showFailure,
    showHint: () => enqueue(() => go(state, { select: selected })),
  });
  const [, module] = await Promise.all([
    setupPrefs(() => view && render()),
    import(`../${body.dataset.panel}`),
  ]);
  panel = module.default;
  const redraw = () => enqueue(() => go(state, { select: selected }));
  const extra = panel.controls?.({ t, redraw });
  if (extra) $("game-controls").append(extra);
  const first = chosenGame();
  if (isStart(first.next)) showStart(first.next);
  const opened = enqueue(() => openGame(first));
  panel.watch?.(redraw);
  wire();
  try {
    engine = await engineReady;
    performance.mark("worker-ready");
  } catch (error) {
    setStatus("failed");
    showError(t("error.worker", { message: String(error) }));
    return;
  }
  await opened;
  setStatus("ready");
  body.dataset.ready = "true";
  performance.mark("engine-ready");
  // A page that opened on its built-in starting view has not asked the engine anything yet: ask
  // now, while the player looks, so the game's module is loaded before the first move.
  if (view !== startView) performance.mark("engine-warm");
  else engine.view(BOARD, currentRecord()).then(() => performance.mark("engine-warm"), () => {});
}

main();
