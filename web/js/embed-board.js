// One embedded board, shared by the embeddable page (embed.html, js/embed-page.js) and the
// custom element <tabula-board> (js/tabula-board.js): the record (options + actions) is the
// truth, the board shows the position after its first `ply` actions, the controls step through
// them, and a played action is added to the record. Reading the configuration (an address, or
// an element's attributes) is the caller's; this module renders into the parts it is given and
// talks to the engine under its own board id, through the board controller
// (js/board-controller.js). The engine reads every record. No configured value is ever
// inserted as markup.
import { BoardController, showState } from "./board-controller.js";
import { EngineError, EngineFault, refusalMessage } from "./engine.js";
import { setDisabled } from "./dom.js";
import { GAMES } from "./games.js";
import { actionValues, counted, t } from "./i18n.js";
import { clearNotice, noticeBox, say, showNotice } from "./notice.js";
import { LinkError, recordText, setOption, toFragment } from "./record.js";

/** The names of the site's games (js/games.js, written by the build). */
export const GAME_NAMES = GAMES.map((game) => game.name);

/** A problem with the configuration: its message key and values, written when shown. */
export class EmbedError extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

/** Comma-separated actions, each URL-encoded as in a game page's fragment (so an action may
 * hold an encoded comma); `plus` reads `+` as a space, as in a query string. */
export function readMoves(raw, { plus = false } = {}) {
  let moves;
  try {
    moves = raw ? raw.split(",").map((a) => decodeURIComponent(plus ? a.replace(/\+/g, " ") : a)) : [];
  } catch {
    throw new EmbedError("embed.error.moves", { moves: raw });
  }
  // an empty move (",,") would be skipped by the record, showing another game than meant
  const empty = moves.findIndex((move) => !move.trim());
  if (empty >= 0) throw new EmbedError("embed.error.move-empty", { number: empty + 1 });
  return moves;
}

/**
 * Where a board's game comes from: a record's text (the engine reads it), or a game's name,
 * options and actions. `named` is the game the configuration names, if any.
 * @typedef {{named: string | null, record: string} | {named: string | null, game: string,
 *   options: Record<string, string>, actions: string[]}} Source
 */

/**
 * The problems a board reports.
 * @typedef {{report: (key: string, values?: object) => void}} Reporter
 */

/** The game to show, from the first of its sources that is given: `record` (a record's text),
 * else `fragment` (a game page's `size=7&moves=g7,swap`, read by `fromFragment`), else
 * `options` (names to values) with `moves` (a function giving the actions). `named` is the game
 * asked for, `given` the names of the option and `moves` settings present. Settings of a source
 * not used are reported through `board` as ignored, with the message keys of `words` ("embed"
 * for an address, "element" for attributes). A record's game is known once the engine has read
 * it (`EmbedBoard.openRecord`).
 * @param {Reporter} board
 * @param {{named: string | null, record: string | null,
 *   fragment: (() => {options: Record<string, string>, actions: string[]}) | null,
 *   options: Record<string, string>, moves: () => string[], given: string[], words: string}} setup
 * @returns {Source} */
export function chooseSource(board, { named, record, fragment, options, moves, given, words }) {
  ({ options, given } = withoutUnknown(board, { named, options, given, words }));
  /** @type {Source} */
  let source;
  let ignored = [];
  if (record !== null) {
    source = { named, record };
    ignored = [...given, ...(fragment ? ["#…"] : [])];
  } else {
    const game = (named || "").toLowerCase();
    source = { named, game, ...(fragment ? fragment() : { options, actions: moves() }) };
    ignored = fragment ? given : [];
  }
  if (ignored.length) {
    board.report(`${words}.error.ignored`, { names: [...new Set(ignored)].join(", ") });
  }
  if ("game" in source) knownGame(source.game, words);
  return source;
}

/** The option settings of a named game without those it does not have, which are reported
 * (a misspelt setting is said as such, and does not cost the board its game).
 * @param {Reporter} board
 * @param {{named: string | null, options: Record<string, string>, given: string[], words: string}} setup */
