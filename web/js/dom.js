// Small builders for the parts the pages make in script: words from the message catalogue
// (marked data-i18n, so they follow a change of language) and boxes named by their heading.

/** An element saying the message `key` in the reader's language.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {string} key @param {(key: string) => string} t
 * @returns {HTMLElementTagNameMap[K]} */
export function worded(tag, key, t) {
  const el = document.createElement(tag);
  el.dataset.i18n = key;
  el.textContent = t(key);
  return el;
}

/** A button saying the message `key`.
 * @param {string} key @param {(key: string) => string} t @param {string} [type] */
export function wordedButton(key, t, type = "button") {
  const el = worded("button", key, t);
  el.type = /** @type {"button" | "submit"} */ (type);
  return el;
}

/** A box (a panel's <section>, a <dialog>) named by its heading, which says the message `key`.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {{id: string, titleId: string, heading: "h2" | "h3", key: string}} names
 * @param {(key: string) => string} t
 * @returns {{box: HTMLElementTagNameMap[K], title: HTMLHeadingElement}} */
export function headed(tag, { id, titleId, heading, key }, t) {
  const box = document.createElement(tag);
  box.id = id;
  const title = worded(heading, key, t);
  title.id = titleId;
  box.setAttribute("aria-labelledby", titleId);
  return { box, title };
}

/** Enable or disable a group of buttons that stand side by side (Undo and Redo, an embed's
 * First, Back, Forward and Last). When the button holding the keyboard focus is disabled, the
 * focus goes to the nearest one of the group still enabled, else to `fallback` (the board),
 * never to the page's body.
 * @param {[HTMLButtonElement, boolean][]} group each button and whether it is disabled
 * @param {HTMLElement | null} [fallback] */
export function setDisabled(group, fallback = null) {
  const active = document.activeElement;
  for (const [button, disabled] of group) button.disabled = disabled;
  const lost = group.findIndex(([button, disabled]) => disabled && button === active);
  if (lost < 0) return;
  const nearest = group
    .map(([button], index) => ({ button, away: Math.abs(index - lost) }))
    .filter(({ button }) => !button.disabled)
    .sort((a, b) => a.away - b.away)[0]?.button;
  (nearest ?? fallback)?.focus();
}
