// The bridge to the engine in the page's PyScript worker (<script type="py" worker name="engine">).
// Every call answers JSON text; an {"error": ...} answer becomes a rejected promise with that
// message, so callers keep the game they had.

/** The engine's refusal: its message, and the whole answer (a refused record's answer says
 * where: `line`, `token`, and `prefix`, the number of its actions the engine took). */
export class EngineError extends Error {
  /** @param {string} message @param {any} [answer] */
  constructor(message, answer = null) {
    super(message);
    this.answer = answer;
  }
}

/** @param {string} text */
function parse(text) {
  const data = JSON.parse(text);
  if (data && typeof data === "object" && "error" in data) throw new EngineError(data.error, data);
  return data;
}

/** The PyScript worker of `script` once PyScript has created it (it is not ready yet), or null
 * if that takes longer than `longestMs`.
 * @param {any} script the <script type="py" worker> element (PyScript sets its `xworker`)
 * @param {number} [longestMs] */
export async function createdWorker(script, longestMs = Infinity) {
  const until = performance.now() + longestMs;
  while (script && !script.xworker && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return script?.xworker ?? null;
}

/** @param {any} script */
async function workerOf(script) {
  const worker = await createdWorker(script);
  await worker.ready;
  return worker.sync;
}

/** Wait for the worker to be ready; returns the engine's functions as promises of data.
 * @param {Element | null} [script] */
export async function connectEngine(script = document.querySelector('script[type="py"][name="engine"]')) {
  const sync = await workerOf(script);
  return {
    /** @type {(board: string, record: string, settings?: object) =>
     *   Promise<import("./board-controller.js").View>} */
    view: async (board, record, settings = {}) =>
      parse(await sync.view(board, record, JSON.stringify(settings))),
    /** A record as the engine reads it: its game, options and actions.
     * @type {(record: string) => Promise<{game: string, options: Record<string, string>,
     *   actions: string[]}>} */
    read: async (record) => parse(await sync.read(record)),
    /** An exercise's verdict on `action` in the position `record` reaches, against `goal`
     * (JSON text): `ok`, and the `reason` of a wrong try (a message key and its values).
     * @type {(board: string, record: string, action: string, goal: string, settings?: object) =>
     *   Promise<{ok: boolean, reason: {key: string, values?: object} | null}>} */
    exercise: async (board, record, action, goal, settings = {}) =>
      parse(await sync.exercise(board, record, action, goal, JSON.stringify(settings))),
    /** @type {(board: string, record: string, action: string, settings?: object) => Promise<any>} */
    preview: async (board, record, action, settings = {}) =>
      parse(await sync.preview(board, record, action, JSON.stringify(settings))),
    /** @type {(seconds: number) => Promise<any>} */
    bench: async (seconds) => parse(await sync.bench(seconds)),
    /** @type {(board: string, record: string, level: string | number) => Promise<any>} */
    thinkStart: async (board, record, level) => parse(await sync.think_start(board, record, String(level))),
    /** @type {(board: string, seconds: number) => Promise<any>} */
    thinkMore: async (board, seconds) => parse(await sync.think_more(board, seconds)),
    /** @type {(board: string) => Promise<any>} */
    thinkStop: async (board) => parse(await sync.think_stop(board)),
    /** The seat that played each action of `record` (a move list groups turns by it).
     * @type {(board: string, record: string) => Promise<{movers: number[]}>} */
    turns: async (board, record) => parse(await sync.turns(board, record)),
    /** One slice (at most `seconds`) of the search on the position after `ply` actions of
     * `record`: each seat's chance to win, the action it prefers, its iterations so far.
     * @type {(board: string, record: string, ply: number, seconds: number) => Promise<{ply: number,
     *   chances: number[], action: string | null, iterations: number, final: boolean}>} */
    analyse: async (board, record, ply, seconds) => parse(await sync.analyse(board, record, ply, seconds)),
    /** @type {(board: string) => Promise<any>} */
    analyseStop: async (board) => parse(await sync.analyse_stop(board)),
  };
}