function withoutUnknown(board, { named, options, given, words }) {
  const game = GAMES.find((known) => known.name === (named || "").toLowerCase());
  if (!game) return { options, given };
  const unknown = given.filter((name) => name !== "moves" && !game.options.includes(name));
  if (!unknown.length) return { options, given };
  board.report(`${words}.error.unknown`, { names: unknown.join(", "), game: game.name, options: game.options.join(", ") });
  /** @type {Record<string, string>} */
  const kept = {};
  for (const [name, value] of Object.entries(options)) if (!unknown.includes(name)) setOption(kept, name, value);
  return { options: kept, given: given.filter((name) => !unknown.includes(name)) };
}

/** A game's name checked against the site's games: EmbedError when it is missing or unknown.
 * @param {string} game
 * @param {string} words */
function knownGame(game, words) {
  if (!game) throw new EmbedError(`${words}.error.no-game`);
  if (!GAME_NAMES.includes(game)) throw new EmbedError("embed.error.game", { game, games: GAME_NAMES.join(", ") });
}

/** Captions, one per ply from the start (the first is shown before any action): a JSON list
 * of strings, or texts separated by `|`. A list that cannot be read is reported (`key`) and
 * no caption shown.
 * @param {Reporter} board
 * @param {string} key
 * @param {string | null} value
 * @returns {string[]} */
export function readCaptions(board, key, value) {
  if (value === null || value === "") return [];
  if (!value.trimStart().startsWith("[")) return value.split("|").map((text) => text.trim());
  const list = parsedJson(value);
  if (Array.isArray(list) && list.every((text) => typeof text === "string")) return list;
  board.report(key, { name: "captions", message: { key: list === NOT_JSON ? "read.not-json" : "read.not-texts" } });
  return [];
}

/** What `JSON.parse` gives for `text`, or NOT_JSON: its own error's words are the browser's,
 * not the reader's. */
const NOT_JSON = Symbol("not JSON");
/** @param {string} text */
function parsedJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/**
 * An exercise on the position shown: its goal (JSON, judged by the engine's `exercise`), its
 * id (sent with `tabula-solved`), the actions of its answer, if given, and the ply where it
 * starts; `solved` once the reader found it.
 * @typedef {{goal: string, id: string, answer: string[], start: number, solved: boolean}} Exercise
 */

/** How deep a goal's JSON may nest (goals in "all", each with its fields): a goal is read
 * whole by the engine, and one nested deeper is no goal a page needs. */
const GOAL_DEPTH = 20;

/** How deep the JSON value `value` nests (a number or text: 0), counted only up to `limit`.
 * @param {unknown} value @param {number} limit */
function depthOf(value, limit) {
  if (value === null || typeof value !== "object" || limit <= 0) return 0;
  let deepest = 0;
  for (const part of Object.values(value)) deepest = Math.max(deepest, depthOf(part, limit - 1));
  return 1 + deepest;
}

/** The exercise of a board's `goal` (JSON text), `id` and `answer` (comma-separated actions,
 * each URL-encoded as in `moves`), or null when no goal is given or it is not a goal's JSON:
 * an object with a "kind", not nested too deep (reported). The engine checks the rest of its
 * shape against the position when the board opens (EmbedBoard.checkExercise).
 * @param {Reporter} board
 * @param {string} key
 * @param {{goal: string | null, id: string | null, answer: string | null}} given
 * @returns {Exercise | null} */
export function readExercise(board, key, { goal, id, answer }) {
  if (goal === null || goal === "") return null;
  const problem = goalProblem(parsedJson(goal));
  if (problem) {
    board.report(key, { name: "exercise-goal", message: problem });
    return null;
  }
  return { goal, id: id ?? "", answer: readMoves(answer ?? ""), start: 0, solved: false };
}

/** What keeps a goal's parsed JSON from being a goal (a catalogue message), or null.
 * @param {unknown} parsed
 * @returns {{key: string, values?: Record<string, unknown>} | null} */
function goalProblem(parsed) {
  if (parsed === NOT_JSON) return { key: "read.not-json" };
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return { key: "read.goal-kind" };
  if (typeof (/** @type {{kind?: unknown}} */ (parsed)).kind !== "string") return { key: "read.goal-kind" };
  if (depthOf(parsed, GOAL_DEPTH + 1) > GOAL_DEPTH) return { key: "read.goal-depth", values: { depth: GOAL_DEPTH } };
  return null;
}

/** A yes/no setting written 1 or 0 (true or false); null for one not given. Anything else is
 * reported (`key`: the message saying so) and the fallback used.
 * @param {Reporter} board
 * @param {string} key
 * @param {string} name
 * @param {string | null} value
 * @param {boolean} fallback */
