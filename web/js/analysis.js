// "Analyse game": the search judges every position of the game, in the engine's worker, in
// short slices (so the page and its board stay answerable), with a progress bar and a Cancel
// button. A graph (inline SVG built with DOM methods) draws each seat's chance to win across
// the game, and the moves after which the mover's chance fell the most are marked, each with
// the action the search preferred in its place. The analysis is of the game as it was when it
// started; the page shows a position when a mark or a point of the graph is chosen.
//
// Test setting: localStorage "tabula.analysis.test" = {"seconds": s} gives each position s
// seconds of search instead of SECONDS.

import { headed, wordedButton } from "./dom.js";
import { actionText } from "./i18n.js";

const SECONDS = 0.3; // search per position
const SLICE = 0.05; // seconds of search per worker call: the board waits at most this long
const MARKS = 3; // moves marked at most
const FALL = 0.15; // the least fall of a mover's chance that is marked
const BOARD = "analysis"; // the worker's board id for the analysis
const SVG = "http://www.w3.org/2000/svg";
const TEST_KEY = "tabula.analysis.test";
const [WIDTH, HEIGHT, LEFT, TOP, BOTTOM] = [320, 140, 34, 8, 16];

/**
 * @typedef {object} AnalysisSetup
 * @property {string} game
 * @property {(key: string, values?: object) => string} t
 * @property {() => Promise<any>} engine the worker's functions (analyse, analyseStop)
 * @property {() => {record: string, line: string[], movers: number[] | null, players: number,
 *   numbers?: number[]}}
 *   current the game to analyse: its record (the whole line), its actions, the seat of each,
 *   and the number the move list shows for each (move-list.js turnNumbers)
 * @property {(seat: number) => string} seatName
 * @property {(ply: number) => void} show show the position after `ply` actions
 */

/**
 * A move where its mover's chance fell: a turn, from its first action (at `ply`) to its last
 * (at `last`; the same for a turn of one action).
 * @typedef {{ply: number, last: number, seat: number, action: string, before: number,
 *   after: number, preferred: string | null}} Mark
 */

function secondsPerPosition() {
  try {
    const data = JSON.parse(localStorage.getItem(TEST_KEY));
    if (data && typeof data.seconds === "number" && data.seconds > 0) return data.seconds;
  } catch {
    // a damaged setting is ignored
  }
  return SECONDS;
}

