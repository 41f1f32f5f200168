// The games kept in this browser, as the home page lists them, and the home page's quick start.
//
// A game page keeps its game in localStorage ("tabula.game.<game>", see record.js). Beside it,
// rememberGame keeps a summary that the home page can show with no engine: the position's
// picture (the engine's SVG, with nothing left to click), whose turn it is or the result, how
// many actions were played and when the game last changed ("tabula.summary.<game>"). A summary
// is listed only while it describes the saved game (the same actions).
import { LEVELS, loadSeats, saveSeats } from "./computer.js";
import { loadSaved, toFragment } from "./record.js";

const SUMMARY_PREFIX = "tabula.summary.";
const LEVEL_KEY = "tabula.level";
// The attributes that make parts of a board clickable or named for a reader: a summary's
// picture is only looked at.
const ACTIVE_ATTRIBUTES = ["tabindex", "role", "aria-label", "data-action", "data-select"];

/**
 * What the home page shows of a kept game.
 * @typedef {object} Summary
 * @property {string} game
 * @property {string} svg the position's picture
 * @property {number | null} to_move the seat to move, null when the game is over
 * @property {string[] | null} names the players' own names, when they gave some
 * @property {string[] | null} colours the seats' colours, when the game has them
 * @property {{winner: number | null} | null} result
 * @property {string} actions the actions played, comma-separated
 * @property {number} moves how many actions were played
 * @property {number} time when the game last changed (ms since 1970)
 */

const parser = new DOMParser();
const serializer = new XMLSerializer();

/** The engine's picture of a board with nothing in it to click or focus; null if it is not SVG. */
function stillPicture(text) {
  const doc = parser.parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.localName !== "svg" || doc.querySelector("parsererror")) return null;
  for (const el of root.querySelectorAll("*")) {
    for (const name of ACTIVE_ATTRIBUTES) el.removeAttribute(name);
    el.classList.remove("legal", "selected");
  }
  return serializer.serializeToString(root);
}

/** Keep the summary of `game` as a game page shows it (`view`: the engine's view of the saved
 * game; `moves`, how many moves its move list numbers, a turn of several actions being one).
 * A game with no action yet is not listed. */
export function rememberGame(game, view, moves = view?.actions?.length ?? 0) {
  try {
    const key = SUMMARY_PREFIX + game;
    const actions = view?.actions ?? [];
    if (!actions.length) {
      localStorage.removeItem(key);
      return;
    }
    const svg = view.svg ? stillPicture(view.svg) : null;
    if (!svg) return;
    const joined = actions.join(",");
    const before = readSummary(game);
    /** @type {Summary} */
    const summary = {
      game,
      svg,
      to_move: view.to_move ?? null,
      names: view.score?.names ?? null,
      colours: view.score?.colours ?? null,
      result: view.result ? { winner: view.result.winner ?? null } : null,
      actions: joined,
      moves,
      // showing the same game again (another picture option, a new visit) is not playing it
      time: before && before.actions === joined ? before.time : Date.now(),
    };
    localStorage.setItem(key, JSON.stringify(summary));
  } catch {
    // storage full or blocked: the game is still saved by its page, only not listed
  }
}

/** The summary kept for `game`, or null when there is none or it is damaged.
 * @returns {Summary | null} */
function readSummary(game) {
  try {
    const data = JSON.parse(localStorage.getItem(SUMMARY_PREFIX + game));
    const valid = data && data.game === game && typeof data.svg === "string"
      && typeof data.actions === "string" && Number.isFinite(data.moves) && Number.isFinite(data.time);
    return valid ? data : null;
  } catch {
    return null;
  }
}

/** Every game kept in this browser that has a summary matching its saved game, the most
 * recently played first. `games`: the names of the site's games.
 * @param {string[]} games
 * @returns {Summary[]} */
export function savedGames(games) {
  const found = [];
  for (const game of games) {
    const summary = readSummary(game);
    const saved = loadSaved(game);
    if (summary && saved && saved.actions.join(",") === summary.actions) found.push(summary);
  }
  return found.sort((a, b) => b.time - a.time);
}

/** Forget `game`: its saved game and its summary (its page then opens a new game). */
export function forgetGame(game) {
  localStorage.removeItem(SUMMARY_PREFIX + game);
  localStorage.removeItem(`tabula.game.${game}`);
}

/** The level to offer on `game`'s card: the computer's level in the seats a new game of it
 * starts with, else the level chosen last on the home page, else null (the card's own). */
export function levelFor(game) {
  try {
    const level = loadSeats(game).find((seat) => LEVELS.includes(seat));
    if (level) return level;
    const chosen = localStorage.getItem(LEVEL_KEY);
    if (LEVELS.includes(chosen)) return chosen;
  } catch {
    // damaged entries: the default level
  }
  return null;
}

/** Remember the level chosen on a card, for every card. */
export function chooseLevel(level) {
  if (LEVELS.includes(level)) localStorage.setItem(LEVEL_KEY, level);
}

/** Make `game`'s next game start with these seats: every seat a person (`level` null), or the
 * first seat a person and the others the computer at `level`. Returns the address of the game
 * page opening a new game with the options of the last one (the defaults if there was none). */
export function startGame(game, level = null) {
  const seats = level && LEVELS.includes(level) ? ["person", level, level, level] : [];
  if (level) chooseLevel(level);
  saveSeats(game, seats);
  const options = loadSaved(game)?.options ?? {};
  return `${game}.html#${toFragment(options, [])}`;
}