export function readFlag(board, key, name, value, fallback) {
  if (value === null) return fallback;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  board.report(key, { name, value });
  return fallback;
}

/** The wanted ply: a whole number, or null (not given, or reported) for the end of the record.
 * @param {Reporter} board
 * @param {string} key
 * @param {string | null} value */
export function readPly(board, key, value) {
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value)) {
    board.report(key, { name: "ply", value });
    return null;
  }
  return Number(value);
}

/**
 * The parts of an embedded board (embed.html has them in its markup; <tabula-board> builds
 * them): `keys` is the element whose keydown events it handles (the host when not given).
 * @typedef {object} Parts
 * @property {HTMLElement} error
 * @property {HTMLElement} board
 * @property {HTMLElement} choices
 * @property {HTMLElement} status
 * @property {HTMLElement} controls
 * @property {HTMLButtonElement} first
 * @property {HTMLButtonElement} back
 * @property {HTMLButtonElement} forward
 * @property {HTMLButtonElement} last
 * @property {HTMLElement} plyLabel
 * @property {HTMLAnchorElement} open
 * @property {HTMLElement} caption the caption of the ply shown
 * @property {HTMLElement} exercise what an exercise says (wrong, solved, the answer)
 * @property {HTMLButtonElement} answer the exercise's "Show answer" button
 * @property {HTMLElement} [keys]
 */

/**
 * The page's engine (js/engine.js): its functions, its state and Retry.
 * @typedef {import("./engine.js").Engine} Engine
 */

/**
 * A board in the page. `host` carries the board's state for styles and tests (data-ready,
 * data-game, data-ply, data-plies, data-over, data-problems; classes playable and hide-legal);
 * `parts` are its elements. `id` is the engine's board id: one per board; `site` is the address
 * of the site's folder that the "Open in Tabula" link starts with.
 */
export class EmbedBoard extends BoardController {
  /**
   * @param {HTMLElement} host
   * @param {Parts} parts
   * @param {{id: string, site?: string}} setup
   */
  constructor(host, parts, { id, site = "" }) {
    super({
      id,
      frame: parts.board,
      choices: parts.choices,
      hooks: {
        play: (action) => this.enqueueHere(() => this.judgeTry(action)),
        choose: (select) => this.enqueue(() => this.show(this.ply, select)),
        playable: () => this.shown.interactive,
        fail: (error) => this.reportFailure(error),
      },
    });
    this.host = host;
    this.parts = parts;
    this.site = site;
    /** @type {string | null} the language its author gave the board, carried to the site */
    this.linkLanguage = null;
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {string | null} */
    this.game = null;
    /** @type {Record<string, string>} */
    this.options = {};
    /** @type {string[]} the record's actions, all of them legal */
    this.actions = [];
    this.ply = 0; // the position shown: the one after the first `ply` actions
    this.shown = { interactive: false, controls: false, legal: false, coords: false };
    /** @type {{key: string, values: object}[]} written in the page's language when shown */
    this.problems = [];
    this.words = "embed"; // the messages of the configuration: "embed" or "element"
    /** @type {string[]} one per ply, from the start */
    this.captions = [];
    /** @type {Exercise | null} */
    this.exercise = null;
    /** @type {((type: string, detail: object) => void) | null} hears every event (embed.html
     * posts them to its parent) */
    this.onEvent = null;
    this.up = false; // ready: it tells its host of each position shown
    this.told = ""; // the last position told (its ply and record)
    this.wired = false;
    this.retired = false; // a board replaced by another in the same host: it shows nothing more
    /** @type {(() => Promise<void>) | null} the opening of the board's game, until it is shown
     * (a failed engine start keeps it for Retry) */
    this.opening = null;
    /** @type {HTMLElement | null} where the engine's notices go (after the problems) */
    this.notices = null;
    this.stopListening = () => {};
    this.engineBehind = false; // the engine failed or restarted since the board last asked it
    this.restartsSaid = 0; // the engine's restarts after a worker died, said so far
  }

  /** Stop showing anything: the host now belongs to another board (its queue still ends). */
  retire() {
    this.retired = true;
    this.stopListening();
  }

  // --- problems ---------------------------------------------------------------------------

