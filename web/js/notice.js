// Notices: what a page says when something went wrong around the game (the engine could not
// start or was started again, a saved game or a link could not be opened) and the way on: a
// button (Retry, Open...), a text kept for the reader to copy (a saved game set aside), and
// Dismiss. One notice of each kind at a time in a box; every word comes from the catalogues and
// is written again when the page's language changes. Texts from a link or storage are only
// ever put in as text.
import { has, t } from "./i18n.js";

/**
 * A message: its key and values; a value may be a message of its own ({key, values}). A
 * message with a `fallback` (the engine's English words) says it where no catalogue has the key.
 * @typedef {{key: string, values?: Record<string, any>, fallback?: string}} Message
 */

/**
 * @typedef {object} NoticeSpec
 * @property {string} kind one notice of each kind: a new one replaces it
 * @property {Message} message
 * @property {string} [kept] a text to show in full and offer to copy
 * @property {Message} [keptTitle] the kept text's title
 * @property {{message: Message, run: () => void, name?: string}[]} [actions] buttons
 * @property {boolean} [dismiss] whether it has a Dismiss button (default: yes)
 * @property {boolean} [alert] said at once by a screen reader (role alert), else politely
 */

/** Notices shown, each with how to write it again. @type {Map<HTMLElement, () => void>} */
const shown = new Map();

/** @param {Message} message */
export function say(message) {
  if (message.fallback !== undefined && !(message.key && has(message.key))) return message.fallback;
  /** @type {Record<string, any>} */
  const values = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    values[name] = value && typeof value === "object" && typeof value.key === "string" ? say(value) : value;
  }
  return t(message.key, values);
}

/** Show `spec` in `box` (replacing a notice of the same kind); returns the notice's element.
 * @param {HTMLElement} box @param {NoticeSpec} spec */
export function showNotice(box, spec) {
  clearNotice(box, spec.kind);
  const el = document.createElement("div");
  el.className = "notice";
  el.dataset.kind = spec.kind;
  el.setAttribute("role", spec.alert ? "alert" : "status");
  const text = document.createElement("p");
  text.className = "notice-text";
  el.append(text);
  /** @type {{button: HTMLButtonElement, message: Message}[]} */
  const labelled = [];
  const addButton = (message, run, name) => {
    const button = document.createElement("button");
    button.type = "button";
    if (name) button.dataset.name = name;
    button.addEventListener("click", run);
    labelled.push({ button, message });
    return button;
  };
  /** @type {HTMLElement | null} */
  let summary = null;
  let copied = false;
  const buttons = document.createElement("div");
  buttons.className = "buttons";
  if (spec.kept !== undefined) {
    const details = document.createElement("details");
    details.className = "notice-kept";
    summary = document.createElement("summary");
    const area = document.createElement("textarea");
    area.readOnly = true;
    area.rows = 4;
    area.value = spec.kept;
    details.append(summary, area);
    el.append(details);
    const copy = addButton({ key: "notice.copy" }, () => {
      details.open = true;
      area.select(); // selected, for the reader to copy should the browser refuse
      let done = false;
      try {
        done = document.execCommand("copy");
      } catch {
        done = false;
      }
      if (!done) navigator.clipboard?.writeText(spec.kept).catch(() => {});
      copied = true;
      write();
    }, "copy");
    buttons.append(copy);
  }
  for (const { message, run, name } of spec.actions ?? []) buttons.append(addButton(message, run, name));
  if (spec.dismiss !== false) {
    buttons.append(addButton({ key: "notice.dismiss" }, () => clearNotice(box, spec.kind), "dismiss"));
  }
  if (buttons.children.length) el.append(buttons);
  const write = () => {
    text.textContent = say(spec.message);
    if (summary) summary.textContent = say(spec.keptTitle ?? { key: "notice.kept" });
    for (const { button, message } of labelled) {
      button.textContent = say(copied && button.dataset.name === "copy" ? { key: "notice.copied" } : message);
    }
  };
  write();
  shown.set(el, write);
  box.append(el);
  box.hidden = false;
  return el;
}

/** Take away the notice of `kind` (every notice when not given) from `box`.
 * @param {HTMLElement} box @param {string} [kind] */
export function clearNotice(box, kind) {
  for (const el of [...box.querySelectorAll(":scope > .notice")]) {
    if (!(el instanceof HTMLElement) || (kind !== undefined && el.dataset.kind !== kind)) continue;
    shown.delete(el);
    el.remove();
  }
  box.hidden = box.children.length === 0;
}

/** A box for notices, put after `after`. @param {Element} after */
export function noticeBox(after) {
  const box = document.createElement("div");
  box.className = "notices";
  box.hidden = true;
  after.after(box);
  return box;
}

// The page's language changed (setLanguage sets <html lang>): every notice is written again.
new MutationObserver(() => {
  for (const [el, write] of shown) {
    if (el.isConnected) write();
    else shown.delete(el);
  }
}).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
