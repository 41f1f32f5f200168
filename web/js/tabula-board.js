// <tabula-board>: the embeddable board as a custom element, for a page that loads this module
// (a tutorial on the same site, or a page beside a copy of the site's folder). Every board of
// the page talks to ONE engine worker, each under a board id of its own; this module adds the
// worker's <script type="py" worker name="engine"> and PyScript when the page has none, with
// addresses found from this module's own, so it works from any folder. The board itself is
// js/embed-board.js, as on embed.html; the attributes mirror that page's parameters (README,
// "Embedding a board"). The element's parts are in the light DOM, so the site's stylesheet
// (css/site.css, which the page links) styles them and the engine's pictures. The language is
// the page's <html lang> when it is en or ko, else the site's preference; the theme is the
// page's (its CSS, and data-theme on <html>). No attribute value is ever inserted as markup.
import {
  chooseSource, EmbedBoard, readCaptions, readExercise, readFlag, readMoves, readPly,
} from "./embed-board.js";
import { pageEngine as engineOf } from "./engine.js";
import { setOption } from "./record.js";
import { counted, LANGUAGES, preferredLanguage, setLanguage, t } from "./i18n.js";

const SITE = new URL("../", import.meta.url);
// The element's own attributes; any other (but the global ones) is an option of the game (one
// the game named by `game` does not have is reported and left out: chooseSource).
const OWN = [
  "game", "record", "moves", "ply", "interactive", "controls", "legal", "coords", "captions",
  "exercise-goal", "exercise-id", "exercise-answer",
];
const GLOBAL = new Set([
  "id", "class", "style", "title", "lang", "dir", "hidden", "tabindex", "role", "slot", "part",
  "translate", "inert", "is", "autofocus", "nonce", "accesskey", "contenteditable", "draggable",
  "spellcheck", "popover", "enterkeyhint", "inputmode", "exportparts",
]);
const PLUGINS_OFF = JSON.stringify({
  plugins: ["!py-editor", "!py-terminal", "!py-game", "!donkey", "!deprecations-manager"],
});

let count = 0; // boards made so far: each has the board id tabula-board-<n>
let engine = null; // the page's engine, once asked for

/** The page's language for the boards: its <html lang> when en or ko, else the site's
 * preference. The page's lang is never changed, but when it has none (it is then the boards'). */
async function startLanguage() {
  const page = document.documentElement.getAttribute("lang");
  const own = (page || "").slice(0, 2).toLowerCase();
  const lang = LANGUAGES.includes(own) ? own : preferredLanguage();
  await setLanguage(lang, { remember: false });
  if (page !== null) document.documentElement.setAttribute("lang", page);
  return lang;
}

const languageReady = startLanguage();

function make(tag, attributes = {}, key = null) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (key) {
    el.dataset.i18n = key;
    el.textContent = t(key);
  }
  return el;
}

/** The page's engine worker: the one there is, else one added with PyScript (and PyScript's
 * page-side plugins turned off, as on the site's pages, unless the page loads PyScript itself). */
function engineScript() {
  const found = document.querySelector('script[type="py"][name="engine"]');
  if (found) return found;
  const parent = document.body ?? document.documentElement;
  const core = new URL("vendor/pyscript/core.js", SITE).href;
  const loaded = [...document.querySelectorAll("script[src]")].some((s) => s instanceof HTMLScriptElement && s.src === core);
  if (!loaded && !document.querySelector("py-config, mpy-config")) {
    for (const tag of ["py-config", "mpy-config"]) {
      const config = make(tag, { type: "json", hidden: "" });
      config.textContent = PLUGINS_OFF;
      parent.append(config);
    }
  }
  const script = make("script", {
    type: "py",
    worker: "",
    name: "engine",
    src: new URL("engine/worker.py", SITE).href,
    // As on the site's pages, the config is inline: the engine's Python, from this site.
    config: JSON.stringify({
      interpreter: new URL("engine/python.mjs", SITE).href,
      sync_main_only: true,
    }),
  });
  parent.append(script);
  if (!loaded) parent.append(make("script", { type: "module", src: core }));
  return script;
}

/** The page's engine, shared by every board of the page (started once; a board that finds it
 * failed offers Retry, which starts it again for all of them). */
async function pageEngine() {
  engine ??= engineOf(engineScript());
  return engine;
}

/** The parts of a board (as embed.html has them), in a wrapper that hears the board's keys. */
function buildParts() {
  const parts = {
    keys: make("div", { class: "embed" }),
    error: make("p", { class: "error", role: "alert", hidden: "" }),
    board: make("div", { class: "board-frame", tabindex: "-1" }),
    choices: make("div", { class: "choices", hidden: "" }),
    caption: make("p", { class: "embed-caption", "aria-live": "polite", hidden: "" }),
    exercise: make("p", { class: "embed-exercise", role: "status", hidden: "" }),
    answer: make("button", { type: "button", class: "embed-answer", hidden: "" }, "exercise.show-answer"),
    status: make("p", { class: "embed-status", role: "status", "data-state": "loading" },
      "status.loading"),
    controls: make("div", {
      class: "embed-controls", role: "group", "aria-label": t("embed.controls"),
      "data-i18n-label": "embed.controls", hidden: "",
    }),
    first: make("button", { type: "button" }, "embed.first"),
    back: make("button", { type: "button" }, "embed.back"),
    plyLabel: make("span", { class: "ply-label", "aria-live": "polite" }),
    forward: make("button", { type: "button" }, "embed.forward"),
    last: make("button", { type: "button" }, "embed.last"),
    open: make("a", { class: "embed-open", target: "_blank", rel: "noopener" }, "embed.open"),
  };
  parts.open.href = SITE.href;
  parts.controls.append(parts.first, parts.back, parts.plyLabel, parts.forward, parts.last);
  const bar = make("div", { class: "embed-bar" });
  bar.append(parts.status, parts.controls, parts.open);
  parts.keys.append(parts.error, parts.board, parts.choices, parts.caption, parts.exercise, parts.answer, bar);
  return parts;
}

