// The home page. The game cards (pictures drawn by the engine at build time) are in the page;
// this module starts a game from a card (with a friend, or against the computer at the level
// chosen there), lists the games kept in this browser to go back to, and offers to install the
// site when the browser allows it.
import { showSvg } from "./board.js";
import { counted, has, language, playerName, t } from "./i18n.js";
import { setupPrefs } from "./prefs.js";
import { chooseLevel, forgetGame, levelFor, savedGames, startGame } from "./saved-games.js";

const section = document.getElementById("saved-games");
const list = document.getElementById("saved-list");
const install = /** @type {HTMLButtonElement} */ (document.getElementById("install"));
const cards = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".game-card[data-game]")]);
const games = cards.map((card) => card.dataset.game);

/** A seat's name as the game page says it: the player's own name or "Player n", with its
 * colour when the game has colours. */
function seatName(summary, seat) {
  const name = playerName(summary.names, seat);
  const colour = summary.colours?.[seat];
  if (!colour) return name;
  return t("seat.with-colour", { name, colour: has(`colour.${colour}`) ? t(`colour.${colour}`) : colour });
}

/** Whose turn it is, or the result. */
function statusText(summary) {
  const { result } = summary;
  if (result) {
    return result.winner === null ? t("result.draw") : t("result.wins", { seat: seatName(summary, result.winner) });
  }
  return summary.to_move === null ? t("turn.over") : t("turn.to-move", { seat: seatName(summary, summary.to_move) });
}

/** "5 minutes ago", "yesterday", or the date for anything older than a week, in the page's
 * language. */
function whenText(time) {
  const seconds = (Date.now() - time) / 1000;
  const relative = new Intl.RelativeTimeFormat(language(), { numeric: "auto" });
  if (seconds < 60) return relative.format(0, "second");
  if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), "minute");
  if (seconds < 86400) return relative.format(-Math.floor(seconds / 3600), "hour");
  if (seconds < 7 * 86400) return relative.format(-Math.floor(seconds / 86400), "day");
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(time);
}

function paragraph(className, text) {
  const p = document.createElement("p");
  p.className = className;
  p.textContent = text;
  return p;
}

/** One kept game: its picture, a link back to it, whose turn (or the result), how far it
 * went and when; a finished one has a button that removes it. */
function savedItem(summary) {
  const { game } = summary;
  const item = document.createElement("li");
  item.className = "saved-game";
  item.dataset.game = game;
  item.dataset.over = String(Boolean(summary.result));
  const picture = document.createElement("div");
  picture.className = "saved-picture";
  try {
    showSvg(picture, summary.svg);
  } catch {
    picture.replaceChildren();
  }
  const text = document.createElement("div");
  text.className = "saved-text";
  const link = document.createElement("a");
  link.className = "saved-open";
  link.href = `${game}.html`;
  const title = t(`game.${game}.title`);
  link.textContent = t(summary.result ? "home.saved.review" : "home.saved.continue", { game: title });
  const heading = document.createElement("h3");
  heading.append(link);
  text.append(
    heading,
    paragraph("saved-status", statusText(summary)),
    paragraph("saved-moves", t(counted("home.saved.moves", summary.moves), { moves: summary.moves })),
    paragraph("saved-when", t("home.saved.when", { when: whenText(summary.time) })),
  );
  if (summary.result) {
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "saved-remove";
    remove.textContent = t("home.saved.remove");
    remove.setAttribute("aria-label", t("home.saved.remove-label", { game: title }));
    remove.addEventListener("click", () => {
      forgetGame(game);
      renderSaved();
      /** @type {HTMLElement} */ (document.querySelector(".saved-open, .game-card a")).focus();
    });
    text.append(remove);
  }
  item.append(picture, text);
  return item;
}

function renderSaved() {
  const kept = savedGames(games);
  list.replaceChildren(...kept.map(savedItem));
  section.hidden = kept.length === 0;
}

/** Each card's buttons: a new game with a friend at this screen, or against the computer at
 * the card's level. */
function wireCards() {
  for (const card of cards) {
    const { game } = card.dataset;
    const level = /** @type {HTMLSelectElement | null} */ (card.querySelector("select.level"));
    if (!level) continue;
    const chosen = levelFor(game);
    if (chosen) level.value = chosen;
    level.addEventListener("change", () => chooseLevel(level.value));
    card.querySelector(".start-friend").addEventListener("click", () => location.assign(startGame(game)));
    card.querySelector(".start-computer-button")
      .addEventListener("click", () => location.assign(startGame(game, level.value)));
  }
}

/** The Install button appears only when the browser offers to install the site. */
function offerInstall() {
  /** @type {any} */
  let offer = null;
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event;
    install.hidden = false;
  });
  install.addEventListener("click", async () => {
    if (!offer) return;
    const asked = offer;
    offer = null;
    install.hidden = true;
    await asked.prompt();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    install.hidden = true;
  });
}

offerInstall();
wireCards();
await setupPrefs(renderSaved);
renderSaved();
// A game played in another tab shows up when this one is looked at again.
window.addEventListener("pageshow", renderSaved);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") renderSaved();
});
