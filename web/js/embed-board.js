// One embedded board, shared by the embeddable page (embed.html, js/embed-page.js) and the
// custom element <tabula-board> (js/tabula-board.js): the record (options + actions) is the
// truth, the board shows the position after its first `ply` actions, the controls step through
// them, and a played action is added to the record. Reading the configuration (an address, or
// an element's attributes) is the caller's; this module renders into the parts it is given and
// talks to the engine under its own board id. No configured value is ever inserted as markup.
import { choiceButtons, moveFocus, rovingFocus, showSvg } from "./board.js";
import { EngineError } from "./engine.js";
import { has, playerName, t } from "./i18n.js";
import { recordText, toFragment } from "./record.js";

export const GAMES = ["bounders", "splinter", "bosk"];

/** A problem with the configuration: its message key and values, written when shown. */
export class EmbedError extends Error {
  constructor(key, values = {}) {
    super(key);
    this.key = key;
    this.values = values;
  }
}

/** A record's text (the engine's format: `key: value` header lines, the first `game: NAME`, a
 * blank line, one action per line; `#` lines are comments) as game, options and actions. */
export function readRecord(text) {
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
export function chooseSource(board, { named, record, fragment, options, moves, given, words }) {
  let source;
  let ignored = [];
  if (record !== null) {
    source = readRecord(record);
    ignored = [...given, ...(fragment ? ["#…"] : [])];
    if (named && named.toLowerCase() !== source.game) {
      board.report(`${words}.error.game-differs`, { game: named, record: source.game });
    }
  } else if (fragment) {
    source = { game: (named || "").toLowerCase(), ...fragment() };
    ignored = given;
  } else {
    source = { game: (named || "").toLowerCase(), options, actions: moves() };
  }
  if (ignored.length) {
    board.report(`${words}.error.ignored`, { names: [...new Set(ignored)].join(", ") });
  }
  if (!source.game) throw new EmbedError(`${words}.error.no-game`);
  if (!GAMES.includes(source.game)) throw new EmbedError("embed.error.game", { game: source.game });
  return source;
}

/** A yes/no setting written 1 or 0 (true or false); null for one not given. Anything else is
 * reported (`key`: the message saying so) and the fallback used. */
export function readFlag(board, key, name, value, fallback) {
  if (value === null) return fallback;
  if (value === "1" || value === "true") return true;
  if (value === "0" || value === "false") return false;
  board.report(key, { name, value });
  return fallback;
}

/** The wanted ply: a whole number, or null (not given, or reported) for the end of the record. */
export function readPly(board, key, value) {
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value)) {
    board.report(key, { name: "ply", value });
    return null;
  }
  return Number(value);
}

/**
 * A board in the page. `host` carries the board's state for styles and tests (data-ready,
 * data-game, data-ply, data-plies, data-over, data-problems; classes playable and hide-legal)
 * and hears its keys; `parts` are its elements: error, board, choices, status, controls,
 * first, back, forward, last, plyLabel, open, and keys (the element whose keydown events it
 * handles; the host when not given). `id` is the engine's board id: one per board;
 * `site` is the address of the site's folder that the "Open in Tabula" link starts with.
 */
export class EmbedBoard {
  constructor(host, parts, { id, site = "" }) {
    this.host = host;
    this.parts = parts;
    this.id = id;
    this.site = site;
    this.engine = null;
    this.game = null;
    this.options = {};
    this.actions = []; // the record's actions, all of them legal
    this.ply = 0; // the position shown: the one after the first `ply` actions
    this.view = null;
    this.selected = null; // the part of an action chosen so far (data-select), or null
    this.shown = { interactive: false, controls: false, legal: false, coords: false };
    this.problems = []; // {key, values}: written in the page's language when shown
    this.queue = Promise.resolve();
    this.wired = false;
    this.retired = false; // a board replaced by another in the same host: it shows nothing more
  }

  /** Stop showing anything: the host now belongs to another board (its queue still ends). */
  retire() {
    this.retired = true;
  }

  // --- problems ---------------------------------------------------------------------------

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

  reportFailure(error) {
    if (error instanceof EmbedError) this.report(error.key, error.values);
    else if (error instanceof EngineError) this.report("error.engine", { message: error.message });
    else this.report("embed.error.other", { message: String(error?.message ?? error) });
  }

