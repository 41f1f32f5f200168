// The game page's move list: every action of the game's line in notation, grouped by turn (a
// turn is the actions one seat plays in a row: Bosk's tree, tile and leaves), with the start
// of the game first. Each entry shows the position after it; the keys ←/→ (or ↑/↓), Home and
// End step through the list while it has the focus. The entry of the position shown is marked
// and kept in view; entries after it (a line looked back on) are marked as ahead. The page
// decides what showing a position means (js/game-page.js): this module only draws and listens.

import { headed, wordedButton } from "./dom.js";
import { counted } from "./i18n.js";

/**
 * @typedef {object} MoveListSetup
 * @property {HTMLOListElement} list the <ol> the entries go in
 * @property {(key: string, values?: object) => string} t
 * @property {(seat: number) => string} seatName
 * @property {(ply: number) => void} show show the position after `ply` actions
 * @property {(action: string) => string} [actionName] an action in the reader's words (for
 *   the entries' accessible names; the entries show the notation)
 */

const STEP_KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/** The number the move list shows for each action of a line: its turn's (the actions one seat
 * plays in a row share one, Bosk's tree, tile and leaves; `starts` tells two turns of one seat
 * apart), or its own place when the seats are not known. The move list, the looking-back
 * notice and the analysis all count moves this way.
 * @param {number} length @param {number[] | null} [movers] @param {boolean[] | null} [starts] */
export function turnNumbers(length, movers = null, starts = null) {
  const seats = movers && movers.length === length ? movers : null;
  const numbers = [];
  let number = 0;
  for (let index = 0; index < length; index += 1) {
    const seat = seats ? seats[index] : null;
    const begins = seats !== null && starts?.length === length && starts[index];
    if (index === 0 || seat === null || seat !== seats[index - 1] || begins) number += 1;
    numbers.push(number);
  }
  return numbers;
}

/** The move number of the position after `shown` actions (0 for the start).
 * @param {number[]} numbers from turnNumbers @param {number} shown */
export function moveNumber(numbers, shown) {
  return shown > 0 ? numbers[shown - 1] ?? shown : 0;
}

export class MoveList {
  /** @param {MoveListSetup} setup */
  constructor({ list, t, seatName, show, actionName = (action) => action }) {
    this.list = list;
    this.actionName = actionName;
    this.t = t;
    this.seatName = seatName;
    this.show = show;
    this.shown = 0;
    this.length = 0;
    /** @type {number | null} the position asked for by keys and not drawn yet */
    this.wanted = null;
    list.setAttribute("aria-label", t("moves.label"));
    list.dataset.i18nLabel = "moves.label";
    list.addEventListener("click", (event) => {
      const entry = event.target instanceof Element ? event.target.closest("button[data-ply]") : null;
      if (entry instanceof HTMLButtonElement) this.show(Number(entry.dataset.ply));
    });
    list.addEventListener("keydown", (event) => this.onKey(event));
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    let ply = null;
    if (event.key in STEP_KEYS) ply = (this.wanted ?? this.shown) + STEP_KEYS[event.key];
    else if (event.key === "Home") ply = 0;
    else if (event.key === "End") ply = this.length;
    if (ply === null) return;
    event.preventDefault();
    ply = Math.max(0, Math.min(this.length, ply));
    if (ply === (this.wanted ?? this.shown)) return;
    this.wanted = ply;
    this.show(ply);
  }

  /** Draw the line `actions` (the whole game, the continuation included) with the position
   * after `shown` of them marked. `movers` (the seat of each action, from the engine) groups
   * turns, and `starts` (whether each action began a turn) tells two turns of one seat apart;
   * without `movers` each action is an entry of its own. Two seats taking turns read in two
   * columns, the first to act on the left (the start has a row of its own); any other game
   * reads in one column, each turn with its seat's name.
   * @param {{actions: string[], shown: number, movers?: number[] | null,
   *   starts?: boolean[] | null, players?: number}} line */
  render({ actions, shown, movers = null, starts = null, players = 2 }) {
    const hadFocus = this.list.contains(document.activeElement);
    if (this.wanted === shown) this.wanted = null;
    this.shown = shown;
    this.length = actions.length;
    const start = this.entry(0, this.t("moves.start"), this.t("moves.start-label"));
    const first = document.createElement("li");
    first.className = "move-start";
    first.append(start);
    const items = [first];
    const seats = movers && movers.length === actions.length ? movers : null;
    // Seats are named when a turn may hold several actions (the turns then differ in length),
    // or when more than two seats play (two columns could not say whose turn each is).
    const grouped = players > 2
      || Boolean(seats && seats.some((seat, index) => index > 0 && seat === seats[index - 1]));
    this.list.classList.toggle("grouped", grouped);
    const numbers = turnNumbers(actions.length, seats, starts);
    let turn = null;
    actions.forEach((action, index) => {
      const seat = seats ? seats[index] : null;
      const number = numbers[index];
      if (!turn || number !== numbers[index - 1]) {
        turn = document.createElement("li");
        turn.className = "move-turn";
        if (seat !== null) turn.dataset.seat = String(seat);
        const no = document.createElement("span");
        no.className = "move-no";
        no.textContent = `${number}.`;
        turn.append(no);
        if (grouped && seat !== null && seat >= 0) {
          const who = document.createElement("span");
          who.className = "move-seat";
          who.textContent = this.seatName(seat);
          turn.append(who);
        }
        items.push(turn);
      }
      const named = { n: number, action: this.actionName(action) };
      const label = seat !== null && seat >= 0
        ? this.t("moves.entry-label-seat", { ...named, seat: this.seatName(seat) })
        : this.t("moves.entry-label", named);
      turn.append(this.entry(index + 1, action, label));
    });
    this.list.replaceChildren(...items);
    this.list.dataset.shown = String(shown);
    this.list.dataset.length = String(actions.length);
    const current = this.current();
    if (current) this.keepInView(current);
    if (hadFocus && current) current.focus();
  }

