// Records in and out of the game page: the game downloaded as a text file in the engine's
// record format (a header of `#` comment lines naming the game, its options, the players, the
// date and the result, which the engine skips when it reads the file), a record opened from a
// file or pasted (the engine reads it; a refusal names the line and what is wrong, and the
// game on screen stays), a link to the game or to the position shown, and the board saved as
// a picture (SVG, or PNG drawn from it). The page gives what it knows through `RecordsSetup`.
import { counted, has } from "./i18n.js";
import { EngineError } from "./engine.js";
import { say } from "./notice.js";
import { headed, worded, wordedButton } from "./dom.js";
import { recordText, toFragment } from "./record.js";

/**
 * @typedef {object} RecordsSetup
 * @property {string} game the page's game
 * @property {(key: string, values?: object) => string} t
 * @property {() => {options: Record<string, string>, line: string[], shown: number}} current
 *   the game's options, its whole line and how many of its actions are shown
 * @property {(record: string) => Promise<import("./board-controller.js").View>} viewOf the
 *   engine's view of a record (for the file's result and players)
 * @property {(record: string) => Promise<{game: string, options: Record<string, string>,
 *   actions: string[]}>} read the engine's reading of a record (rejects with its refusal)
 * @property {(view: import("./board-controller.js").View, seat: number) => string} seatName
 * @property {(seat: number) => string} seatKind who plays a seat: a person, a computer level
 * @property {(next: {options: Record<string, string>, actions: string[], redo: string[]}) =>
 *   Promise<unknown>} open open a game of this page in place of the one on screen
 * @property {HTMLElement} frame the board's frame (its picture is saved)
 * @property {() => number} moves how many moves the game on screen has, as its move list
 *   numbers them (a turn of several actions is one)
 */

/** A button with a message key (translated again when the language changes).
 * @param {string} key @param {(key: string) => string} t @param {string} name */
function button(key, t, name) {
  const el = wordedButton(key, t);
  el.dataset.records = name;
  return el;
}

/** Save `blob` as a file called `name` (the browser's download). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The date as a record says it: YYYY-MM-DD, local time. */
function today() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A record file's text: `#` lines (game, options, players, date, result), then the record.
 * A comment line never holds a line break, whatever a name holds.
 * @param {RecordsSetup} setup */
export async function recordFile(setup) {
  const { game, t } = setup;
  const { options, line } = setup.current();
  const record = recordText(game, options, line);
  const view = await setup.viewOf(record);
  const result = view.result;
  const players = [...Array(view.players).keys()]
    .map((seat) => t("file.player", { seat: setup.seatName(view, seat), kind: setup.seatKind(seat) }));
  let outcome = t("file.unfinished");
  if (result) {
    const said = result.winner === null ? t("result.draw")
      : t("result.wins", { seat: setup.seatName(view, result.winner) });
    const key = `reason.${game}.${result.reason}`;
    outcome = `${said}. ${has(key) ? t(key) : t("reason.other", { reason: result.reason })}`;
  }
  const optionText = Object.entries(view.options).map(([key, value]) => `${key} ${value}`).join(", ");
  const header = [
    t("file.title"),
    t("file.game", { game: t(`game.${game}.title`) }),
    t("file.options", { options: optionText || "—" }),
    t("file.players", { players: players.join("; ") }),
    t("file.date", { date: today() }),
    t(counted("file.result", setup.moves()), { result: outcome, moves: setup.moves() }),
  ].map((text) => `# ${text.replace(/[\r\n]+/g, " ")}`);
  return `${header.join("\n")}\n${view.record}`;
}

/** The address of the page at the game's position after `actions`. */
function linkTo(options, actions) {
  return `${location.origin}${location.pathname}#${toFragment(options, actions)}`;
}

// --- pictures -------------------------------------------------------------------------

/** Properties whose computed values the saved picture carries as presentation attributes, so
 * it looks as shown without the site's style sheet (whose colours are CSS variables). */
const PAINT = [
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray",
  "stroke-linecap", "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight",
  "font-style", "text-anchor", "dominant-baseline", "filter", "visibility",
];

/** The board's picture as a standalone SVG text: every part's paint resolved from the page's
 * style (theme included), hidden parts left out, nothing to click or focus.
 * @param {HTMLElement} frame */