  /** Run engine tasks one after another: a click never overtakes the answer to the one before. */
  enqueue(task) {
    const run = () => (this.retired ? undefined : task());
    this.queue = this.queue.then(run).catch((error) => this.reportFailure(error));
    return this.queue;
  }

  // --- the record -------------------------------------------------------------------------

  recordOf(count) {
    return recordText(this.game, this.options, this.actions.slice(0, count));
  }

  async viewOf(record, select = null) {
    return this.engine.view(this.id, record, { coords: this.shown.coords, select });
  }

  /** Whether the engine takes the record of the first `count` actions; its refusal, if not. */
  async tries(count) {
    try {
      await this.viewOf(this.recordOf(count));
      return null;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return error.message;
    }
  }

  /** Bring the source's record to the engine. Options it refuses give the game's standard
   * start; an action it refuses ends the record before it (found by halving: the worker plays
   * only the actions that differ from its last record, so each try is cheap). */
  async openRecord(source) {
    this.options = source.options;
    this.actions = source.actions;
    if ((await this.tries(this.actions.length)) === null) return;
    const refused = await this.tries(0);
    if (refused !== null) {
      this.report("embed.error.options", { message: refused });
      this.options = {};
      this.actions = [];
      return;
    }
    let good = 0; // a prefix the engine accepts
    let bad = this.actions.length; // one it refuses
    let refusal = "";
    while (bad - good > 1) {
      const middle = Math.floor((good + bad) / 2);
      const answer = await this.tries(middle);
      if (answer === null) {
        good = middle;
      } else {
        bad = middle;
        refusal = answer;
      }
    }
    if (!refusal) refusal = (await this.tries(bad)) ?? "";
    this.report("embed.error.action", {
      number: bad, action: this.actions[bad - 1], message: refusal,
    });
    this.actions = this.actions.slice(0, good);
  }

  /** Show the position after `count` actions (with `select`, a part of an action chosen). */
  async show(count, select = null) {
    const answer = await this.viewOf(this.recordOf(count), select);
    this.view = answer;
    this.ply = count;
    this.selected = select;
    this.options = answer.options;
    this.render();
  }

  /** Play `action` at the position shown: the record goes on from there (if it went on with
   * another action, the rest is dropped; with this very action, it is kept). */
  async play(action) {
    if (this.actions[this.ply] === action) {
      await this.show(this.ply + 1);
      return;
    }
    const next = [...this.actions.slice(0, this.ply), action];
    const record = recordText(this.game, this.options, next);
    const answer = await this.engine.view(this.id, record, { coords: this.shown.coords });
    this.actions = next;
    this.view = answer;
    this.ply = next.length;
    this.selected = null;
    this.render();
  }

  // --- showing ----------------------------------------------------------------------------

  seatName(seat) {
    const { score } = this.view;
    const name = playerName(score.names, seat);
    const colour = score.colours?.[seat];
    if (!colour) return name;
    const said = has(`colour.${colour}`) ? t(`colour.${colour}`) : colour;
    return t("seat.with-colour", { name, colour: said });
  }

  statusText() {
    const { result } = this.view;
    if (!result) return t("turn.to-move", { seat: this.seatName(this.view.to_move) });
    const outcome = result.winner === null
      ? t("result.draw")
      : t("result.wins", { seat: this.seatName(result.winner) });
    return t("embed.over", { result: outcome });
  }

  /** A board to look at only: its parts are not buttons and not in the tab order. */
  inert(frame) {
    for (const el of frame.querySelectorAll("[data-action], [data-select]")) {
      el.removeAttribute("tabindex");
      if (el.getAttribute("role") === "button") el.removeAttribute("role");
    }
    frame.querySelector("svg")?.setAttribute("role", "img");
  }

  renderChoices() {
    const { view, game, selected } = this;
    const playable = this.shown.interactive && !view.result;
    const buttons = playable ? choiceButtons(game, view.buttons, selected) : [];
    this.parts.choices.replaceChildren(...buttons);
    this.parts.choices.hidden = buttons.length === 0;
  }

