// The game in progress is never thrown away by another one arriving: a link opened (the
// browser's Back or Forward to another game's address, a link followed or typed) or a record
// opened from a file. Before the page shows the other game it keeps the game it had in
// localStorage ("tabula.previous.<game>"), and a notice offers to return to it; returning keeps
// the other game in its place, so the two can be swapped. Moves replace the page's history
// entry (history.replaceState, js/game-page.js), so they add none.

/**
 * A game's record with the actions taken back.
 * @typedef {{options: Record<string, string>, actions: string[], redo: string[]}} KeptGame
 */

const key = (game) => `tabula.previous.${game}`;

/** Whether a game has anything to lose (an action played or taken back).
 * @param {KeptGame} state */
export function worthKeeping(state) {
  return state.actions.length + state.redo.length > 0;
}

/** Keep `state` as the game to return to.
 * @param {string} game @param {KeptGame} state */
export function keepPrevious(game, state) {
  const { options, actions, redo } = state;
  localStorage.setItem(key(game), JSON.stringify({ options, actions, redo }));
}

/** The game kept to return to, or null.
 * @param {string} game
 * @returns {KeptGame | null} */
export function keptPrevious(game) {
  try {
    const data = JSON.parse(localStorage.getItem(key(game)));
    if (data && typeof data.options === "object" && Array.isArray(data.actions)) {
      return { options: data.options, actions: data.actions.map(String), redo: (data.redo || []).map(String) };
    }
  } catch {
    // a damaged entry is no game to return to
  }
  return null;
}

/** @param {string} game */
export function forgetPrevious(game) {
  localStorage.removeItem(key(game));
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
