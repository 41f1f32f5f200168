// One board in a page, for every page that shows one: the game page, embed.html, the
// <tabula-board> element and the rules pages built from them. It owns what they share: the
// queue of engine calls (one at a time per board; an answer about a position the board has
// left is dropped, and so is a click made on one: enqueueHere), the picture with its keyboard
// focus kept across a redraw, clicks and keys on the board and its side buttons, a seat's name
// and the status words (whose turn, the result). What a click means for the record (a game
// page's redo, an embed's ply) is the page's: it gives `play` and `choose`.
import { centre, choiceButtons, moveFocus, nearestPart, rovingFocus, showSvg } from "./board.js";
import { actionText, has, playerName, t } from "./i18n.js";

/**
 * The engine's answer to `view` (web/engine/worker.py): what a page shows of a position.
 * @typedef {object} View
 * @property {string} game
 * @property {string} record
 * @property {Record<string, string>} options
 * @property {string[]} actions
 * @property {number} players
 * @property {number | null} to_move
 * @property {string[]} legal
 * @property {Choice[]} buttons
 * @property {any} score the game's score: `totals`, `names`, `colours` and its own parts
 * @property {Result | null} result
 * @property {string} [svg]
 */

/**
 * @typedef {object} Result
 * @property {number | null} winner
 * @property {number[]} ranking
 * @property {string} reason
 * @property {number[]} [totals]
 * @property {any} [tie]
 */

/**
 * A side button of a view: a whole action, or the first part of one.
 * @typedef {{kind: string, label: string, action?: string, select?: string}} Choice
 */

/**
 * @typedef {object} Hooks
 * @property {(action: string) => void} play a whole action the reader chose
 * @property {(select: string | null) => void} choose a part of an action chosen (null: dropped)
 * @property {() => boolean} [playable] whether the reader may act now (default: yes)
 * @property {(error: unknown) => void} fail a task's failure, to report
 * @property {() => void} [settled] called after each task, failed or not
 */

/** The element an event happened on, when it is one (keys and clicks on the page). */
export function eventElement(event) {
  return event.target instanceof Element ? event.target : null;
}

/** The data of an element (an SVG part or an HTML one); empty for anything else. */
export function dataOf(el) {
  return el instanceof HTMLElement || el instanceof SVGElement ? el.dataset : {};
}

/** A point of the screen relative to the frame's corner (`sign` 1: back to the screen), so a
 * place survives the frame moving on the page.
 * @param {Element} frame @param {number[]} point */
function fromFrame(frame, [x, y], sign = -1) {
  const box = frame.getBoundingClientRect();
  return [x + sign * box.x, y + sign * box.y];
}

export class BoardController {
  /**
   * @param {object} setup
   * @param {string} setup.id the engine's board id: one per board of a page
   * @param {HTMLElement} setup.frame the board's frame (its picture goes in it)
   * @param {HTMLElement} setup.choices where the side buttons go
   * @param {Hooks} setup.hooks
   * @param {boolean} [setup.anyCell] every cell of the picture is a try, not only the legal ones
   *   (a rules page's exercise, where the engine says why a cell is refused)
   */
  constructor({ id, frame, choices, hooks, anyCell = false }) {
    this.id = id;
    this.frame = frame;
    this.choices = choices;
    this.hooks = hooks;
    this.anyCell = anyCell;
    /** @type {View | null} */
    this.view = null;
    /** @type {string | null} the part of an action chosen so far (data-select) */
    this.selected = null;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
    this.asked = 0; // engine calls made: an answer to any but the last one is stale
  }

  // --- the engine -------------------------------------------------------------------------

  /** Run `task` once every task before it has ended: a click never overtakes the answer to
   * the one before. A failure goes to the page's `fail`; then `settled` runs either way.
   * @param {() => unknown} task
   * @returns {Promise<unknown>} */
  enqueue(task) {
    this.queue = this.queue.then(task).catch((error) => this.hooks.fail(error))
      .then(() => this.hooks.settled?.());
    return this.queue;
  }

  /** Run `task` on the queue only if the board still shows then the position it shows now:
   * a click's task, dropped when the board has left the position the click was made on (a
   * quick second click, before the first one's answer came).
   * @param {() => unknown} task */
  enqueueHere(task) {
    const drawn = this.view?.record;
    return this.enqueue(() => (this.view?.record === drawn ? task() : undefined));
  }

  /** Resolves once no task is queued or running, those queued while it waits included. */
  async idle() {
    let tail;
    while (tail !== this.queue) {
      tail = this.queue;
      await tail.catch(() => undefined);
    }
  }

