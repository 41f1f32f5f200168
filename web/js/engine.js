// The bridge to the engine in the page's PyScript worker (<script type="py" worker name="engine">).
// Every call answers JSON text; an {"error": ...} answer becomes a rejected promise with that
// message (EngineError), so callers keep the game they had.
//
// The worker is watched. Its start has a time limit (longer on a first visit, when Pyodide is
// still to be downloaded), and a worker whose script failed is found out by asking it a first
// question; either ends in an EngineFault and the state "failed", until `retry()` starts it
// again (or a slow start ends after all). Every call has a time limit too: a worker that
// answers nothing in time, or fails outside the engine's own refusals, is taken for dead,
// replaced by a new one (the state "restarting", then "ready") and the call is made again
// there. Every call carries the whole record, so the new worker plays the game back from it; a
// board's thinking is started again from its record as well. A second failure of the same call
// ends in an EngineFault.
//
// Test setting: localStorage "tabula.engine.test" = {"startMs": n, "firstStartMs": n,
// "callMs": n} replaces the time limits, so browser tests can reach them quickly.

import { defaultName } from "./i18n.js";

/** The engine's refusal: its message, and the whole answer (a refused record's answer says
 * where: `line`, `token`, and `prefix`, the number of its actions the engine took). */
export class EngineError extends Error {
  /** @param {string} message @param {any} [answer] */
  constructor(message, answer = null) {
    super(message);
    this.answer = answer;
  }

  /** Why the engine refused, as a message to say in the reader's language (for a record's
   * action, why that action was refused: the page names the action and its line itself). */
  get reason() {
    return refusalMessage(this.answer?.reason ?? this.message);
  }
}

/** The engine's reason for a refusal (`{message, code, values}`, py_engine/core.py's
 * `explain`) as a message: the catalogue's sentence `engine.<code>` filled with its values,
 * and the engine's own English words (`fallback`) where the reader's catalogue has no sentence
 * for it. A player named by default ("Player 2") is named in the reader's language.
 * @param {any} reason @returns {import("./notice.js").Message} */
export function refusalMessage(reason) {
  if (!reason || typeof reason !== "object") return { key: "", fallback: String(reason ?? "") };
  /** @type {Record<string, any>} */
  const values = {};
  for (const [name, value] of Object.entries(reason.values ?? {})) {
    values[name] = value && typeof value === "object" ? refusalMessage(value) : value;
  }
  if (Number.isInteger(values.seat) && values.player === defaultName(values.seat - 1)) {
    values.player = { key: "seat.player", values: { n: values.seat } };
  }
  return { key: reason.code ? `engine.${reason.code}` : "", values, fallback: String(reason.message ?? "") };
}

/** The engine itself failed: it could not start (`kind` "start") or stopped answering
 * ("stopped"). `key` and `values` are the message to show, written in the reader's language. */
export class EngineFault extends Error {
  /** @param {"start" | "stopped"} kind @param {string} key @param {object} [values] */
  constructor(kind, key, values = {}) {
    super(`${key} ${JSON.stringify(values)}`);
    this.kind = kind;
    this.key = key;
    this.values = values;
  }
}

/** The time limits, in milliseconds: the worker's start on a first visit (Pyodide and the
 * engine are downloaded, about 8 MB) and on a later one, and one call's answer. */
export const LIMITS = { firstStartMs: 60_000, startMs: 30_000, callMs: 10_000 };
const TEST_KEY = "tabula.engine.test";
const STARTED_KEY = "tabula.engine.started"; // set once an engine has started in this browser
const SELECTOR = 'script[type="py"][name="engine"]';

/** @param {string} key */
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage can be blocked (an embedded page in another site)
  }
}

/** The limits in force: LIMITS, with the test setting's values. */
export function limits() {
  let test = {};
  try {
    test = JSON.parse(stored(TEST_KEY) ?? "{}") ?? {};
  } catch {
    test = {};
  }
  const chosen = { ...LIMITS };
  for (const name of Object.keys(LIMITS)) {
    if (Number.isFinite(test[name]) && test[name] > 0) chosen[name] = test[name];
  }
  return chosen;
}