  /** @param {string} key @param {object} [values] */
  report(key, values = {}) {
    this.problems.push({ key, values });
    this.showProblems();
  }

  showProblems() {
    if (this.retired) return;
    const el = this.parts.error;
    el.textContent = this.problems.map((problem) => say(problem)).join(" ");
    el.hidden = this.problems.length === 0;
    this.host.dataset.problems = String(this.problems.length);
  }

  /** @param {any} error */
  reportFailure(error) {
    if (error instanceof EngineFault) this.showEngineNotice();
    else if (error instanceof LinkError) this.report("embed.error.other", { message: { key: error.key, values: error.values } });
    else if (error instanceof EmbedError) this.report(error.key, error.values);
    else if (error instanceof EngineError) this.report("error.engine", { message: error.reason });
    else this.report("embed.error.other", { message: String(error?.message ?? error) });
  }

  /** Run engine tasks one after another, as long as the board is shown.
   * @param {() => unknown} task */
  enqueue(task) {
    return super.enqueue(() => (this.retired ? undefined : task()));
  }

  // --- the record -------------------------------------------------------------------------

  /** @param {number} count */
  recordOf(count) {
    return recordText(this.game ?? "", this.options, this.actions.slice(0, count));
  }

  /** @param {string} record @param {string | null} [select] */
  viewOf(record, select = null) {
    if (!this.engine) throw new Error("the engine is not ready");
    return this.ask(this.engine, record, { coords: this.shown.coords, select });
  }

  /** Bring the source's game to the board, as the engine reads it. Options it refuses give the
   * game's standard start; an action it refuses ends the record before it (the engine says
   * how many actions it took). A record the engine cannot read, or of a game the site does not
   * have, is an EmbedError.
   * @param {Source} source */
  async openRecord(source) {
    if (!this.engine) throw new Error("the engine is not ready");
    let text;
    if ("record" in source) {
      text = source.record;
    } else {
      try {
        text = recordText(source.game, source.options, source.actions);
      } catch (error) {
        if (!(error instanceof LinkError)) throw error;
        this.report("embed.error.link", { message: { key: error.key, values: error.values } });
        text = recordText(source.game, {}, []);
      }
    }
    let answer;
    try {
      answer = await this.engine.read(text);
    } catch (error) {
      if (!(error instanceof EngineError) || !error.answer) throw error;
      answer = error.answer;
    }
    const message = refusalMessage(answer.reason ?? answer.error);
    if (!answer.game) throw new EmbedError("embed.error.record", { message });
    knownGame(answer.game, "embed");
    if ("record" in source && source.named && source.named.toLowerCase() !== answer.game) {
      this.report(`${this.words}.error.game-differs`, { game: source.named, record: answer.game });
    }
    this.setGame(answer.game);
    this.options = answer.options ?? {};
    this.actions = answer.actions ?? [];
    if (!answer.error) return;
    if (answer.prefix === null || answer.prefix === undefined) {
      this.report("embed.error.options", { message });
    } else {
      this.report("embed.error.action", { number: answer.prefix + 1, action: answer.token, message });
    }
  }

  /** @param {string} game */
  setGame(game) {
    this.game = game;
    if (!this.retired) this.host.dataset.game = game;
  }

  /** Show the position after `count` actions (with `select`, a part of an action chosen).
   * @param {number} count @param {string | null} [select] */
  async show(count, select = null) {
    const answer = await this.viewOf(this.recordOf(count), select);
    if (!answer) return;
    this.view = answer;
    this.ply = count;
    this.selected = select;
    this.options = answer.options;
    this.render();
  }

  /** Play `action` at the position shown: the record goes on from there (if it went on with
   * another action, the rest is dropped; with this very action, it is kept).
   * @param {string} action */
  async playAt(action) {
    if (this.actions[this.ply] === action) {
      await this.show(this.ply + 1);
    } else {
      const next = [...this.actions.slice(0, this.ply), action];
      const answer = await this.viewOf(recordText(this.game ?? "", this.options, next));
      if (!answer) return;
      this.actions = next;
      this.view = answer;
      this.ply = next.length;
      this.selected = null;
      this.render();
    }
    this.emit("tabula-action", { action, ply: this.ply });
  }