/** An element of the SVG namespace with its attributes. @param {string} tag @param {object} attrs */
function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** The moves after which the mover's chance fell the most (at least FALL), largest first. A
 * move is a turn, as the move list numbers them (`numbers`, move-list.js turnNumbers): a fall
 * spread over a turn of several actions (Bosk's tree, tile and leaves) counts whole, from the
 * position before its first action to the one after its last.
 * @param {number[][]} chances each position's chances, one per seat
 * @param {string[]} line the actions @param {number[] | null} movers the seat of each action
 * @param {(string | null)[]} preferred the search's action in each position
 * @param {number[]} [numbers] each action's move number (else each action is a move)
 * @returns {Mark[]} */
export function fallingMoves(chances, line, movers, preferred, numbers = []) {
  const marks = [];
  for (let ply = 0; ply + 1 < chances.length;) {
    let last = ply;
    while (last + 2 < chances.length && numbers[last + 1] !== undefined && numbers[last + 1] === numbers[ply]) last += 1;
    const seat = movers?.[ply];
    if (seat !== undefined && seat >= 0) {
      const before = chances[ply][seat];
      const after = chances[last + 1][seat];
      if (before - after >= FALL) {
        marks.push({ ply, last, seat, action: line[ply], before, after, preferred: preferred[ply] });
      }
    }
    ply = last + 1;
  }
  return marks.sort((a, b) => (b.before - b.after) - (a.before - a.after)).slice(0, MARKS);
}

export class Analysis {
  /** @param {HTMLElement} container @param {AnalysisSetup} setup */
  constructor(container, setup) {
    this.setup = setup;
    this.running = null; // the run in progress: {cancelled}
    const { t } = setup;
    const { box: section, title } = headed("section",
      { id: "analysis", titleId: "analysis-title", heading: "h3", key: "analysis.title" }, t);
    section.className = "panel analysis";
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    this.start = wordedButton("analysis.start", t);
    this.start.id = "analyse";
    this.cancel = wordedButton("analysis.cancel", t);
    this.cancel.id = "analyse-cancel";
    this.cancel.hidden = true;
    buttons.append(this.start, this.cancel);
    this.progress = document.createElement("progress");
    this.progress.id = "analysis-progress";
    this.progress.hidden = true;
    this.progress.dataset.i18nLabel = "analysis.progress-label";
    this.progress.setAttribute("aria-label", t("analysis.progress-label"));
    this.status = document.createElement("p");
    this.status.id = "analysis-status";
    this.status.className = "analysis-status";
    this.status.setAttribute("role", "status");
    this.graph = document.createElement("div");
    this.graph.id = "analysis-graph";
    this.graph.className = "analysis-graph";
    this.legend = document.createElement("ul");
    this.legend.className = "analysis-legend";
    this.marks = document.createElement("ol");
    this.marks.id = "analysis-marks";
    this.marks.className = "analysis-marks";
    this.noMarks = document.createElement("p");
    this.noMarks.className = "analysis-no-marks";
    this.noMarks.hidden = true;
    section.append(title, buttons, this.progress, this.status, this.graph, this.legend, this.marks, this.noMarks);
    container.append(section);
    this.start.addEventListener("click", () => this.run());
    this.cancel.addEventListener("click", () => this.stop());
    /** @type {{chances: number[][], preferred: (string | null)[], line: string[],
     *   movers: number[] | null, players: number, numbers: number[], marks: Mark[]} | null} */
    this.result = null;
    this.finished = false; // the result is a whole run's, its moves listed
    /** @type {[string, object] | null} what the status line says: a key and its values */
    this.said = null;
  }

  /** Put `key` in the status line, kept for a change of language. */
  say(key, values) {
    this.said = [key, values];
    this.status.textContent = this.setup.t(key, values);
  }

  /** The page's language changed: the status, the graph and the list said again in it. */
  relabel() {
    if (this.said) this.say(...this.said);
    this.draw();
    if (this.finished) this.listMarks();
  }

  stop() {
    if (this.running) this.running.cancelled = true;
  }

  /** Analyse the game as it is now, position after position. */
  async run() {
    if (this.running) return;
    const { record, line, movers, players, numbers = [] } = this.setup.current();
    const run = { cancelled: false };
    this.running = run;
    const budget = secondsPerPosition();
    const positions = line.length + 1;
    /** @type {number[][]} */
    const chances = [];
    /** @type {(string | null)[]} */
    const preferred = [];
    this.result = { chances, preferred, line, movers, players, numbers, marks: [] };
    this.finished = false;
    // the focus goes with the press: from Analyse to Cancel, and back when the run ends
    const pressed = document.activeElement === this.start;
    this.start.disabled = true;
    this.cancel.hidden = false;
    if (pressed) this.cancel.focus();
    this.progress.hidden = false;
    this.progress.max = positions;
    this.progress.value = 0;
    this.marks.replaceChildren();
    this.noMarks.hidden = true;
    this.say("analysis.running", { done: 0, positions });
    // a reader hears the run begin and end, not each of its positions
    this.status.setAttribute("aria-busy", "true");
    document.body.dataset.analysis = "running";
    const began = performance.now();
    try {
      const engine = await this.setup.engine();
      for (let ply = 0; ply < positions && !run.cancelled; ply += 1) {
        const from = performance.now();
        let answer;
        do {
          answer = await engine.analyse(BOARD, record, ply, SLICE);
        } while (!answer.final && !run.cancelled && performance.now() - from < budget * 1000);
        if (run.cancelled) break;
        chances.push(answer.chances);
        preferred.push(answer.action);
        this.progress.value = ply + 1;
        this.say("analysis.running", { done: ply + 1, positions });
        this.draw();
      }
      await engine.analyseStop(BOARD);
    } finally {
      const cancelFocused = document.activeElement === this.cancel;
      this.running = null;
      this.start.disabled = false;
      this.cancel.hidden = true;
      this.progress.hidden = true;
      this.status.removeAttribute("aria-busy");
      if (cancelFocused) this.start.focus();
    }
    const seconds = (performance.now() - began) / 1000;
    const done = chances.length;
    if (run.cancelled) {
      this.say("analysis.cancelled", { done, positions });
      document.body.dataset.analysis = "cancelled";
      return;
    }
    this.result.marks = fallingMoves(chances, line, movers, preferred, this.result.numbers);
    this.say("analysis.done", {
      positions: done, seconds: seconds.toFixed(1), each: (seconds / Math.max(done, 1)).toFixed(2),
    });
    this.status.dataset.seconds = seconds.toFixed(3);
    this.finished = true;
    this.draw();
    this.listMarks();
    document.body.dataset.analysis = "done";
  }

  /** The graph of the chances found so far: a line per seat, the marks on it. */
  draw() {
    const result = this.result;
    if (!result) return;
    const { t, seatName } = this.setup;
    const { chances, line, players, marks, numbers } = result;
    const span = Math.max(line.length, 1);
    const x = (ply) => LEFT + (ply / span) * (WIDTH - LEFT - 4);
    const y = (chance) => TOP + (1 - chance) * (HEIGHT - TOP - BOTTOM);
    const svg = svgEl("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chance-graph", role: "img" });
    svg.setAttribute("aria-label", t("analysis.graph-label", { positions: chances.length, marks: marks.length }));
    for (const level of [0, 0.5, 1]) {
      svg.append(svgEl("line", { x1: LEFT, x2: WIDTH - 4, y1: y(level), y2: y(level), class: "grid" }));
      const label = svgEl("text", { x: LEFT - 4, y: y(level) + 3, class: "axis" });
      label.textContent = `${Math.round(level * 100)}%`;
      svg.append(label);
    }
    const moves = svgEl("text", { x: WIDTH - 4, y: HEIGHT - 3, class: "axis end" });
    moves.textContent = t("analysis.moves-axis", { moves: numbers.at(-1) ?? line.length }); // as the move list counts
    svg.append(moves);
    for (let seat = 0; seat < players; seat += 1) {
      const points = chances.map((row, ply) => `${x(ply).toFixed(1)},${y(row[seat] ?? 0).toFixed(1)}`);
      svg.append(svgEl("polyline", { points: points.join(" "), class: `seat-line seat-${seat}`, "data-seat": seat }));
    }
    for (const mark of marks) {
      const dot = svgEl("circle", { cx: x(mark.last + 1), cy: y(mark.after), r: 4, class: `fall seat-${mark.seat}` });
      const title = svgEl("title");
      title.textContent = this.markText(mark);
      dot.append(title);
      svg.append(dot);
    }
    svg.addEventListener("click", (event) => {
      const box = svg.getBoundingClientRect();
      const at = ((event.clientX - box.left) / box.width) * WIDTH;
      const ply = Math.round(((at - LEFT) / (WIDTH - LEFT - 4)) * span);
      this.setup.show(Math.max(0, Math.min(line.length, ply)));
    });
    this.graph.replaceChildren(svg);
    this.legend.replaceChildren(...[...Array(players).keys()].map((seat) => {
      const li = document.createElement("li");
      const swatch = svgEl("svg", { viewBox: "0 0 24 8", class: "swatch", "aria-hidden": "true" });
      swatch.append(svgEl("line", { x1: 0, x2: 24, y1: 4, y2: 4, class: `seat-line seat-${seat}` }));
      const last = chances.at(-1)?.[seat];
      li.append(swatch, last === undefined ? seatName(seat)
        : t("analysis.legend", { seat: seatName(seat), percent: Math.round(last * 100) }));
      return li;
    }));
  }

  /** @param {Mark} mark */
  markText(mark) {
    const { t, seatName, game } = this.setup;
    const values = {
      n: this.result?.numbers?.[mark.ply] ?? mark.ply + 1, seat: seatName(mark.seat), action: actionText(game, mark.action),
      before: Math.round(mark.before * 100), after: Math.round(mark.after * 100),
      last: actionText(game, this.result?.line[mark.last] ?? ""),
    };
    const key = mark.last > mark.ply ? "analysis.mark-turn" : "analysis.mark";
    return mark.preferred && mark.preferred !== mark.action
      ? t(key, { ...values, preferred: actionText(game, mark.preferred) })
      : t(`${key}-plain`, values);
  }

  /** The marked moves as buttons that show the position where the move was played. */
  listMarks() {
    const { t } = this.setup;
    const marks = this.result?.marks ?? [];
    const items = marks.map((mark) => {
      const li = document.createElement("li");
      li.dataset.ply = String(mark.ply + 1);
      li.dataset.seat = String(mark.seat);
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = this.markText(mark);
      button.addEventListener("click", () => this.setup.show(mark.ply));
      li.append(button);
      return li;
    });
    this.marks.replaceChildren(...items);
    this.marks.hidden = !items.length;
    // none: said in a line of its own, not as a numbered item of an empty list
    this.noMarks.hidden = items.length > 0 || !this.finished;
    this.noMarks.textContent = t("analysis.no-marks");
  }
}
