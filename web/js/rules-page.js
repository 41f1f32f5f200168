// A rules page (written whole by tools/rules_pages.py): both languages are in the page and the
// style sheet shows the reader's; the diagrams are the engine's pictures drawn at build time,
// and a step-through sequence is one picture per step, switched here (a later step's waits in a
// <template> until it is first shown). The engine starts only
// when the reader starts an exercise: this module then loads PyScript, which starts the page's
// engine worker, and asks the worker's `exercise` function to judge each try; an exercise's
// board is the site's board controller (js/board-controller.js). Solved exercises
// are remembered in localStorage ("tabula.rules.<game>": {"solved": [ids]}). The page's
// offline-start.js registers the service worker, as on the other pages.
import { BoardController } from "./board-controller.js";
import { saveSeats } from "./computer.js";
import { setDisabled } from "./dom.js";
import { connectEngine, EngineFault, pageEngine } from "./engine.js";
import { actionValues, has, t, translate } from "./i18n.js";
import { setupPrefs } from "./prefs.js";

const game = document.body.dataset.game;
const PROGRESS_KEY = `tabula.rules.${game}`;
const FIRST_GAME_SEATS = ["person", "beginner"]; // the level for a first game
// A screen on which a picture drawn for a narrow one shows (rules.css: .rules-narrow).
const NARROW = window.matchMedia("(max-width: 40rem)");
const rerender = []; // what to say again when the language changes

function loadSolved() {
  try {
    const data = JSON.parse(localStorage.getItem(PROGRESS_KEY));
    if (Array.isArray(data?.solved)) return new Set(data.solved.filter((id) => typeof id === "string"));
  } catch {
    // a damaged entry: nothing is solved yet
  }
  return new Set();
}

const solved = loadSolved();

function saveSolved() {
  try {
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ solved: [...solved].sort() }));
  } catch {
    // storage blocked: progress lasts as long as the page
  }
}

/** The contents list's marks and the count of solved exercises. */
function showProgress() {
  const items = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".rules-contents li[data-exercise]")]);
  let count = 0;
  for (const item of items) {
    const done = solved.has(item.dataset.exercise);
    count += done ? 1 : 0;
    item.classList.toggle("solved", done);
    let mark = /** @type {HTMLElement | null} */ (item.querySelector(".solved-mark"));
    if (done && !mark) {
      mark = document.createElement("span");
      mark.className = "solved-mark";
      mark.dataset.i18n = "rules.exercise.solved-mark";
      item.append(" ", mark);
    }
    if (mark) mark.textContent = t("rules.exercise.solved-mark");
  }
  const line = /** @type {HTMLElement | null} */ (document.querySelector(".rules-progress"));
  if (line) {
    line.dataset.i18nValues = JSON.stringify({ solved: count, of: items.length });
    line.textContent = t("rules.progress", { solved: count, of: items.length });
  }
}

// --- step-through sequences: pre-drawn pictures, one per step ------------------------------

function setupSequence(figure) {
  const frames = [...figure.querySelectorAll(".rules-frame")];
  const captions = [...figure.querySelectorAll("figcaption [data-step]")];
  const counter = figure.querySelector(".rules-count");
  const buttons = Object.fromEntries(
    [...figure.querySelectorAll("[data-go]")].map((b) => [b.dataset.go, b]),
  );
  let step = 0;
  const show = (wanted) => {
    step = Math.max(0, Math.min(frames.length - 1, wanted));
    const later = frames[step].querySelector(":scope > template");
    if (later) { // a later step's picture, in the document from its first showing
      later.replaceWith(later.content);
      translate(frames[step]);
    }
    frames.forEach((frame, n) => { frame.hidden = n !== step; });
    captions.forEach((caption, n) => { caption.hidden = n !== step; });
    const values = { n: step + 1, of: frames.length };
    counter.dataset.i18nValues = JSON.stringify(values);
    counter.textContent = t("rules.step.count", values);
    const end = step === frames.length - 1;
    // a button pressed to the end it leads to hands its focus to the nearest one still usable
    setDisabled([[buttons.first, step === 0], [buttons.back, step === 0], [buttons.forward, end], [buttons.last, end]]);
    figure.dataset.step = String(step);
  };
  const go = { first: () => 0, back: () => step - 1, forward: () => step + 1, last: () => frames.length - 1 };
  for (const [name, button] of Object.entries(buttons)) {
    button.addEventListener("click", () => show(go[name]()));
  }
  show(0);
}

