// The two preferences every page offers: language and colour theme.
import { preferredLanguage, setLanguage } from "./i18n.js";

const THEME_KEY = "tabula.theme";
const THEMES = ["light", "dark", "colour-blind"];

function preferredTheme() {
  const stored = localStorage.getItem(THEME_KEY);
  if (THEMES.includes(stored)) return stored;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(THEME_KEY, theme);
}

/** Apply the saved preferences and wire the selectors; `onLanguage` runs after each change. */
export async function setupPrefs(onLanguage = () => {}) {
  const theme = /** @type {HTMLSelectElement} */ (document.getElementById("theme"));
  const lang = /** @type {HTMLSelectElement} */ (document.getElementById("language"));
  applyTheme(preferredTheme());
  theme.value = document.documentElement.dataset.theme;
  theme.addEventListener("change", () => applyTheme(theme.value));
  lang.value = await setLanguage(preferredLanguage());
  lang.addEventListener("change", async () => {
    await setLanguage(lang.value);
    onLanguage();
  });
}
