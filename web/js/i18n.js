// The message catalogue: every string a person reads comes from here by key.
// Catalogues are JSON files beside this module (i18n/en.json, i18n/ko.json); English is the
// fallback for a key another language lacks. Messages may hold {name} placeholders.

export const LANGUAGES = ["en", "ko"];
export const LANGUAGE_KEY = "tabula.language";
// A language a link asked for (`?lang=ko`), kept for the rest of the visit in this tab
// (sessionStorage): the pages the reader goes on to stay in it, and their own choice is kept.
const VISIT_KEY = "tabula.language.visit";
const catalogues = new Map();
let current = "en";

async function load(lang) {
  if (!catalogues.has(lang)) {
    const url = new URL(`../i18n/${lang}.json`, import.meta.url);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`message catalogue ${lang}: HTTP ${response.status}`);
    catalogues.set(lang, await response.json());
  }
  return catalogues.get(lang);
}

/** The language a link asked for in this visit, else the one chosen before, else the
 * browser's if we have it, else English. */
export function preferredLanguage() {
  const visit = visitLanguage();
  if (visit) return visit;
  let stored = null;
  try {
    stored = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // storage can be blocked (an embedded page in another site): the browser's language decides
  }
  if (LANGUAGES.includes(stored)) return stored;
  const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
  return LANGUAGES.includes(browser) ? browser : "en";
}

/** The language a link asked for earlier in this tab's visit, or null. */
export function visitLanguage() {
  try {
    const lang = sessionStorage.getItem(VISIT_KEY);
    return LANGUAGES.includes(lang) ? lang : null;
  } catch {
    return null;
  }
}

/** Keep `lang`, which a link asked for, as the language of the rest of this tab's visit. */
export function keepForVisit(lang) {
  try {
    sessionStorage.setItem(VISIT_KEY, lang);
  } catch {
    // without storage only the page opened by the link is in its language
  }
}

/** Load a language, remember it (unless `remember` is false: an embedded board's language
 * is its author's, not the visitor's choice), set the page's lang and translate marked elements.
 * A language the person chose also ends a link's language for the visit. */
export async function setLanguage(lang, { remember = true } = {}) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  await load("en");
  await load(lang);
  current = lang;
  if (remember) {
    localStorage.setItem(LANGUAGE_KEY, lang);
    try {
      sessionStorage.removeItem(VISIT_KEY);
    } catch {
      // nothing was kept for the visit
    }
  }
  document.documentElement.lang = lang;
  translate(document);
  // the page's name in its title, where the page names it (`data-i18n-title`: a key, or ""
  // for the site's name alone); the rules pages and the embed name themselves
  const titled = document.documentElement.dataset.i18nTitle;
  if (titled !== undefined) {
    document.title = titled && has(titled) ? `${t(titled)} · ${t("site.name")}` : t("site.name");
  }
  return lang;
}

export function language() {
  return current;
}

/** The message of `key` in the current language, with {name} placeholders filled. A
 * placeholder `{name:words}` says its value in words when the catalogue has `words.<value>`
 * (Korean's `{wind:bosk.wind}` says the wind "E" as 동쪽(E)), else as it is. */
export function t(key, values = {}) {
  const text = catalogues.get(current)?.[key] ?? catalogues.get("en")?.[key];
  if (text === undefined) return key;
  return text.replace(/\{(\w+)(?::([\w.-]+))?\}/g, (whole, name, words) => {
    if (!(name in values)) return whole;
    const value = String(values[name]);
    return words && has(`${words}.${value}`) ? t(`${words}.${value}`) : value;
  });
}

/** An action (as the record writes it) named in a sentence of the reader's language: the
 * game's words for its kind, `action.<game>.<word>` for the notation's first word, with
 * `{arg}` the rest (and, for `VALUE@AT`, `{value}` and `{at}`); else the notation itself. The
 * move list and the record keep the notation; English's words are the notation. */
export function actionText(game, action) {
  const text = String(action ?? "");
  const [word, ...rest] = text.trim().split(/\s+/);
  const key = `action.${game}.${word}`;
  if (!word || !has(key)) return text;
  const arg = rest.join(" ");
  const [value, at] = arg.includes("@") ? arg.split("@", 2) : [arg, arg];
  return t(key, { arg, value, at });
}

/** A message's values with their `action` (when they have one) named by `actionText`, for a
 * sentence that quotes an action the engine gave.
 * @param {string} game @param {Record<string, any>} [values] */
export function actionValues(game, values = {}) {
  return "action" in values ? { ...values, action: actionText(game, values.action) } : values;
}

/** A seat's name for the reader: a name the players chose, as it is; else (no names, or the
 * engine's default "Player n") "Player n" in the current language. */
export function playerName(names, seat) {
  const given = names?.[seat];
  return given && given !== defaultName(seat) ? given : t("seat.player", { n: seat + 1 });
}

/** The engine's name for a seat nobody named ("Player 2" for seat 1), which the pages say in
 * their reader's language (`seat.player`) and a new game's options write as it is.
 * @param {number} seat */
export function defaultName(seat) {
  return `Player ${seat + 1}`;
}

/** `key`, or its form for one (`<key>-one`: "1 move played") when `count` is 1.
 * @param {string} key @param {number} count */
export function counted(key, count) {
  return count === 1 && has(`${key}-one`) ? `${key}-one` : key;
}

/** Whether the catalogue has a message for `key` (optional per-game wording). */
export function has(key) {
  return catalogues.get(current)?.[key] !== undefined || catalogues.get("en")?.[key] !== undefined;
}

/** An element's placeholder values (data-i18n-values); a value naming a seat (`{seat, name}`,
 * the engine's `svgkit.seat`) is said as `playerName` says it. */
function valuesOf(el) {
  let values;
  try {
    values = JSON.parse(el.dataset.i18nValues || "{}");
  } catch {
    return {};
  }
  if (!values || typeof values !== "object") return {};
  for (const [name, value] of Object.entries(values)) {
    if (value && typeof value === "object" && Number.isInteger(value.seat)) {
      values[name] = playerName({ [value.seat]: value.name }, value.seat);
    }
  }
  return values;
}

/** A picture's description (data-i18n-sentences: [key, values] pairs) said in the current
 * language, as its accessible name and <title>; the engine's English stays when a key is
 * missing or the list is not one. */
function describe(el) {
  let sentences;
  try {
    sentences = JSON.parse(el.dataset.i18nSentences);
  } catch {
    return;
  }
  if (!Array.isArray(sentences) || !sentences.every((s) => Array.isArray(s) && has(s[0]))) return;
  const text = sentences.map(([key, values]) => t(key, values ?? {})).join(" ");
  el.setAttribute("aria-label", text);
  const title = el.querySelector(":scope > title");
  if (title) title.textContent = text;
}

/** Translate elements marked data-i18n (text, with data-i18n-values for its placeholders),
 * data-i18n-label (aria-label, with data-i18n-values too) and data-i18n-sentences (a picture's description); the words
 * already there stay until a catalogue has the key. The engine's pictures use the same marks. */
export function translate(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (has(el.dataset.i18n)) el.textContent = t(el.dataset.i18n, valuesOf(el));
  }
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    if (has(el.dataset.i18nLabel)) el.setAttribute("aria-label", t(el.dataset.i18nLabel, valuesOf(el)));
  }
  const described = [...root.querySelectorAll("[data-i18n-sentences]")];
  if (root.dataset?.i18nSentences !== undefined) described.push(root);
  for (const el of described) describe(el);
}
