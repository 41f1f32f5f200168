// The game in progress is never thrown away by another one arriving: a link opened (the
// browser's Back or Forward to another game's address, a link followed or typed) or a record
// opened from a file. Before the page shows the other game it keeps the game it had in
// localStorage ("tabula.previous.<game>"), and a notice offers to return to it; returning keeps
// the other game in its place, so the two can be swapped. The notice offers the newest game
// kept; the few before it stay behind it (a second tab's game, one kept before); a shared game
// left as it arrived does not take the first place from a game the player played on, so
// looking at several shared games in a row keeps the player's own first. The address of a kept
// game reached again (the browser's Back) opens that game as it was kept, its seats with it.
// Moves replace the page's
// history entry (history.replaceState, js/game-page.js), so they add none.

/**
 * A game's record with the actions taken back.
 * @typedef {{options: Record<string, string>, actions: string[], redo: string[],
 *   arrived?: string | boolean | null, seats?: string[]}} KeptGame (arrived: see gameMark;
 *   seats: who plays each seat, kept with the game)
 */

const key = (game) => `tabula.previous.${game}`;

/** Whether a game has anything to lose (an action played or taken back).
 * @param {KeptGame} state */
export function worthKeeping(state) {
  return state.actions.length + state.redo.length > 0;
}

/** A game as one text: its options and whole line, whatever position of it is shown. What a
 * game from a link or a record was on arrival (`arrived`), and what tells two tabs' games apart.
 * @param {KeptGame} state */
export function gameMark(state) {
  return JSON.stringify([Object.entries(state.options).sort(), lineOf(state)]);
}

/** Whether a game is a link's or a record's left as it arrived (looked through, moves taken
 * back and played again, no other move): it can be opened again from where it came.
 * @param {KeptGame & {arrived?: string | boolean | null}} state */
function asArrived(state) {
  return state.arrived === gameMark(state);
}

/** Whether `leaving` should be kept to return to when `arriving` replaces it on the page of
 * `game`: it has moves and is not a position of the arriving game's line. A game left as it
 * arrived never takes the place of the player's own game (one they played on), unless that
 * is the game arriving: two shared games opened in a row keep the player's.
 * @param {string} game
 * @param {KeptGame & {arrived?: string | boolean | null}} leaving @param {KeptGame} arriving */
export function shouldKeep(game, leaving, arriving) {
  if (!worthKeeping(leaving) || onLine(leaving, arriving)) return false;
  const kept = keptPrevious(game);
  return !asArrived(leaving) || !kept || asArrived(kept) || onLine(kept, arriving);
}

const KEPT_MOST = 5; // games kept to return to, the newest first

/** Every game kept to return to, the newest first (an older page kept one, not a list).
 * @param {string} game @returns {KeptGame[]} */
function allKept(game) {
  let data;
  try {
    data = JSON.parse(localStorage.getItem(key(game)));
  } catch {
    return []; // a damaged entry is no game to return to
  }
  const list = Array.isArray(data) ? data : data ? [data] : [];
  return list.filter((item) => item && typeof item.options === "object" && item.options && Array.isArray(item.actions))
    .map((item) => ({
      options: item.options, actions: item.actions.map(String), redo: (item.redo || []).map(String),
      arrived: typeof item.arrived === "string" ? item.arrived : null,
      seats: Array.isArray(item.seats) ? item.seats.map(String) : undefined,
    }));
}

/** @param {string} game @param {KeptGame[]} list */
function writeKept(game, list) {
  if (list.length) localStorage.setItem(key(game), JSON.stringify(list.slice(0, KEPT_MOST)));
  else localStorage.removeItem(key(game));
}

/** Keep `state` as the game to return to: the newest of the games kept (a game kept before
 * is not dropped by it, up to KEPT_MOST; the same game is kept once).
 * @param {string} game @param {KeptGame} state */
export function keepPrevious(game, state) {
  const { options, actions, redo, arrived = null, seats } = state;
  const mark = gameMark(state);
  writeKept(game, [{ options, actions, redo, arrived, seats }, ...allKept(game).filter((kept) => gameMark(kept) !== mark)]);
}

/** The game to return to (the newest kept), or null.
 * @param {string} game
 * @returns {KeptGame | null} */
export function keptPrevious(game) {
  return allKept(game)[0] ?? null;
}

/** The game kept to return to whose line holds the position `linked` (options and actions):
 * the browser's Back to a game left for another, or its address opened again. Null when none.
 * @param {string} game @param {{options: Record<string, string>, actions: string[]}} linked
 * @returns {KeptGame | null} */
export function keptWith(game, linked) {
  return allKept(game).find((kept) => onLine(linked, kept)) ?? null;
}

/** Take `state`'s game (its options and line) off the games kept to return to: it is on
 * screen again. @param {string} game @param {KeptGame} state */
export function forgetKept(game, state) {
  const mark = gameMark(state);
  writeKept(game, allKept(game).filter((kept) => gameMark(kept) !== mark));
}

/** Take the game to return to off the list (it is on screen again, or nothing to keep).
 * @param {string} game */
export function forgetPrevious(game) {
  writeKept(game, allKept(game).slice(1));
}

/** The whole line of a game: the actions played, then those taken back (in playing order).
 * @param {KeptGame} state */
export function lineOf(state) {
  return [...state.actions, ...[...state.redo].reverse()];
}

/** Whether `linked` (options and actions) is a position of the line of `state`: the same
 * options and a beginning of its line.
 * @param {{options: Record<string, string>, actions: string[]}} linked @param {KeptGame} state */
export function onLine(linked, state) {
  const line = lineOf(state);
  const sameOptions = JSON.stringify(Object.entries(linked.options).sort())
    === JSON.stringify(Object.entries(state.options).sort());
  return sameOptions && linked.actions.length <= line.length
    && linked.actions.every((action, index) => action === line[index]);
}

/** Whether the saved game of the page was being looked back on (its continuation kept).
 * @param {string} game */
export function wasLooking(game) {
  try {
    return Boolean(JSON.parse(localStorage.getItem(`tabula.game.${game}`))?.looking);
  } catch {
    return false;
  }
}