  /** The reader's action (or a host's `play` command): played, or with an exercise still to
   * solve, judged by the engine first. A wrong try is not played: the position stays, with the
   * reason said, for another try; the right one is played and the exercise is solved. (A
   * reader's click goes through enqueueHere instead: one made on a position the board has
   * left is dropped.)
   * @param {string} action */
  tryAction(action) {
    return this.enqueue(() => this.judgeTry(action));
  }

  /** tryAction's task. @param {string} action */
  async judgeTry(action) {
    const { exercise, engine } = this;
    if (!exercise || exercise.solved || !engine) {
      await this.playAt(action);
      return;
    }
    const verdict = await engine.exercise(this.id, this.recordOf(this.ply), action, exercise.goal);
    if (verdict.ok) {
      exercise.solved = true;
      await this.playAt(action);
      this.placeAnswerButton();
      this.say("solved", "exercise.solved");
      this.emit("tabula-solved", { id: exercise.id });
    } else {
      await this.show(this.ply);
      const game = this.game ?? "";
      const reason = verdict.reason ? t(verdict.reason.key, actionValues(game, verdict.reason.values)) : "";
      this.say("wrong", "exercise.wrong", actionValues(game, { action, reason }));
    }
  }

  /** Before the reader's first try, the engine checks the exercise against its position: a
   * goal it cannot judge (its message says what is wrong) is left out, and the board is then
   * playable only if asked to be (`interactive`); an answer whose first action does not meet
   * the goal, or whose actions cannot all be played, is left out (no Show answer button).
   * Either is reported, so a page's author sees it at once rather than on a reader's click.
   * @param {boolean} interactive */
  async checkExercise(interactive) {
    const { exercise, engine } = this;
    if (!exercise || !engine) return;
    const record = this.recordOf(this.ply);
    const [first] = exercise.answer;
    let verdict;
    try {
      verdict = await engine.exercise(this.id, record, first ?? "", exercise.goal);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      this.report(`${this.words}.error.read`, { name: "exercise-goal", message: error.reason });
      this.exercise = null;
      this.shown.interactive = interactive;
      this.host.classList.toggle("playable", interactive);
      this.render(); // a board only to look at, unless asked to be playable
      return;
    }
    if (first === undefined) return;
    // an answer that cannot be played at all is said in the engine's words (why not), below
    const missed = !verdict.ok && verdict.reason.key !== "lesson.why.illegal";
    /** @type {string | import("./notice.js").Message} */
    let problem = missed ? { key: verdict.reason.key, values: verdict.reason.values ?? {} } : "";
    if (!problem) {
      const played = recordText(this.game ?? "", this.options, [...this.actions.slice(0, this.ply), ...exercise.answer]);
      try {
        await engine.read(played);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        problem = error.reason;
      }
    }
    if (!problem) return;
    this.report("exercise.answer-refused", { actions: exercise.answer.join(", "), message: problem });
    exercise.answer = [];
  }

  /** The exercise's answer, played from where the exercise starts. */
  showAnswer() {
    const { exercise } = this;
    if (!exercise?.answer.length) return this.queue;
    return this.enqueue(async () => {
      await this.show(Math.min(exercise.start, this.actions.length));
      for (const action of exercise.answer) await this.playAt(action);
      exercise.solved = true;
      this.placeAnswerButton();
      this.say("shown", "exercise.shown", { actions: exercise.answer.join(", ") });
    });
  }

  /** Show another record (the end of it), as the engine reads it.
   * @param {string} text */
  showRecord(text) {
    return this.enqueue(async () => {
      this.problems = [];
      this.showProblems();
      await this.openRecord({ named: null, record: text });
      await this.show(this.actions.length);
      if (this.exercise) Object.assign(this.exercise, { start: this.ply, solved: false });
      this.placeAnswerButton();
    });
  }

  /** The Show answer button is there while an exercise with an answer waits on a board shown:
   * not once it is solved or its answer shown, nor on a board that could not be shown. */
  placeAnswerButton() {
    const { exercise } = this;
    this.parts.answer.hidden = !(this.view && exercise?.answer.length && !exercise.solved);
  }