/** @param {string} text */
function parse(text) {
  const data = JSON.parse(text);
  if (data && typeof data === "object" && "error" in data) throw new EngineError(data.error, data);
  return data;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PyScript worker of `script` once PyScript has created it (it is not ready yet), or null
 * if that takes longer than `longestMs`.
 * @param {any} script the <script type="py" worker> element (PyScript sets its `xworker`)
 * @param {number} [longestMs] */
export async function createdWorker(script, longestMs = Infinity) {
  const until = performance.now() + longestMs;
  while (script && !script.xworker && performance.now() < until) {
    await wait(10);
  }
  return script?.xworker ?? null;
}

// How engine/python.mjs begins the error of a Python that could not load (its LOAD_FAILED).
const LOAD_FAILED = "the engine's Python could not load";
/** @type {WeakMap<Element, Promise<never>>} */
const loadFailures = new WeakMap();

/** A promise rejected when the worker of `script` says its Python could not load
 * (engine/python.mjs throws the failure where the worker's `error` event hears it); it never
 * resolves. The worker is watched from as soon as PyScript creates it, since an event fired
 * before anyone listens is lost: the page's own script from this module's start, a new one
 * from its creation.
 * @param {Element | null} script @returns {Promise<never>} */
function watchLoad(script) {
  if (!script) return new Promise(() => {});
  let watched = loadFailures.get(script);
  if (!watched) {
    watched = new Promise((_, reject) => {
      createdWorker(script, LIMITS.firstStartMs).then((worker) => worker?.addEventListener("error", (event) => {
        if (!String(event.message).includes(LOAD_FAILED)) return;
        event.preventDefault(); // said to the reader, not left as an uncaught error
        console.warn(event.message);
        reject(new EngineFault("start", "engine.download"));
      }));
    });
    watched.catch(() => {}); // the failure is the start's, when it asks
    loadFailures.set(script, watched);
  }
  return watched;
}
if (typeof document !== "undefined") watchLoad(document.querySelector(SELECTOR));

/** `promise`, or a rejection with `error()` after `ms`.
 * @template T @param {Promise<T>} promise @param {number} ms @param {() => Error} error
 * @returns {Promise<T>} */
function within(promise, ms, error) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(error()), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, late])).finally(() => clearTimeout(timer));
}

/** @typedef {"loading" | "ready" | "failed" | "restarting"} EngineState */

/** The page's engine worker and its functions. Calls made while it starts wait for it. */
export class Engine {
  /** @param {Element | null} script the worker's <script type="py" worker> element */
  constructor(script) {
    /** @type {any} */
    this.script = script;
    /** @type {EngineState} */
    this.state = "loading";
    /** @type {EngineFault | null} why the engine is "failed" */
    this.failure = null;
    this.generation = 0; // workers started so far: a call's worker is the current one or dead
    this.restarts = 0;
    /** @type {Promise<any>} the current worker's functions, once it is up */
    this.up = Promise.resolve(null);
    /** @type {Set<(state: EngineState, engine: Engine) => void>} */
    this.listeners = new Set();
    /** @type {Map<string, {record: string, level: string, generation: number}>} boards thinking */
    this.thinking = new Map();
    this.start();
  }