  render() {
    if (this.retired) return;
    const { parts, view, ply, actions, host } = this;
    const frame = parts.board;
    const hadFocus = frame.contains(document.activeElement);
    const { action, select } = document.activeElement?.dataset ?? {};
    showSvg(frame, view.svg);
    if (this.shown.interactive && !view.result) {
      const again = (action && frame.querySelector(`[data-action="${CSS.escape(action)}"]`))
        || (select && frame.querySelector(`[data-select="${CSS.escape(select)}"]`));
      rovingFocus(frame, again);
      if (hadFocus) (again || frame).focus();
    } else {
      this.inert(frame);
    }
    const { status } = parts;
    status.dataset.state = view.result ? "over" : "ready";
    status.removeAttribute("data-i18n");
    status.textContent = this.statusText();
    this.renderChoices();
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

  /** Show the position after `count` actions (kept within the record), once the board is up. */
  step(count) {
    if (!this.view) return;
    const target = Math.max(0, Math.min(this.actions.length, count));
    if (target !== this.ply || this.selected !== null) this.enqueue(() => this.show(target));
  }

  /** A click on a whole action plays it; on a partial one (data-select) it chooses that part,
   * or drops it when chosen already, and the engine shows what can follow. */
  onActivate(event) {
    if (!this.shown.interactive || !this.view || this.view.result) return;
    const el = event.target.closest?.("[data-action], [data-select]");
    if (!el) {
      if (this.selected !== null && this.parts.board.contains(event.target)) {
        this.enqueue(() => this.show(this.ply));
      }
      return;
    }
    event.preventDefault();
    if (el.dataset.action !== undefined) {
      const chosen = el.dataset.action;
      this.enqueue(() => this.play(chosen));
    } else {
      const chosen = el.dataset.select === this.selected ? null : el.dataset.select;
      this.enqueue(() => this.show(this.ply, chosen));
    }
  }

  onKey(event) {
    if (!this.shown.interactive) return;
    const frame = this.parts.board;
    if (moveFocus(frame, event)) return;
    const onBoard = frame.contains(event.target);
    if ((event.key === "Enter" || event.key === " ") && onBoard) this.onActivate(event);
    if (event.key === "Escape" && this.selected !== null) this.enqueue(() => this.show(this.ply));
  }

  wire() {
    if (this.wired) return;
    this.wired = true;
    const { parts } = this;
    parts.board.addEventListener("click", (event) => this.onActivate(event));
    parts.choices.addEventListener("click", (event) => this.onActivate(event));
    (parts.keys ?? this.host).addEventListener("keydown", (event) => this.onKey(event));
    parts.first.addEventListener("click", () => this.step(0));
    parts.back.addEventListener("click", () => this.step(this.ply - 1));
    parts.forward.addEventListener("click", () => this.step(this.ply + 1));
    parts.last.addEventListener("click", () => this.step(this.actions.length));
  }

  // --- start ------------------------------------------------------------------------------

  /** Show the game of `source`: the yes/no settings read by `flag(name, fallback)`, the ply
   * asked for as text (`ply`, null for none; a bad one is reported with the key `param`), the
   * page's engine from `connect()`. */
  async open(source, { flag, ply, param, connect }) {
    const interactive = flag("interactive", false);
    const shown = {
      interactive,
      controls: flag("controls", source.actions.length > 0),
      legal: flag("legal", interactive),
      coords: flag("coords", false),
    };
    this.game = source.game;
    this.shown = shown;
    this.host.dataset.game = source.game;
    this.host.classList.toggle("playable", shown.interactive);
    this.host.classList.toggle("hide-legal", !shown.legal);
    this.parts.controls.hidden = !shown.controls;
    const wanted = readPly(this, param, ply);
    let engine;
    try {
      engine = await connect();
    } catch (error) {
      this.report("error.worker", { message: String(error?.message ?? error) });
      this.finish("failed");
      return;
    }
    await this.start(engine, source, wanted);
  }

  finish(state) {
    if (this.retired) return;
    if (state === "failed") {
      const { status } = this.parts;
      status.dataset.state = "failed";
      status.dataset.i18n = "embed.failed";
      status.textContent = t("embed.failed");
    }
    this.host.dataset.ready = "true";
  }

  /** Open the source's record on `engine` and show the wanted ply (null: the end), then
   * listen to the board and the controls. */
  async start(engine, source, wanted) {
    this.engine = engine;
    const given = source.actions.length;
    await this.enqueue(async () => {
      await this.openRecord(source);
      if (wanted !== null && wanted > given) {
        this.report("embed.error.ply", { ply: wanted, plies: given });
      }
      await this.show(Math.min(wanted ?? this.actions.length, this.actions.length));
    });
    this.wire();
    this.finish(this.view ? "ready" : "failed");
  }
}
