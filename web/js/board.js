// Putting the engine's SVG into the page: parsed as XML, never as HTML.
import { has, t, translate } from "./i18n.js";

const parser = new DOMParser();

/** Replace the contents of `frame` by the SVG in `text`; returns the new <svg> element. */
export function showSvg(frame, text) {
  const doc = parser.parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.localName !== "svg" || doc.querySelector("parsererror")) {
    throw new Error("the engine's picture is not valid SVG");
  }
  const svg = document.importNode(root, true);
  translate(svg);
  frame.replaceChildren(svg);
  return svg;
}

// the parts the arrow keys move between: what can be played, and what can only be read (a
// stone, a piece of the side not to move: `data-info`)
const ACTIVE = "[data-action][tabindex], [data-select][tabindex], [data-info][tabindex]";
const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Ready the board in `frame` for keyboard and assistive technology: with parts to reach it
 * is a group of buttons, not a picture; only one part is in the tab order (`current`, else the
 * first that can be played) and the arrow keys move between them (a roving tabindex), so a
 * board is one Tab stop. */
export function rovingFocus(frame, current) {
  const items = [...frame.querySelectorAll(ACTIVE)];
  frame.querySelector("svg")?.setAttribute("role", items.length ? "group" : "img");
  const chosen = items.includes(current) ? current
    : items.find((el) => !el.hasAttribute("data-info")) ?? items[0];
  for (const el of items) el.setAttribute("tabindex", el === chosen ? "0" : "-1");
}

/** The centre of an element on the screen: [x, y]. @param {Element} el */
export function centre(el) {
  const box = el.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** The board's playable part nearest to the point `[x, y]` of the screen (a part only to read
 * when none can be played), or null.
 * @param {Element} frame @param {number[]} point */
export function nearestPart(frame, [x, y]) {
  let best = null;
  let bestDistance = Infinity;
  const parts = [...frame.querySelectorAll(ACTIVE)];
  const playable = parts.filter((el) => !el.hasAttribute("data-info"));
  for (const el of playable.length ? playable : parts) {
    const [ex, ey] = centre(el);
    const distance = (ex - x) ** 2 + (ey - y) ** 2;
    if (distance < bestDistance) {
      best = el;
      bestDistance = distance;
    }
  }
  return best;
}

/** For an arrow key on a clickable part: focus the nearest part in that direction (within
 * about 50 degrees of it, preferring the straightest). Returns whether the key was handled. */
export function moveFocus(frame, event) {
  const step = STEPS[event.key];
  const from = event.target.closest?.(ACTIVE);
  if (!step || !from || !frame.contains(from)) return false;
  const [x, y] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of frame.querySelectorAll(ACTIVE)) {
    const [ex, ey] = centre(el);
    const along = (ex - x) * step[0] + (ey - y) * step[1];
    const across = Math.abs((ex - x) * step[1] - (ey - y) * step[0]);
    const score = along + 2 * across;
    if (el !== from && along > 1 && across <= 1.2 * along && score < bestScore) {
      best = el;
      bestScore = score;
    }
  }
  event.preventDefault();
  if (best) {
    rovingFocus(frame, best);
    best.focus();
  }
  return true;
}

/** The buttons for a view's side choices (`view.buttons`: a whole action, or the first part of
 * one, such as Bosk's tree value); `selected` is the part chosen so far, shown pressed. */
export function choiceButtons(game, choices, selected) {
  return choices.map((choice) => {
    const button = document.createElement("button");
    button.type = "button";
    const key = `button.${game}.${choice.kind}`;
    button.textContent = has(key) ? t(key, { label: choice.label }) : choice.label;
    if (choice.action !== undefined) button.dataset.action = choice.action;
    if (choice.select !== undefined) {
      button.dataset.select = choice.select;
      button.setAttribute("aria-pressed", String(choice.select === selected));
    }
    return button;
  });
}