// --- the engine, started on the first exercise ----------------------------------------------

/** @type {Promise<(board: string, record: string, action: string, goal: object | null, settings: object) => Promise<any>> | null} */
let engine = null;

/** The worker's `exercise` function, once PyScript has started the page's engine worker: the
 * site's engine bridge (js/engine.js), with its time limits and a worker started again when
 * one dies. A start that failed is tried again at the next Start. */
function startEngine() {
  engine ??= (async () => {
    await import(new URL("../vendor/pyscript/core.js", import.meta.url).href);
    const bridge = pageEngine();
    if (bridge.state === "failed") bridge.retry();
    const connected = await connectEngine(bridge.script);
    return (board, record, action, goal, settings) =>
      connected.exercise(board, record, action, goal === null ? "" : JSON.stringify(goal), settings);
  })();
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** A wrong try's reason in the reader's words: the game's own message when there is one. */
function reasonText(reason) {
  const own = `${reason.key}.${game}`;
  return t(has(own) ? own : reason.key, actionValues(game, reason.values));
}

// --- exercises ------------------------------------------------------------------------------

/** The position's answer of `exercise` as a board controller's view: an exercise's position
 * goes on, so it has no result.
 * @param {{svg: string, buttons?: import("./board-controller.js").Choice[], to_move: number | null}} position
 * @returns {import("./board-controller.js").View} */
function positionView(position) {
  return /** @type {import("./board-controller.js").View} */ ({
    game, svg: position.svg, buttons: position.buttons ?? [], to_move: position.to_move, result: null, score: {},
  });
}

/** What an exercise says when it waits for a try: on a touch screen, only to tap (the keys
 * are for a keyboard). */
function readyKey() {
  return matchMedia("(pointer: coarse)").matches ? "rules.exercise.ready-touch" : "rules.exercise.ready";
}

/** An exercise: the board (a BoardController: its queue, picture, clicks, keys and side
 * buttons) and the exercise's flow around it: start, a try and its verdict, try again, the
 * answer, the hint, and the progress. */
function setupExercise(section) {
  const data = JSON.parse(section.dataset.exercise);
  const frame = section.querySelector(".rules-board");
  const choices = section.querySelector(".choices");
  const verdict = section.querySelector(".rules-verdict");
  const solvedText = section.querySelector(".rules-solved");
  const answerWhy = section.querySelector(".rules-reason");
  const hint = section.querySelector(".rules-hint");
  const help = section.querySelector(".rules-help"); // the hint and the answer, from the first
  const button = (act) => section.querySelector(`[data-act="${act}"]`);
  /** The engine's picture options: on a narrow screen, the build's `narrow` ones when it gave
   * any (Bosk's wind board and players under the park rather than beside it). */
  const settings = () => {
    const { coords, highlight, ...draw } = data.narrow && NARROW.matches ? data.narrow : data.draw;
    return { coords: Boolean(coords), highlight: highlight !== false, draw };
  };
  let judge = null;
  let live = false; // the board shows the exercise's position, ready for a try
  let said = null; // the verdict's words: [key, values], or a reason inside "wrong"

  const say = (words) => {
    said = words;
    if (!words?.key && !words?.reason) {
      verdict.textContent = "";
    } else if (words.reason) {
      verdict.textContent = t("rules.exercise.wrong", { why: reasonText(words.reason) });
    } else {
      verdict.textContent = t(words.key, actionValues(game, words.values));
    }
    section.dataset.state = words?.state ?? "";
  };
  const failed = (error) => {
    const message = error instanceof EngineFault ? t(error.key, error.values) : error?.message ?? String(error);
    say({ key: "rules.exercise.failed", values: { message }, state: "failed" });
  };

  const board = new BoardController({
    id: `rules-${data.id}`,
    frame,
    choices,
    anyCell: Boolean(data.open),
    hooks: {
      play: (action) => board.enqueue(() => attempt(action)),
      choose: (select) => board.enqueue(async () => {
        await showPosition(select);
        // said as on the game page, for a reader who does not see the piece marked
        say(select === null ? { key: "announce.dropped", state: "ready" }
          : { key: "announce.chosen", values: { part: board.partName(select) }, state: "ready" });
      }),
      playable: () => live,
      fail: failed,
    },
  });
  /** The board as the controller asks it: the exercise's position, drawn by `exercise`. */
  const positions = {
    view: async (id, record, chosen) => positionView(await judge(id, record, "", null, chosen)),
  };
  rerender.push(() => {
    say(said);
    if (live) board.draw();
  });

  /** The exercise's position on the board, with `select` chosen (a piece, a tree's value). */
  const showPosition = async (select = null) => {
    const position = await board.ask(positions, data.record, { ...settings(), select });
    if (!position) return;
    board.selected = select;
    board.view = position;
    live = true;
    const fromChoices = choices.contains(document.activeElement);
    board.draw();
    if (fromChoices && !choices.contains(document.activeElement)) board.focusFirst(); // a side button chose
  };

  /** A try (or the answer, `showing` it): the engine's verdict, and the picture after it when
   * the rules let it be played. */
  const attempt = async (action, showing = false) => {
    if (!live) return;
    const answer = await judge(board.id, data.record, action, data.goal, settings());
    if (answer.svg) {
      const focused = frame.contains(document.activeElement) || choices.contains(document.activeElement);
      live = false;
      board.selected = null;
      board.view = { ...board.view, svg: answer.svg };
      board.draw({ interactive: false });
      button("again").hidden = false;
      if (focused) button("again").focus();
    } else if (board.selected !== null) {
      await showPosition();
    }
    if (showing) {
      say({ key: "rules.exercise.shown", values: { action }, state: "shown" });
      answerWhy.hidden = false; // why the answer is right, in the content's own words
      help.hidden = true;
    } else if (answer.ok) {
      say({ state: "solved" });
      solvedText.hidden = false;
      help.hidden = true;
      solved.add(data.id);
      saveSolved();
      showProgress();
    } else {
      say({ reason: answer.reason, state: "wrong" });
    }
  };

  /** Start the engine and show the exercise's position (a task of the board's queue): by
   * "Start the exercise", or by "Show the answer" before it. */
  const begin = async () => {
    button("start").disabled = true;
    say({ key: "rules.exercise.loading", state: "loading" });
    try {
      judge = await startEngine();
      await showPosition();
    } catch (error) {
      button("start").disabled = false;
      throw error;
    }
    button("start").hidden = true;
  };

  button("start").addEventListener("click", () => {
    button("start").disabled = true;
    board.enqueue(async () => {
      if (judge) return; // the answer, asked first, started it
      await begin();
      say({ key: readyKey(), state: "ready" });
      board.focusFirst();
    });
  });
  button("again").addEventListener("click", () => board.enqueue(async () => {
    button("again").hidden = true;
    solvedText.hidden = true;
    answerWhy.hidden = true;
    help.hidden = false;
    await showPosition();
    say({ key: readyKey(), state: "ready" });
    board.focusFirst();
  }));
  // a button that goes once pressed hands its focus to what it showed, never to the page's body
  button("hint")?.addEventListener("click", () => {
    hint.hidden = false;
    button("hint").hidden = true;
    hint.tabIndex = -1;
    hint.focus();
  });
  button("answer").addEventListener("click", () => board.enqueue(async () => {
    if (!judge) await begin();
    else if (!live) await showPosition();
    await attempt(data.answer, true);
    if (!section.contains(document.activeElement) || help.contains(document.activeElement)) {
      const again = button("again");
      if (!again.hidden) {
        again.focus();
      } else {
        verdict.tabIndex = -1;
        verdict.focus();
      }
    }
  }));
  if (data.narrow) { // the screen turned narrow or wide: the position drawn for it
    NARROW.addEventListener("change", () => {
      if (live) board.enqueue(() => showPosition(board.selected));
    });
  }
  board.wire(section);
  if (solved.has(data.id)) say({ key: "rules.exercise.before", state: "before" });
}

// --- the first game: a new game against the Beginner computer ------------------------------

function setupFirstGame() {
  document.getElementById("first-game-link")?.addEventListener("click", () => saveSeats(game, FIRST_GAME_SEATS));
}

/** The document's title in the reader's language (the page's heading has both). */
function showTitle() {
  const heading = document.querySelector(`h1 > [lang="${document.documentElement.lang}"]`);
  if (heading) document.title = `${heading.textContent} · ${t("site.name")}`;
}

await setupPrefs(() => {
  showTitle();
  showProgress();
  for (const again of rerender) again();
});
showTitle();
for (const figure of document.querySelectorAll(".rules-sequence")) setupSequence(figure);
for (const section of document.querySelectorAll(".rules-exercise")) setupExercise(section);
setupFirstGame();
showProgress();
document.body.dataset.ready = "1";