  /** The engine's view of `record` for this board, or null when another call was made while
   * this one waited (its answer is about a position the board has left).
   * @param {{view: (board: string, record: string, settings?: object) => Promise<View>}} engine
   * @param {string} record
   * @param {object} [settings]
   * @returns {Promise<View | null>} */
  async ask(engine, record, settings = {}) {
    const mine = ++this.asked;
    const answer = await engine.view(this.id, record, settings);
    return mine === this.asked ? answer : null;
  }

  // --- showing ----------------------------------------------------------------------------

  /** A seat as players know it: its name if the game has names, else "Player n", with its
   * colour when the game gives seats colours (a swap can change them).
   * @param {number} seat */
  seatName(seat) {
    const score = this.view?.score ?? {};
    const name = playerName(score.names, seat);
    const colour = score.colours?.[seat];
    if (!colour) return name;
    return t("seat.with-colour", { name, colour: has(`colour.${colour}`) ? t(`colour.${colour}`) : colour });
  }

  /** A part of an action (`select`) as the reader knows it: the name of its piece or side
   * button ("White pawn on c3", "Tree 2"), else the action's words. @param {string} select */
  partName(select) {
    const css = `[data-select="${CSS.escape(select)}"]`;
    const el = this.frame.querySelector(css) ?? this.choices.querySelector(css);
    const name = el?.getAttribute("aria-label") || el?.textContent?.trim();
    return name || actionText(this.view?.game ?? "", select);
  }

  /** "Dark (Player 1) to move", or "" when the game is over. */
  turnText() {
    const view = this.view;
    return view && !view.result && view.to_move !== null
      ? t("turn.to-move", { seat: this.seatName(view.to_move) }) : "";
  }

  /** "Player 1 wins" or "A draw", or "" while the game goes on. */
  resultText() {
    const result = this.view?.result;
    if (!result) return "";
    return result.winner === null ? t("result.draw") : t("result.wins", { seat: this.seatName(result.winner) });
  }

  /** Put the view's picture into the frame. A board the reader may play on keeps the keyboard
   * focus on the same part (or the frame) across the redraw; one only to look at has no
   * buttons and nothing in the tab order. The side buttons follow. */
  draw({ interactive = true } = {}) {
    const { frame, view } = this;
    if (!view) return;
    const active = document.activeElement;
    const hadFocus = frame.contains(active);
    const { action, select } = dataOf(active);
    // Where the part focused from the keyboard was: a part played is gone, so the focus goes to
    // the playable part nearest to it, and the keys go on working from there. (A part focused by
    // a click leaves the focus on the frame, as before: moving it would start a hover preview.)
    const keyed = hadFocus && active !== frame && active.matches(":focus-visible");
    const place = keyed ? fromFrame(frame, centre(active)) : null;
    if (view.svg) showSvg(frame, view.svg);
    if (interactive) {
      if (this.anyCell) openCells(frame);
      readableParts(frame);
      const again = (action && frame.querySelector(`[data-action="${CSS.escape(action)}"]`))
        || (select && frame.querySelector(`[data-select="${CSS.escape(select)}"]`))
        || (place && nearestPart(frame, fromFrame(frame, place, 1)));
      rovingFocus(frame, again);
      if (hadFocus) (again instanceof HTMLElement || again instanceof SVGElement ? again : frame).focus();
    } else {
      // a part that is not a button has no name of its own: the picture, an image, has one
      // (the next draw puts the parts back from the view's picture)
      for (const el of frame.querySelectorAll("[data-info]")) {
        for (const name of ["data-info", "aria-label", "data-i18n-label", "data-i18n-values"]) el.removeAttribute(name);
      }
      for (const el of frame.querySelectorAll("[data-action], [data-select]")) {
        el.removeAttribute("tabindex");
        if (el.getAttribute("role") !== "button") continue;
        for (const name of ["role", "aria-label", "data-i18n-label", "data-i18n-values"]) el.removeAttribute(name);
      }
      frame.querySelector("svg")?.setAttribute("role", "img");
    }
    const buttons = interactive && !view.result ? choiceButtons(view.game, view.buttons, this.selected) : [];
    // a side button that had the focus is drawn anew: the focus goes to the board, where the
    // action it began goes on, never to the page's body; from the keyboard, to its part in
    // tab order (a tree chosen: one of its points), from a click to the frame (a part focused
    // would start a preview away from the pointer)
    const pressed = this.choices.contains(active);
    const byKey = pressed && active instanceof Element && active.matches(":focus-visible");
    this.choices.replaceChildren(...buttons);
    this.choices.hidden = buttons.length === 0;
    if (pressed && interactive) {
      const part = byKey ? frame.querySelector('[tabindex="0"]') : null;
      (part instanceof HTMLElement || part instanceof SVGElement ? part : frame).focus();
    }
    // the focus left on a picture with nothing to press (Bosk between a tree planted and the
    // next tree chosen, or a tree's choice dropped: trees to read at most), or moved from a
    // part played to one only to read, goes on to the first side button, where the next step
    // is, never needing a Tab more
    const now = document.activeElement;
    const left = now === frame || (Boolean(action || select) && now?.hasAttribute("data-info"));
    if (interactive && left && !frame.querySelector('[tabindex="0"]:not([data-info])')) this.focusFirst();
  }

