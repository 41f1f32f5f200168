// The type of js/games.js, which the build writes from py_engine.GAMES (tools/build_site.py,
// games_module): the site's games as the pages know them.
export const GAMES: {
  /** the game's name, as in records and addresses */
  name: string;
  /** the numbers of seats it can be played with */
  players: number[];
  /** the names of its options, as in records and addresses */
  options: string[];
  /** whether it has a side-panel module of its own, games/<name>.js */
  panel: boolean;
}[];
