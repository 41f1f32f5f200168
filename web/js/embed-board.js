// One embedded board, shared by the embeddable page (embed.html, js/embed-page.js) and the
// custom element <tabula-board> (js/tabula-board.js): the record (options + actions) is the
// truth, the board shows the position after its first `ply` actions, the controls step through
// them, and a played action is added to the record. Reading the configuration (an address, or
// an element's attributes) is the caller's; this module renders into the parts it is given and
// talks to the engine under its own board id, through the board controller
// (js/board-controller.js). The engine reads every record. No configured value is ever
// inserted as markup.
import { BoardController, showState } from "./board-controller.js";
import { EngineError } from "./engine.js";
import { GAMES } from "./games.js";
import { t } from "./i18n.js";
import { recordText, toFragment } from "./record.js";

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
  try {
    return raw
      ? raw.split(",").map((a) => decodeURIComponent(plus ? a.replace(/\+/g, " ") : a))
      : [];
  } catch {
    throw new EmbedError("embed.error.moves", { moves: raw });
  }
}

/** The game to show, from the first of its sources that is given: `record` (a record's text),
 * else `fragment` (a game page's `size=7&moves=g7,swap`, read by `fromFragment`), else
 * `options` (names to values) with `moves` (a function giving the actions). `named` is the game
 * asked for, `given` the names of the option and `moves` settings present. Settings of a source
 * not used are reported through `board` as ignored, with the message keys of `words` ("embed"
 * for an address, "element" for attributes). */
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

/** A game's name checked against the site's games: EmbedError when it is missing or unknown.
 * @param {string} game
 * @param {string} words */
function knownGame(game, words) {
  if (!game) throw new EmbedError(`${words}.error.no-game`);
  if (!GAME_NAMES.includes(game)) throw new EmbedError("embed.error.game", { game, games: GAME_NAMES.join(", ") });
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
 * @property {HTMLElement} [keys]
 */

/**
 * The engine's functions as js/engine.js gives them.
 * @typedef {Awaited<ReturnType<typeof import("./engine.js").connectEngine>>} Engine
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
        play: (action) => this.enqueue(() => this.playAt(action)),
        choose: (select) => this.enqueue(() => this.show(this.ply, select)),
        playable: () => this.shown.interactive,
        fail: (error) => this.reportFailure(error),
      },
    });
    this.host = host;
    this.parts = parts;
    this.site = site;
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
    this.wired = false;
    this.retired = false; // a board replaced by another in the same host: it shows nothing more
  }

  /** Stop showing anything: the host now belongs to another board (its queue still ends). */
  retire() {
    this.retired = true;
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
    el.textContent = this.problems.map(({ key, values }) => t(key, values)).join(" ");
    el.hidden = this.problems.length === 0;
    this.host.dataset.problems = String(this.problems.length);
  }

  /** @param {any} error */
  reportFailure(error) {
    if (error instanceof EmbedError) this.report(error.key, error.values);
    else if (error instanceof EngineError) this.report("error.engine", { message: error.message });
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
    const text = "record" in source ? source.record : recordText(source.game, source.options, source.actions);
    let answer;
    try {
      answer = await this.engine.read(text);
    } catch (error) {
      if (!(error instanceof EngineError) || !error.answer) throw error;
      answer = error.answer;
    }
    if (!answer.game) throw new EmbedError("embed.error.record", { message: answer.error });
    knownGame(answer.game, "embed");
    if ("record" in source && source.named && source.named.toLowerCase() !== answer.game) {
      this.report(`${this.words}.error.game-differs`, { game: source.named, record: answer.game });
    }
    this.setGame(answer.game);
    this.options = answer.options ?? {};
    this.actions = answer.actions ?? [];
    if (!answer.error) return;
    if (answer.prefix === null || answer.prefix === undefined) {
      this.report("embed.error.options", { message: answer.error });
    } else {
      this.report("embed.error.action", {
        number: answer.prefix + 1, action: answer.token, message: answer.error,
      });
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
      return;
    }
    const next = [...this.actions.slice(0, this.ply), action];
    const answer = await this.viewOf(recordText(this.game ?? "", this.options, next));
    if (!answer) return;
    this.actions = next;
    this.view = answer;
    this.ply = next.length;
    this.selected = null;
    this.render();
  }

  // --- showing ----------------------------------------------------------------------------

  statusText() {
    return this.view?.result ? t("embed.over", { result: this.resultText() }) : this.turnText();
  }

  render() {
    if (this.retired || !this.view) return;
    const { parts, view, ply, actions, host } = this;
    this.draw({ interactive: this.shown.interactive });
    const { status } = parts;
    status.dataset.state = view.result ? "over" : "ready";
    status.removeAttribute("data-i18n");
    status.textContent = this.statusText();
    parts.plyLabel.textContent = t("embed.ply", { ply, plies: actions.length });
    parts.first.disabled = ply === 0;
    parts.back.disabled = ply === 0;
    parts.forward.disabled = ply === actions.length;
    parts.last.disabled = ply === actions.length;
    parts.open.href = `${this.site}${this.game}.html#${toFragment(this.options, actions.slice(0, ply))}`;
    host.dataset.ply = String(ply);
    host.dataset.plies = String(actions.length);
    host.dataset.over = String(Boolean(view.result));
  }

  // --- acting -----------------------------------------------------------------------------

  /** Show the position after `count` actions (kept within the record), once the board is up.
   * @param {number} count */
  step(count) {
    if (!this.view) return;
    const target = Math.max(0, Math.min(this.actions.length, count));
    if (target !== this.ply || this.selected !== null) this.enqueue(() => this.show(target));
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
  }

  // --- start ------------------------------------------------------------------------------

  /** Show the game of `source`: the yes/no settings read by `flag(name, fallback)`, the ply
   * asked for as text (`ply`, null for none; a bad one is reported with the key `param`), the
   * page's engine from `connect()`; `words` names the messages of the configuration ("embed"
   * for an address, "element" for attributes).
   * @param {Source} source
   * @param {{flag: (name: string, fallback: boolean) => boolean, ply: string | null,
   *   param: string, words: string, connect: () => Promise<Engine>}} setup */
  async open(source, { flag, ply, param, words, connect }) {
    this.words = words;
    const interactive = flag("interactive", false);
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
    await this.enqueue(async () => {
      await this.openRecord(source);
      const given = this.actions.length;
      this.shown.controls = flag("controls", given > 0);
      this.parts.controls.hidden = !this.shown.controls;
      if (wanted !== null && wanted > given) this.report("embed.error.ply", { ply: wanted, plies: given });
      await this.show(Math.min(wanted ?? given, given));
    });
    this.wire();
    this.finish(this.view ? "ready" : "failed");
  }

  /** The board is up (or could not be): say so to the host.
   * @param {"ready" | "failed"} state */
  finish(state) {
    if (this.retired) return;
    if (state === "failed") showState(this.parts.status, "failed", "embed.failed");
    this.host.dataset.ready = "true";
  }
}
