// The two preferences every page offers: language and colour theme.
import { preferredLanguage, setLanguage } from "./i18n.js";

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
  lang.value = await setLanguage(preferredLanguage(), { remember: false });
  lang.addEventListener("change", async () => {
    await setLanguage(lang.value);
    onLanguage();
  });
}