  /** One entry: a button showing the position after `ply` actions.
   * @param {number} ply @param {string} text @param {string} label */
  entry(ply, text, label) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.ply = String(ply);
    button.textContent = text;
    // an entry after the position shown (taken back, or ahead of one looked back on) says so
    // in its name, not only in its look
    const ahead = ply > this.shown;
    button.setAttribute("aria-label", ahead ? this.t("moves.entry-ahead", { label }) : label);
    const current = ply === this.shown;
    button.tabIndex = current ? 0 : -1;
    if (current) button.setAttribute("aria-current", "step");
    if (ahead) button.classList.add("ahead");
    return button;
  }

  /** @returns {HTMLButtonElement | null} */
  current() {
    return this.list.querySelector("button[aria-current]");
  }

  /** Scroll the list (not the page) so that `entry` is in view.
   * @param {HTMLElement} entry */
  keepInView(entry) {
    const list = this.list;
    const box = entry.getBoundingClientRect();
    const top = box.top - list.getBoundingClientRect().top - list.clientTop + list.scrollTop;
    const bottom = top + box.height;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }
}

/** The notice over the board while an earlier position of the game is shown: which move, and
 * a button back to the latest position. `back` is called by that button.
 * @param {HTMLElement} notice @param {() => void} back */
export function wireLookingNotice(notice, back) {
  notice.querySelector("button")?.addEventListener("click", back);
}

/** Fill the looking-back notice: shown while an earlier position is looked at (`looking`, from
 * the move list or a link), not after a plain Undo, which only takes a move back (the moves
 * taken back stay in the list, ahead, for Redo). `numbers` (turnNumbers) counts the moves as
 * the move list numbers them: a turn of several actions is one move.
 * @param {HTMLElement} notice
 * @param {{shown: number, length: number, looking: boolean, numbers?: number[]}} position
 * @param {(key: string, values?: object) => string} t */
export function showLookingNotice(notice, { shown: ply, length: plies, looking, numbers = [] }, t) {
  notice.hidden = !looking || ply >= plies;
  const shown = moveNumber(numbers, ply);
  const length = moveNumber(numbers, plies);
  // Marked for the catalogue, so a change of language says it again.
  const text = /** @type {HTMLElement | null} */ (notice.querySelector(".looking-text"));
  if (text) {
    const key = counted("moves.looking", length);
    text.dataset.i18n = key;
    text.dataset.i18nValues = JSON.stringify({ shown, length });
    text.textContent = t(key, { shown, length });
  }
  const button = notice.querySelector("button");
  if (button) {
    button.dataset.i18n = "moves.back-to-game";
    button.textContent = t("moves.back-to-game");
  }
}

/** A notice over the board, made once: text and a button.
 * @param {string} id @param {string} className */
export function makeNotice(id, className) {
  const notice = document.createElement("p");
  notice.id = id;
  notice.className = `page-notice ${className}`;
  notice.hidden = true;
  const text = document.createElement("span");
  text.className = `${className}-text`;
  const button = document.createElement("button");
  button.type = "button";
  notice.append(text, " ", button);
  return notice;
}

/** Ask whether to start a new line from an earlier position: playing `action` there drops the
 * `dropped` actions that followed it. Answers true to go on. The question is a modal dialog
 * made for the occasion; the game stays as it is until it is answered yes.
 * @param {{action: string, ply: number, dropped: number}} branch
 * @param {(key: string, values?: object) => string} t
 * @returns {Promise<boolean>} */
export function askBranch({ action, ply, dropped }, t) {
  const { box: dialog, title } = headed("dialog",
    { id: "branch-dialog", titleId: "branch-title", heading: "h2", key: "branch.title" }, t);
  const form = document.createElement("form");
  form.method = "dialog";
  const text = document.createElement("p");
  text.textContent = t("branch.text", { action, ply, dropped });
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  const yes = wordedButton("branch.start", t, "submit");
  yes.value = "branch";
  yes.className = "primary";
  const no = wordedButton("branch.keep", t, "submit");
  no.value = "keep";
  buttons.append(yes, no);
  form.append(title, text, buttons);
  dialog.append(form);
  document.body.append(dialog);
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "branch");
    });
    dialog.showModal();
    no.focus();
  });
}