  /** A host's command (a message to embed.html, or the element's methods): `play` (`action`),
   * `goToPly` (`ply`), `showRecord` (`record`) or `showAnswer`.
   * @param {any} message */
  command(message) {
    const { command } = message ?? {};
    if (command === "play" && typeof message.action === "string") return this.tryAction(message.action);
    if (command === "goToPly" && Number.isInteger(message.ply)) return this.step(message.ply);
    if (command === "showRecord" && typeof message.record === "string") return this.showRecord(message.record);
    if (command === "showAnswer") return this.showAnswer();
    // a known command with a value of the wrong kind is said as such, naming what it needs
    const needs = { play: "action", goToPly: "ply", showRecord: "record" };
    if (Object.hasOwn(needs, command)) {
      this.report("embed.error.command-value", { command, name: needs[command] });
    } else {
      this.report("embed.error.command", { command: String(command) });
    }
    return undefined;
  }

  // --- telling the host -------------------------------------------------------------------

  /** Tell the host: a DOM event on it (bubbling, `detail` as given), and `onEvent`.
   * @param {string} type
   * @param {object} detail */
  emit(type, detail) {
    if (this.retired) return;
    this.host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
    this.onEvent?.(type, detail);
  }

  /** What the exercise says now: `state` for styles and tests (host's data-exercise).
   * @param {string} state @param {string} key @param {object} [values] */
  say(state, key, values = {}) {
    if (this.retired) return;
    const el = this.parts.exercise;
    el.textContent = t(key, values);
    el.hidden = false;
    this.host.dataset.exercise = state;
  }

  // --- showing ----------------------------------------------------------------------------

  statusText() {
    return this.view?.result ? t("embed.over", { result: this.resultText() }) : this.turnText();
  }

  render() {
    if (this.retired || !this.view) return;
    const { parts, view, ply, actions, host } = this;
    this.draw({ interactive: this.shown.interactive });
    const caption = this.captions[ply] ?? "";
    parts.caption.textContent = caption;
    parts.caption.hidden = !caption;
    const { status } = parts;
    status.dataset.state = view.result ? "over" : "ready";
    status.removeAttribute("data-i18n");
    status.textContent = this.statusText();
    parts.plyLabel.textContent = t("embed.ply", { ply, plies: actions.length });
    const end = ply === actions.length;
    setDisabled([[parts.first, ply === 0], [parts.back, ply === 0], [parts.forward, end], [parts.last, end]], parts.board);
    const lang = this.linkLanguage ? `?lang=${this.linkLanguage}` : "";
    parts.open.href = `${this.site}${this.game}.html${lang}#${toFragment(this.options, actions.slice(0, ply))}`;
    host.dataset.ply = String(ply);
    host.dataset.plies = String(actions.length);
    host.dataset.over = String(Boolean(view.result));
    if (this.up) this.tell();
  }

  /** Tell the host of the position shown, when it is another one (and of its result). */
  tell() {
    const { ply, view } = this;
    const record = this.recordOf(ply);
    if (`${ply}\n${record}` === this.told) return;
    this.told = `${ply}\n${record}`;
    this.emit("tabula-position", { ply, record });
    if (view?.result) this.emit("tabula-result", { result: view.result });
  }

  // --- acting -----------------------------------------------------------------------------

  /** Show the position after `count` actions (kept within the record), once the board is up.
   * @param {number} count */
  step(count) {
    if (!this.view) return this.queue;
    const target = Math.max(0, Math.min(this.actions.length, count));
    if (target !== this.ply || this.selected !== null) this.enqueue(() => this.show(target));
    return this.queue;
  }

  wire() {
    if (this.wired) return;
    this.wired = true;
    const { parts } = this;
    super.wire(parts.keys ?? this.host);
    parts.first.addEventListener("click", () => this.step(0));
    parts.back.addEventListener("click", () => this.step(this.ply - 1));
    parts.forward.addEventListener("click", () => this.step(this.ply + 1));
    parts.last.addEventListener("click", () => this.step(this.actions.length));
    parts.answer.addEventListener("click", () => this.showAnswer());
  }

  // --- start ------------------------------------------------------------------------------

