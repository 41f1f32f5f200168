// The example tutorial page's own script (tutorial.html): it hears its boards' events and
// sends them commands, as the README's "Writing a tutorial page" shows. Words come from the
// site's catalogue; nothing from a board's events is inserted as markup.
import { preferredLanguage, setLanguage, t } from "./i18n.js";

const steps = /** @type {HTMLElement & {goToPly: (n: number) => void} | null} */ (
  document.getElementById("steps"));
const exercise = document.getElementById("try");
const heard = document.getElementById("heard");

document.getElementById("show-end")?.addEventListener("click", () => steps?.goToPly(3));

exercise?.addEventListener("tabula-action", (event) => {
  const { action } = /** @type {CustomEvent<{action: string}>} */ (event).detail;
  if (heard) heard.textContent = t("tutorial.heard.action", { action });
});
exercise?.addEventListener("tabula-solved", () => {
  if (heard) heard.textContent = t("tutorial.heard.solved");
});

// The captions in the reader's language: setting the attribute starts the board again with
// them (the page's words are the site's; a tutorial in one language writes them in the markup).
setLanguage(preferredLanguage(), { remember: false }).then(() => {
  const captions = [0, 1, 2, 3].map((n) => t(`tutorial.caption.${n}`));
  steps?.setAttribute("captions", JSON.stringify(captions));
});