export function boardSvg(frame) {
  const shown = frame.querySelector("svg");
  if (!shown) throw new Error("no picture");
  const copy = /** @type {SVGSVGElement} */ (shown.cloneNode(true));
  const originals = [shown, ...shown.querySelectorAll("*")];
  const copies = [copy, ...copy.querySelectorAll("*")];
  const gone = [];
  originals.forEach((el, index) => {
    const style = getComputedStyle(el);
    const target = copies[index];
    if (style.display === "none") {
      gone.push(target);
      return;
    }
    for (const name of PAINT) {
      const value = style.getPropertyValue(name);
      if (value) target.setAttribute(name, value);
    }
    for (const name of ["tabindex", "role", "focusable"]) target.removeAttribute(name);
  });
  for (const el of gone) el.remove();
  const box = shown.viewBox.baseVal;
  const width = box && box.width ? box.width : shown.getBoundingClientRect().width;
  const height = box && box.height ? box.height : shown.getBoundingClientRect().height;
  copy.setAttribute("width", String(width));
  copy.setAttribute("height", String(height));
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  const ground = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  ground.setAttribute("x", String(box?.x ?? 0));
  ground.setAttribute("y", String(box?.y ?? 0));
  ground.setAttribute("width", String(width));
  ground.setAttribute("height", String(height));
  ground.setAttribute("fill", getComputedStyle(document.body).backgroundColor);
  copy.insertBefore(ground, copy.firstChild);
  return new XMLSerializer().serializeToString(copy);
}