  /** Show the game of `source`: the yes/no settings read by `flag(name, fallback)`, the ply
   * asked for as text (`ply`, null for none; a bad one is reported with the key `param`), the
   * page's engine from `connect()`; `words` names the messages of the configuration ("embed"
   * for an address, "element" for attributes). `captions` and `exercise` are read by
   * readCaptions and readExercise (an exercise makes the board playable).
   * @param {Source} source
   * @param {{flag: (name: string, fallback: boolean) => boolean, ply: string | null,
   *   param: string, words: string, connect: () => Promise<Engine>, captions?: string[],
   *   exercise?: Exercise | null}} setup */
  async open(source, { flag, ply, param, words, connect, captions = [], exercise = null }) {
    this.words = words;
    this.captions = captions;
    this.exercise = exercise;
    const asked = flag("interactive", false); // read once: a bad value is reported once
    const interactive = asked || exercise !== null;
    this.shown = { interactive, controls: false, legal: flag("legal", interactive), coords: flag("coords", false) };
    if ("game" in source) this.setGame(source.game);
    this.host.classList.toggle("playable", interactive);
    this.host.classList.toggle("hide-legal", !this.shown.legal);
    const wanted = readPly(this, param, ply);
    try {
      this.engine = await connect();
    } catch (error) {
      this.report("error.worker", { message: String(error?.message ?? error) });
      this.finish("failed");
      return;
    }
    const engine = this.engine;
    this.opening = async () => {
      await this.openRecord(source);
      const given = this.actions.length;
      this.shown.controls = flag("controls", given > 0);
      this.parts.controls.hidden = !this.shown.controls;
      if (wanted !== null && wanted > given) this.report(counted("embed.error.ply", given), { ply: wanted, plies: given });
      await this.show(Math.min(wanted ?? given, given));
      if (this.exercise) this.exercise.start = this.ply;
      await this.checkExercise(asked);
      this.opening = null;
    };
    this.stopListening = engine.onState((state) => this.onEngineState(state));
    await this.enqueue(() => this.opening?.());
    this.wire();
    this.placeAnswerButton();
    this.finish(this.view ? "ready" : "failed");
  }

  // --- the engine's failures ---------------------------------------------------------------

  /** The engine failed to start or stopped: say so, with Retry. */
  showEngineNotice() {
    const { engine } = this;
    if (this.retired || !engine) return;
    this.notices ??= noticeBox(this.parts.error);
    const failure = engine.failure ?? new EngineFault("stopped", "engine.stopped-error", { message: "" });
    showNotice(this.notices, {
      kind: "engine",
      alert: true,
      dismiss: false,
      // a board has no game in progress of its own to keep, as a game page has
      message: { key: failure.kind === "start" ? "embed.engine-failed" : "embed.engine-lost", values: { reason: failure } },
      actions: [{ message: { key: "engine.retry" }, name: "retry", run: () => engine.retry() }],
    });
  }

  /** The engine's state changed: a failure is said, with Retry; once it is up again, the
   * board's game is opened (or shown again), and a restart is said briefly.
   * @param {import("./engine.js").EngineState} state */
  onEngineState(state) {
    if (this.retired) return;
    if (state === "failed" || state === "restarting") this.engineBehind = true;
    if (state === "failed") {
      this.showEngineNotice();
      if (!this.view) this.finish("failed");
      return;
    }
    if (state === "restarting") {
      showState(this.parts.status, "restarting", "status.restarting");
      return;
    }
    if (state !== "ready") return;
    if (this.notices) clearNotice(this.notices, "engine");
    if (this.engine && this.engine.restarts > this.restartsSaid) {
      this.restartsSaid = this.engine.restarts;
      this.notices ??= noticeBox(this.parts.error);
      showNotice(this.notices, { kind: "engine", message: { key: "embed.restarted" } });
    }
    if (!this.engineBehind) return;
    this.engineBehind = false;
    const opening = this.opening;
    this.enqueue(async () => {
      if (opening) await opening();
      else await this.show(this.ply, this.selected);
    }).then(() => {
      if (opening && !this.opening && this.view) this.finish("ready");
      else this.render();
    });
  }

  /** The board is up (or could not be): say so to the host.
   * @param {"ready" | "failed"} state */
  finish(state) {
    if (this.retired) return;
    if (state === "failed") showState(this.parts.status, "failed", "embed.failed");
    this.host.dataset.ready = "true";
    if (state !== "ready") return;
    this.up = true;
    this.told = `${this.ply}\n${this.recordOf(this.ply)}`;
    this.emit("tabula-ready", {
      game: this.game, ply: this.ply, plies: this.actions.length, record: this.recordOf(this.ply),
    });
    if (this.view?.result) this.emit("tabula-result", { result: this.view.result });
  }
}