  /** Put the keyboard on the board: its part in the tab order when it can be played, else
   * the first side button (Bosk's spring, whose picture has only trees to read), else the
   * part to read. */
  focusFirst() {
    const stop = this.frame.querySelector('[tabindex="0"]');
    const first = (stop && !stop.hasAttribute("data-info") ? stop : null)
      ?? this.choices.querySelector("button:not([disabled])") ?? stop;
    if (first instanceof HTMLElement || first instanceof SVGElement) first.focus();
  }

  // --- acting -----------------------------------------------------------------------------

  /** Whether the reader may act on the board now. */
  playable() {
    return Boolean(this.view && !this.view.result && (this.hooks.playable?.() ?? true));
  }

  /** A click (or Enter) on a whole action plays it; on a partial one (data-select) it chooses
   * that part, or drops it when chosen already; elsewhere on the board it drops the part.
   * @param {Event} event */
  onActivate(event) {
    const target = eventElement(event);
    if (!target || !this.playable()) return;
    const el = target.closest("[data-action], [data-select]");
    if (!el) {
      if (this.selected !== null && this.frame.contains(target)) this.hooks.choose(null);
      return;
    }
    event.preventDefault();
    const { action, select } = dataOf(el);
    if (action !== undefined) this.hooks.play(action);
    else this.hooks.choose(select === this.selected ? null : select ?? null);
  }

  /** The arrow keys move between the board's parts; Enter or Space plays one; Escape drops a
   * half-chosen action.
   * @param {KeyboardEvent} event */
  onKey(event) {
    if (moveFocus(this.frame, event)) return;
    const target = eventElement(event);
    // Enter on a part only to read plays nothing and keeps a half-chosen action: the page says
    // what the part holds (game-page.js)
    const reading = target instanceof Element && target.closest("[data-info]") !== null;
    if ((event.key === "Enter" || event.key === " ") && target && this.frame.contains(target) && !reading) {
      this.onActivate(event);
    }
    // Escape heard anywhere on the page drops the choice, but not one meant for an open
    // dialog or a field being typed in
    const elsewhere = target instanceof Element && target.closest("dialog, input, textarea, select");
    if (event.key === "Escape" && !elsewhere && this.selected !== null && this.playable()) this.hooks.choose(null);
  }

  /** Listen to clicks on the board and its side buttons, and to the keys heard by `keys`.
   * @param {HTMLElement | Document} keys */
  wire(keys) {
    this.frame.addEventListener("click", (event) => this.onActivate(event));
    this.choices.addEventListener("click", (event) => this.onActivate(event));
    keys.addEventListener("keydown", (event) => {
      if (event instanceof KeyboardEvent) this.onKey(event);
    });
  }
}

/** The parts of the picture that can be read but not played (`data-info`: a stone, a piece of
 * the side not to move) join the board's keyboard order, so a reader moving over the board
 * hears what each holds. They are buttons, as a click on one is answered (the game page says
 * why a cell is refused), named by what they hold.
 * @param {HTMLElement} frame */
function readableParts(frame) {
  for (const el of frame.querySelectorAll("[data-info]:not([data-action])")) {
    el.setAttribute("tabindex", "-1");
    el.setAttribute("role", "button");
  }
}

/** Make every cell of the picture in `frame` (`data-cell`) a button playing the cell's name,
 * beside the legal actions drawn as such. A cell drawn in several parts (a stone on it) is one
 * button, its first part.
 * @param {HTMLElement} frame */
function openCells(frame) {
  const named = new Set([...frame.querySelectorAll("[data-action]")].map((el) => dataOf(el).action));
  for (const el of frame.querySelectorAll("[data-cell]")) {
    const { cell } = dataOf(el);
    if (cell === undefined || named.has(cell)) continue;
    named.add(cell);
    el.setAttribute("data-action", cell);
    el.removeAttribute("data-info"); // it is a try here: what it holds stays in its name
    el.setAttribute("tabindex", "-1");
    el.setAttribute("role", "button");
    if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", cell);
  }
}

/** Show an engine state in a status line: `state` for styles and tests, the words of `key`
 * (kept for a change of language).
 * @param {HTMLElement} el
 * @param {string} state
 * @param {string} key */
export function showState(el, state, key) {
  el.dataset.state = state;
  el.dataset.i18n = key;
  el.textContent = t(key);
}