export class TabulaBoard extends HTMLElement {
  static observedAttributes = OWN;

  constructor() {
    super();
    this.board = null; // the EmbedBoard shown, once started
    this.started = null; // the promise of its start
    this.boardId = `tabula-board-${++count}`;
    this.again = false; // a restart is due (an attribute other than ply changed)
  }

  connectedCallback() {
    if (!this.started) this.started = this.start();
  }

  attributeChangedCallback(name, before, after) {
    if (!this.started || before === after) return;
    if (name === "ply") {
      this.started.then(() => this.showPly());
    } else if (!this.again) {
      // several attributes set one after another make one restart
      this.again = true;
      queueMicrotask(() => {
        this.again = false;
        this.started = this.start();
      });
    }
  }

  /** An attribute as a yes/no setting: present and empty means yes. */
  flag(name, fallback) {
    const value = this.getAttribute(name);
    return readFlag(this.board, "element.error.param", name, value === "" ? "1" : value, fallback);
  }

  /** The game's options: the attributes that are neither the element's nor global ones. */
  optionAttributes() {
    return this.getAttributeNames().filter((name) => !OWN.includes(name) && !GLOBAL.has(name)
      && !name.startsWith("aria-") && !name.startsWith("data-"));
  }

  /** Show the board anew from the attributes (at first, and when one but ply changes). */
  async start() {
    const lang = await languageReady;
    this.board?.retire();
    const parts = buildParts();
    const board = new EmbedBoard(this, parts, { id: this.boardId, site: SITE.href });
    this.board = board;
    delete this.dataset.ready;
    // a page in another language: the board's own words say which language they are in; a page
    // in one of the site's, the author's choice, is the language the site opens in from it
    if (lang !== (document.documentElement.getAttribute("lang") || "").slice(0, 2).toLowerCase()) {
      this.setAttribute("lang", lang);
    } else {
      board.linkLanguage = lang;
    }
    this.replaceChildren(parts.keys);
    try {
      const names = this.optionAttributes();
      /** @type {Record<string, string>} */
      const options = {};
      for (const name of names) setOption(options, name, this.getAttribute(name));
      const source = chooseSource(board, {
        named: this.getAttribute("game"),
        record: this.getAttribute("record"),
        fragment: null,
        options,
        moves: () => readMoves(this.getAttribute("moves") ?? ""),
        given: [...names, ...(this.hasAttribute("moves") ? ["moves"] : [])],
        words: "element",
      });
      await board.open(source, {
        flag: (name, fallback) => this.flag(name, fallback),
        ply: this.getAttribute("ply"),
        param: "element.error.param",
        words: "element",
        connect: pageEngine,
        captions: readCaptions(board, "element.error.read", this.getAttribute("captions")),
        exercise: readExercise(board, "element.error.read", {
          goal: this.getAttribute("exercise-goal"),
          id: this.getAttribute("exercise-id"),
          answer: this.getAttribute("exercise-answer"),
        }),
      });
    } catch (error) {
      board.reportFailure(error);
      board.finish("failed");
    }
  }

  /** Show the ply the attribute asks for (none: the end of the record). */
  showPly() {
    const { board } = this;
    if (!board?.view) return;
    const wanted = readPly(board, "element.error.param", this.getAttribute("ply"));
    if (wanted !== null && wanted > board.actions.length) {
      board.report(counted("embed.error.ply", board.actions.length), { ply: wanted, plies: board.actions.length });
    }
    board.step(wanted ?? board.actions.length);
  }

  // --- commands: for the page's own script ------------------------------------------------

  /** Once the board is up, give it a command (see EmbedBoard.command).
   * @param {object} message */
  async command(message) {
    await this.started;
    await this.board?.command(message);
  }

  /** Play `action` at the position shown, as the reader would (an exercise judges it).
   * @param {string} action */
  play(action) {
    return this.command({ command: "play", action });
  }

  /** Show the position after `ply` actions of the record.
   * @param {number} ply */
  goToPly(ply) {
    return this.command({ command: "goToPly", ply });
  }

  /** Show another record, as the engine reads it (its last position).
   * @param {string} record */
  showRecord(record) {
    return this.command({ command: "showRecord", record });
  }

  /** Play the exercise's answer from where it starts. */
  showAnswer() {
    return this.command({ command: "showAnswer" });
  }
}

if (!customElements.get("tabula-board")) customElements.define("tabula-board", TabulaBoard);
