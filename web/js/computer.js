// The computer's seats and the hint. A seat is played by a person or by the computer at a
// level (py_engine/ai.py's LEVELS: a search budget and a way of choosing). The engine worker
// thinks in short slices that this module drives, so the page answers clicks in between;
// whenever the game changes, the thinking about the old position is dropped and its answer
// never played.
//
// Test setting: localStorage "tabula.computer.test" = {"seconds": s, "pace": ms} replaces
// every level's thinking time (and the hint's) by s seconds and the pause between two shown
// computer actions by ms, so browser tests can play whole games quickly on the real path.
import { setDisabled } from "./dom.js";
import { actionText } from "./i18n.js";

export const LEVELS = ["beginner", "casual", "easy", "medium", "hard", "expert"]; // weakest first
const PERSON = "person";
const MAX_SEATS = 4;
const SLICE = 0.03; // seconds of search per worker call: a click waits at most about this long
const PACE = 400; // milliseconds at least between a position shown and the computer's action on it
const HINT_LEVEL = "hint"; // the engine's strongest search, in a time a person waits
const TEST_KEY = "tabula.computer.test";

function testSetting() {
  try {
    const data = JSON.parse(localStorage.getItem(TEST_KEY));
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

// Each game carries its own seats (the page keeps them with the game: saved, kept to return
// to). Stored apart, per game, are only the seats a *new* game starts with: the new-game
// panel's last choice, or a home-page card's or a rules page's first game.
const seatsKey = (game) => `tabula.seats.${game}`;

/** The seats a new game of `game` starts with: "person" or a level per seat. */
export function loadSeats(game) {
  try {
    const seats = JSON.parse(localStorage.getItem(seatsKey(game)));
    if (Array.isArray(seats)) return seats.map((s) => (LEVELS.includes(s) ? s : PERSON));
  } catch {
    // a damaged entry means every seat is a person
  }
  return [];
}

/** Make `seats` the ones a new game of `game` starts with. */
export function saveSeats(game, seats) {
  try {
    localStorage.setItem(seatsKey(game), JSON.stringify(seats));
  } catch {
    // storage blocked: the next new game has every seat a person's
  }
}

/** `seats` for a game of `players` seats: one entry per seat, "person" where the list says
 * nothing (or something that is no level), the entries beyond the game's seats left out.
 * @param {unknown} seats @param {number} players @returns {string[]} */
export function fitSeats(seats, players) {
  const list = Array.isArray(seats) ? seats : [];
  return [...Array(players).keys()].map((seat) => (LEVELS.includes(list[seat]) ? list[seat] : PERSON));
}

/** How many seats the new-game panel's options give: its players choice, else `fallback`.
 * @param {Element | null} container @param {number} fallback */
function seatCount(container, fallback) {
  const chosen = container?.querySelector('input[name="option-players"]:checked') ?? null;
  return chosen instanceof HTMLInputElement ? Number(chosen.value) : fallback;
}

/** @type {WeakMap<Element, () => void>} each options panel's listener showing its seat rows */
const showing = new WeakMap();

/** The new-game panel's "who plays" fieldset, put in `container`: one choice per seat, person
 * or a computer level; rows beyond the number of players chosen among `options` (else, or with
 * no options: the game on the page's, `count`) are hidden. Each row is named by `name` (a
 * game's seat names; "Player n" for a new game). @param {Element | null} options */
export function seatFields(container, options, count, seats, t, name = (seat) => t("seat.player", { n: seat + 1 })) {
  const fieldset = document.createElement("fieldset");
  fieldset.className = "seat-choices";
  const legend = document.createElement("legend");
  legend.textContent = t("seats.title");
  fieldset.append(legend);
  for (let seat = 0; seat < MAX_SEATS; seat += 1) {
    const label = document.createElement("label");
    label.className = "seat-choice";
    label.dataset.seat = String(seat);
    const select = document.createElement("select");
    select.name = `seat-${seat}`;
    for (const value of [PERSON, ...LEVELS]) {
      const option = document.createElement("option");
      option.value = value;
      option.textContent = t(`seats.${value}`);
      option.selected = value === (seats[seat] ?? PERSON);
      select.append(option);
    }
    label.append(name(seat), " ", select);
    fieldset.append(label);
  }
  const showSeats = () => {
    const shown = seatCount(options, count);
    const rows = /** @type {NodeListOf<HTMLLabelElement>} */ (fieldset.querySelectorAll(".seat-choice"));
    for (const row of rows) row.hidden = Number(row.dataset.seat) >= shown;
  };
  if (options) {
    const before = showing.get(options);
    if (before) options.removeEventListener("change", before);
    showing.set(options, showSeats);
    options.addEventListener("change", showSeats);
  }
  container.replaceChildren(fieldset);
  showSeats();
}

/** The seats chosen in the new-game panel (`container`), as many as its `options` give (else
 * `count`). @param {Element} container @param {Element | null} options @param {number} count */
export function readSeatFields(container, options, count) {
  const shown = seatCount(options, count);
  return [...container.querySelectorAll(".seat-choice select")].slice(0, shown)
    .map((s) => (s instanceof HTMLSelectElement ? s.value : "person"));
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The computer of one game page. `engine` is a promise of the worker's functions; `play`
 * (action, record) plays a computer action if the game is still at `record`; `showHint` redraws
 * the board once a hint is found and says the hint's sentence (given) in the live region; `seatName` names a seat; `t` translates; `fail` shows an
 * error. */
export class Computer {
  /**
   * @param {object} setup
   * @param {string} setup.game
   * @param {string} setup.board the engine's board id
   * @param {Promise<any>} setup.engine
   * @param {(action: string, record: string) => void} setup.play
   * @param {(sentence: string) => void} setup.showHint
   * @param {(seat: number) => string} setup.seatName
   * @param {(key: string, values?: object) => string} setup.t
   * @param {(error: unknown) => void} setup.fail
   * @param {() => Promise<void>} setup.idle resolves when the page has no task for the engine
   */
  constructor({ game, board, engine, play, showHint, seatName, t, fail, idle }) {
    this.game = game;
    this.board = board;
    this.engine = engine;
    this.play = play;
    this.showHint = showHint;
    this.seatName = seatName;
    this.t = t;
    this.fail = fail;
    this.idle = idle;
    this.seats = []; // the game's own, set by the page with each game it opens
    this.job = null;
    this.driving = false;
    this.hint = null;
    this.view = null;
    this.record = null;
  }

  /** Whether the computer plays `seat`. */
  plays(seat) {
    return seat !== null && seat !== undefined && LEVELS.includes(this.seats[seat]);
  }

  /** Whether some seat is a person's. */
  hasPerson(players) {
    return [...Array(players).keys()].some((seat) => !this.plays(seat));
  }

  /** Who plays each seat of the game on the page from now on. */
  setSeats(seats) {
    this.seats = seats;
  }

  /** The hinted action of the position `record`, if a hint was found for it. */
  hintFor(record) {
    return this.hint && this.hint.record === record ? this.hint.action : null;
  }

  /** Called after every change of the page's game: drops thinking about another position,
   * starts the computer's move when a computer seat is to move. */
  update(view, record) {
    this.view = view;
    this.record = record;
    const job = this.job;
    if (job && (job.record !== record || (job.kind === "move" && this.seats[view.to_move] !== job.level))) {
      this.job = null;
    }
    if (this.hint && this.hint.record !== record) this.hint = null;
    if (!view.result && this.plays(view.to_move) && !this.job) {
      this.start({ kind: "move", record, level: this.seats[view.to_move], seat: view.to_move });
    }
    this.render();
  }

  /** Look for the best action of the seat to move, a person's. */
  requestHint() {
    const { view, record } = this;
    if (!view || view.result || this.plays(view.to_move) || this.job || this.hintFor(record)) return;
    this.start({ kind: "hint", record, level: HINT_LEVEL, seat: view.to_move });
  }

  start(job) {
    this.job = { ...job, shown: performance.now() };
    this.render();
    this.drive().catch(this.fail);
  }

  /** The one loop that talks to the worker's thinker: slice after slice while its job is
   * current, then the worker is told to drop the thinker either way. A slice starts only
   * when the page has no task for the engine: a click waits for one slice at most, however
   * many calls it makes, and its answer may drop the thinking. */
  async drive() {
    if (this.driving) return;
    this.driving = true;
    try {
      const worker = await this.engine;
      while (this.job) {
        const job = this.job;
        const test = testSetting();
        await worker.thinkStart(this.board, job.record, test.seconds ?? job.level);
        let report = null;
        while (this.job === job) {
          await this.idle();
          if (this.job !== job) break;
          report = await worker.thinkMore(this.board, SLICE);
          if (report.done) break;
        }
        await worker.thinkStop(this.board);
        if (job.kind === "move") await wait(job.shown + (test.pace ?? PACE) - performance.now());
        if (this.job !== job) continue;
        this.job = null;
        if (job.kind === "hint") {
          this.hint = { record: job.record, action: report.action, chances: report.chances };
        }
        this.render();
        if (job.kind === "hint") {
          // the sentence is said too, for a reader who does not see the panel
          this.showHint(this.t("hint.text", { action: actionText(this.game, report.action) }));
        }
        else this.play(report.action, job.record);
      }
    } catch (error) {
      this.job = null;
      this.render();
      throw error;
    } finally {
      this.driving = false;
    }
  }

  /** The thinking notice, the hint button and the hint panel with each seat's chance, for the
   * page's game (`view` at `record`, when given). */
  render(view = this.view, record = this.record) {
    this.view = view;
    this.record = record;
    const { t } = this;
    const job = this.job;
    document.body.dataset.thinking = job ? job.kind : "";
    const turn = view && this.plays(view.to_move) && !view.result ? "computer" : "person";
    document.body.dataset.turn = turn;
    // the side buttons (Bosk's trees) are idle on the computer's turn, and say so
    for (const button of document.querySelectorAll("#choices button")) {
      if (button instanceof HTMLButtonElement) button.disabled = turn === "computer";
    }
    const notice = document.getElementById("thinking");
    notice.hidden = !job;
    notice.textContent = !job ? "" : job.kind === "hint" ? t("thinking.hint")
      : t("thinking.move", { seat: this.seatName(job.seat) });
    const idle = !view || Boolean(view.result) || this.plays(view.to_move) || Boolean(job);
    setDisabled([[/** @type {HTMLButtonElement} */ (document.getElementById("hint")), idle]], document.getElementById("board"));
    const panel = document.getElementById("hint-panel");
    const hint = this.hint && this.hint.record === this.record ? this.hint : null;
    panel.hidden = !hint;
    if (!hint) return;
    document.getElementById("hint-text").textContent = t("hint.text", { action: actionText(this.game, hint.action) });
    const rows = hint.chances.map((chance, seat) => {
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      const percent = Math.round(chance * 100);
      const name = document.createElement("span");
      name.textContent = t("hint.chance", { seat: this.seatName(seat), percent });
      const meter = document.createElement("meter");
      meter.min = 0;
      meter.max = 1;
      meter.value = chance;
      meter.setAttribute("aria-label", name.textContent);
      li.append(name, meter);
      return li;
    });
    document.getElementById("chances").replaceChildren(...rows);
  }
}
