// The two preferences every page offers: language and colour theme. A link may name the
// language (`index.html?lang=ko`): the page opens in it, and so do the pages the reader goes on
// to in that tab, until they choose one themselves.
import { keepForVisit, LANGUAGE_KEY, LANGUAGES, preferredLanguage, setLanguage, t, visitLanguage } from "./i18n.js";

const THEME_KEY = "tabula.theme";
const THEMES = ["light", "dark", "colour-blind"];

function preferredTheme() {
  const stored = localStorage.getItem(THEME_KEY);
  if (THEMES.includes(stored)) return stored;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Show a theme; `remember` it only when the person chose it (the browser's default is not a
 * choice, and writing it at start would undo a choice made meanwhile in another tab). */
function applyTheme(theme, remember) {
  document.documentElement.dataset.theme = theme;
  if (remember) localStorage.setItem(THEME_KEY, theme);
}

/** Apply the saved preferences and wire the selectors; `onLanguage` runs after each change.
 * Only a change made in a selector is remembered: at start the page shows what is stored, or
 * the browser's preference, and writes nothing. */
export async function setupPrefs(onLanguage = () => {}) {
  const theme = /** @type {HTMLSelectElement} */ (document.getElementById("theme"));
  const lang = /** @type {HTMLSelectElement} */ (document.getElementById("language"));
  applyTheme(preferredTheme(), false);
  theme.value = document.documentElement.dataset.theme;
  theme.addEventListener("change", () => applyTheme(theme.value, true));
  const asked = new URLSearchParams(location.search).get("lang");
  const known = LANGUAGES.includes(asked ?? "");
  if (known) keepForVisit(asked);
  lang.value = await setLanguage(known ? asked : preferredLanguage(), { remember: false });
  if (asked !== null && !known) showUnknownLanguage(asked, lang);
  carryToNewTabs(visitLanguage());
  const chosen = async (value, remember) => {
    lang.value = await setLanguage(value, { remember });
    forgetLinkLanguage();
    /** @type {HTMLElement} */ (document.getElementById("prefs-note")).hidden = true;
    carryToNewTabs(null);
    onLanguage();
  };
  lang.addEventListener("change", () => chosen(lang.value, true));
  // a choice made in another tab is the reader's too: this page follows it at once, rather
  // than show a stale choice in its selectors until reloaded
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_KEY && THEMES.includes(event.newValue ?? "")) {
      applyTheme(event.newValue, false);
      theme.value = event.newValue;
    } else if (event.key === LANGUAGE_KEY && LANGUAGES.includes(event.newValue ?? "") && event.newValue !== lang.value) {
      chosen(event.newValue, false);
    }
  });
}

/** The reader chose a language: the address no longer names the link's (a reload, or the
 * address copied, would bring it back over their choice). */
function forgetLinkLanguage() {
  const url = new URL(location.href);
  if (!url.searchParams.has("lang")) return;
  url.searchParams.delete("lang");
  history.replaceState(history.state, "", url);
}

/** A tab the page opens (the rules beside a game) starts without this tab's visit: its links
 * name the visit's language (`visit`), or none once the reader has chosen one. */
function carryToNewTabs(visit) {
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('a.rules-link[target="_blank"]'))) {
    link.search = visit ? `?lang=${visit}` : "";
  }
}

/** Say, beside the language selector, that the link's language is not one the site has (the
 * value shown as text, cut short) and which the page is in instead. */
function showUnknownLanguage(asked, lang) {
  const note = /** @type {HTMLElement} */ (document.getElementById("prefs-note"));
  const shown = asked.length > 20 ? `${asked.slice(0, 20)}…` : asked;
  note.textContent = t("prefs.unknown-language", {
    lang: shown, shown: lang.selectedOptions[0]?.textContent ?? lang.value,
  });
  note.hidden = false;
}