/** The board's picture as PNG: the SVG drawn on a canvas `scale` times its own size. */
export async function boardPng(frame, scale = 2) {
  const text = boardSvg(frame);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    canvas.getContext("2d").drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG"))), "image/png");
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

// --- the panel --------------------------------------------------------------------------

/** Say what a refused record is refused for: its line and token when the engine names them.
 * @param {any} error @param {(key: string, values?: object) => string} t */
export function refusal(error, t) {
  const message = error instanceof EngineError ? say(error.reason) : String(error?.message ?? error);
  const answer = error?.answer ?? {};
  if (Number.isInteger(answer.line) && answer.token) { // an empty record has no line to quote
    return t("records.error-line", { line: answer.line, token: String(answer.token ?? ""), message });
  }
  return t("records.error", { message });
}

/** The records panel: built here, put in `container`.
 * @param {HTMLElement} container @param {RecordsSetup} setup */
export function recordsPanel(container, setup) {
  const { t, game } = setup;
  const { box: section, title } = headed("section",
    { id: "records", titleId: "records-title", heading: "h3", key: "records.title" }, t);
  section.className = "panel records";
  const files = document.createElement("div");
  files.className = "buttons";
  const save = button("records.download", t, "download");
  const open = button("records.open", t, "open");
  const paste = button("records.paste", t, "paste");
  const picker = document.createElement("input");
  picker.type = "file";
  picker.accept = ".txt,text/plain";
  picker.hidden = true;
  picker.id = "records-file";
  files.append(save, open, paste, picker);
  const links = document.createElement("div");
  links.className = "buttons";
  const gameLink = button("records.link-game", t, "link-game");
  const positionLink = button("records.link-position", t, "link-position");
  const svg = button("records.svg", t, "svg");
  const png = button("records.png", t, "png");
  links.append(gameLink, positionLink, svg, png);
  const linkLabel = document.createElement("label");
  linkLabel.className = "records-link";
  linkLabel.hidden = true;
  const linkWords = document.createElement("span");
  const linkField = document.createElement("input");
  linkField.readOnly = true;
  linkField.id = "records-link";
  linkLabel.append(linkWords, linkField);
  const said = document.createElement("p");
  said.id = "records-status";
  said.className = "records-status";
  said.setAttribute("role", "status");
  const error = document.createElement("p");
  error.id = "records-error";
  error.className = "error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  section.append(title, files, links, linkLabel, said, error);
  container.append(section);

  const dialog = pasteDialog(t);
  document.body.append(dialog);

  const showError = (text) => {
    error.textContent = text;
    error.hidden = !text;
  };
  // the same words said again (a link copied twice) are cleared first, so that the live
  // region speaks again and the eye sees the line change; a later report replaces one waiting
  let again = 0;
  const report = (text) => {
    showError("");
    clearTimeout(again);
    if (said.textContent !== text) {
      said.textContent = text;
      return;
    }
    said.textContent = "";
    again = window.setTimeout(() => {
      said.textContent = text;
    }, 150);
  };

  /** Open a record's text: this game's page opens it in place (the game on screen is kept to
   * return to); another game's page is opened at it. Answers the refusal, or "". */
  const openText = async (text) => {
    let reading;
    try {
      reading = await setup.read(text);
    } catch (refused) {
      return refusal(refused, t);
    }
    if (reading.game !== game) {
      location.assign(`${reading.game}.html#${toFragment(reading.options, reading.actions)}`);
      return "";
    }
    await setup.open({ options: reading.options, actions: reading.actions, redo: [] });
    const moves = setup.moves();
    report(t(counted("records.opened", moves), { moves }));
    return "";
  };

  save.addEventListener("click", async () => {
    try {
      const text = await recordFile(setup);
      download(new Blob([text], { type: "text/plain" }), `${game}-${today()}.txt`);
      report(t("records.downloaded"));
    } catch (failure) {
      showError(refusal(failure, t));
    }
  });
  open.addEventListener("click", () => picker.click());
  picker.addEventListener("change", async () => {
    const file = picker.files?.[0];
    picker.value = "";
    if (!file) return;
    const problem = await openText(await file.text());
    if (problem) showError(t("records.file-error", { name: file.name, reason: problem }));
  });
  paste.addEventListener("click", () => {
    dialog.querySelector("textarea").value = "";
    /** @type {HTMLElement} */ (dialog.querySelector(".error")).hidden = true;
    dialog.showModal();
  });
  dialog.querySelector("form").addEventListener("submit", async (event) => {
    const submitter = /** @type {SubmitEvent} */ (event).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "open") return;
    event.preventDefault();
    const fault = dialog.querySelector(".error");
    const problem = await openText(dialog.querySelector("textarea").value);
    fault.textContent = problem;
    /** @type {HTMLElement} */ (fault).hidden = !problem;
    if (!problem) dialog.close();
  });

  const copyLink = async (whole) => {
    const { options, line, shown } = setup.current();
    const url = linkTo(options, whole ? line : line.slice(0, shown));
    linkField.value = url;
    linkWords.textContent = t(whole ? "records.link-game-label" : "records.link-position-label");
    linkLabel.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      report(t(whole ? "records.copied-game" : "records.copied-position"));
    } catch {
      linkField.select();
      report(t("records.copy-yourself"));
    }
  };
  gameLink.addEventListener("click", () => copyLink(true));
  positionLink.addEventListener("click", () => copyLink(false));
  const name = () => {
    const { shown } = setup.current();
    return `${game}-${shown}`;
  };
  svg.addEventListener("click", () => {
    try {
      download(new Blob([boardSvg(setup.frame)], { type: "image/svg+xml" }), `${name()}.svg`);
      report(t("records.picture-saved"));
    } catch (failure) {
      showError(String(failure?.message ?? failure));
    }
  });
  png.addEventListener("click", async () => {
    try {
      download(await boardPng(setup.frame), `${name()}.png`);
      report(t("records.picture-saved"));
    } catch (failure) {
      showError(String(failure?.message ?? failure));
    }
  });
  return section;
}

/** The dialog to paste a record in. @param {(key: string) => string} t */
function pasteDialog(t) {
  const { box: dialog, title } = headed("dialog",
    { id: "paste-dialog", titleId: "paste-title", heading: "h2", key: "records.paste-title" }, t);
  const form = document.createElement("form");
  form.method = "dialog";
  const label = document.createElement("label");
  label.className = "text-option";
  const words = worded("span", "records.paste-label", t);
  const area = document.createElement("textarea");
  area.rows = 10;
  area.spellcheck = false;
  label.append(words, area);
  const error = document.createElement("p");
  error.className = "error";
  error.setAttribute("role", "alert");
  error.hidden = true;
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  const open = document.createElement("button");
  open.type = "submit";
  open.value = "open";
  open.className = "primary";
  open.dataset.i18n = "records.paste-open";
  open.textContent = t("records.paste-open");
  const cancel = document.createElement("button");
  cancel.type = "submit";
  cancel.value = "cancel";
  cancel.dataset.i18n = "newgame.cancel";
  cancel.textContent = t("newgame.cancel");
  buttons.append(open, cancel);
  form.append(title, label, error, buttons);
  dialog.append(form);
  return dialog;
}