  /** Hear every change of state (loading, ready, failed, restarting); returns a function
   * that stops it.
   * @param {(state: EngineState, engine: Engine) => void} listener */
  onState(listener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** @param {EngineState} state */
  setState(state) {
    this.state = state;
    for (const listener of this.listeners) listener(state, this);
  }

  /** Start a worker: the page's own at first, afterwards a new one in place of the last.
   * @param {boolean} [again] a restart after a failure or a death (the state says which) */
  start(again = false) {
    const generation = ++this.generation;
    if (generation > 1) this.script = this.replaceScript();
    this.failure = null;
    const { firstStartMs, startMs } = limits();
    const limit = stored(STARTED_KEY) ? startMs : firstStartMs;
    watchLoad(this.script);
    const booting = this.boot(this.script);
    const up = within(booting, limit, () => new EngineFault("start", "engine.timeout", { seconds: Math.round(limit / 1000) }));
    this.up = up;
    up.catch(() => {}); // the failure is the state's; calls see it when they ask
    this.setState(again ? "restarting" : "loading");
    up.then(() => {
      if (generation !== this.generation) return;
      try {
        localStorage.setItem(STARTED_KEY, "1");
      } catch {
        // storage blocked: every visit counts as a first one
      }
      this.setState("ready");
    }, (error) => {
      if (generation !== this.generation) return;
      if (!(error instanceof EngineFault)) console.warn("the engine's worker failed:", error);
      this.failure = error instanceof EngineFault ? error : new EngineFault("start", "engine.broken");
      this.setState("failed");
      // a slow start that ends after the limit is still taken
      booting.then((sync) => {
        if (generation !== this.generation || this.state !== "failed") return;
        this.up = Promise.resolve(sync);
        this.failure = null;
        this.setState("ready");
      }, () => {});
    });
  }

  /** The worker's functions once it has started and answered a first question (a worker
   * whose script raised has none of them).
   * @param {any} script */
  async boot(script) {
    const worker = await createdWorker(script);
    if (!worker) throw new EngineFault("start", "engine.missing");
    await Promise.race([worker.ready, watchLoad(script)]);
    let answer;
    try {
      answer = JSON.parse(await worker.sync.ready());
    } catch (error) {
      console.warn("the engine's worker has no functions:", error);
    }
    if (!answer?.ready) throw new EngineFault("start", "engine.broken");
    return worker.sync;
  }

  /** A new <script type="py" worker> like the last one, in its place; the last one's worker
   * is ended. PyScript starts a worker for the new element. */
  replaceScript() {
    const old = this.script;
    try {
      old?.xworker?.terminate();
    } catch {
      // it is gone already
    }
    const script = document.createElement("script");
    for (const { name, value } of old?.attributes ?? []) script.setAttribute(name, value);
    const parent = old?.parentNode ?? document.body ?? document.documentElement;
    if (old?.parentNode) old.replaceWith(script);
    else parent.append(script);
    engines.set(script, this);
    return script;
  }

  /** Start the engine again (the reader's Retry after a failed start). */
  retry() {
    this.start();
  }

  /** The current worker's functions: waits while it starts; an EngineFault once it failed. */
  async functions() {
    if (this.state === "failed" && this.failure) throw this.failure;
    return this.up;
  }

  /** Call the worker's function `name`; a worker that does not answer within the limit (or
   * fails outside the engine) is replaced and the call made once more on the new one.
   * `before` runs first, on each worker the call is made on (a thinker started again there).
   * @param {string} name @param {any[]} args
   * @param {{extraMs?: number, before?: (generation: number, sync: any) => Promise<unknown>}} [how] */
  async call(name, args, { extraMs = 0, before } = {}) {
    for (let attempt = 0; ; attempt++) {
      const sync = await this.functions();
      const generation = this.generation;
      const ms = limits().callMs + extraMs;
      const run = async () => {
        if (before) await before(generation, sync);
        return sync[name](...args);
      };
      try {
        return parse(await within(run(), ms,
          () => new EngineFault("stopped", "engine.stopped", { seconds: Math.round(ms / 1000) })));
      } catch (error) {
        if (error instanceof EngineError) throw error;
        if (generation === this.generation) {
          this.restarts++;
          this.start(true);
        }
        if (attempt >= 1) {
          throw error instanceof EngineFault ? error
            : new EngineFault("stopped", "engine.stopped-error", { message: String(error?.message ?? error).slice(0, 200) });
        }
      }
    }
  }

  /** @type {(board: string, record: string, settings?: object) =>
   *   Promise<import("./board-controller.js").View>} */
  view(board, record, settings = {}) {
    return this.call("view", [board, record, JSON.stringify(settings)]);
  }

  /** A record as the engine reads it: its game, options and actions.
   * @type {(record: string) => Promise<{game: string, options: Record<string, string>,
   *   actions: string[]}>} */
  read(record) {
    return this.call("read", [record]);
  }

  /** An exercise's verdict on `action` in the position `record` reaches, against `goal`
   * (JSON text): `ok`, and the `reason` of a wrong try (a message key and its values).
   * @type {(board: string, record: string, action: string, goal: string, settings?: object) =>
   *   Promise<{ok: boolean, reason: {key: string, values?: object} | null}>} */
  exercise(board, record, action, goal, settings = {}) {
    return this.call("exercise", [board, record, action, goal, JSON.stringify(settings)]);
  }

  /** @type {(board: string, record: string, action: string, settings?: object) => Promise<any>} */
  preview(board, record, action, settings = {}) {
    return this.call("preview", [board, record, action, JSON.stringify(settings)]);
  }

  /** @type {(seconds: number) => Promise<any>} */
  bench(seconds) {
    return this.call("bench", [seconds], { extraMs: seconds * 1000 });
  }

  /** @type {(board: string, record: string, level: string | number) => Promise<any>} */
  thinkStart(board, record, level) {
    this.thinking.delete(board);
    // the thinking is on the worker the call was last made on (`before` notes it), not on
    // whichever is current once the answer is back: a worker started meanwhile has no thinker
    const thought = { record, level: String(level), generation: 0 };
    const on = async (generation) => {
      thought.generation = generation;
    };
    return this.call("think_start", [board, record, thought.level], { before: on }).then((answer) => {
      this.thinking.set(board, thought);
      return answer;
    });
  }

  /** A slice of the board's thinking; on a worker started since the thinking began, the
   * thinking is started again there from its record first.
   * @type {(board: string, seconds: number) => Promise<any>} */
  thinkMore(board, seconds) {
    return this.call("think_more", [board, seconds], {
      before: async (generation, sync) => {
        const thought = this.thinking.get(board);
        if (!thought || thought.generation === generation) return;
        parse(await sync.think_start(board, thought.record, thought.level));
        thought.generation = generation;
      },
    });
  }

  /** @type {(board: string) => Promise<any>} */
  thinkStop(board) {
    this.thinking.delete(board);
    return this.call("think_stop", [board]);
  }

  /** The seat that played each action of `record`, and whether it began a turn (a move list
   * groups turns by them).
   * @type {(board: string, record: string) => Promise<{movers: number[], starts: boolean[]}>} */
  turns(board, record) {
    return this.call("turns", [board, record]);
  }

  /** One slice (at most `seconds`) of the search on the position after `ply` actions of
   * `record`: each seat's chance to win, the action it prefers, its iterations so far (a new
   * worker starts the search afresh from the record).
   * @type {(board: string, record: string, ply: number, seconds: number) => Promise<{ply: number,
   *   chances: number[], action: string | null, iterations: number, final: boolean}>} */
  analyse(board, record, ply, seconds) {
    return this.call("analyse", [board, record, ply, seconds]);
  }

  /** @type {(board: string) => Promise<any>} */
  analyseStop(board) {
    return this.call("analyse_stop", [board]);
  }
}

/** The engine of the page's worker script (one per script; made when first asked for).
 * @param {Element | null} [script] */
export function pageEngine(script = document.querySelector(SELECTOR)) {
  const known = engines.get(script);
  if (known) return known;
  const engine = new Engine(script);
  engines.set(script, engine);
  return engine;
}

/** @type {Map<Element | null, Engine>} */
const engines = new Map();

/** Wait for the worker to be ready; returns the engine (its functions answer promises of
 * data). Rejects with an EngineFault when it cannot start.
 * @param {Element | null} [script] */
export async function connectEngine(script = document.querySelector(SELECTOR)) {
  const engine = pageEngine(script);
  await engine.functions();
  return engine;
}
