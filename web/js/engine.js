// The bridge to the engine in the page's PyScript worker (<script type="py" worker name="engine">).
// Every call answers JSON text; an {"error": ...} answer becomes a rejected promise with that
// message, so callers keep the game they had.

export class EngineError extends Error {}

function parse(text) {
  const data = JSON.parse(text);
  if (data && typeof data === "object" && "error" in data) throw new EngineError(data.error);
  return data;
}

/** The PyScript worker of `script` once PyScript has created it (it is not ready yet), or null
 * if that takes longer than `longestMs`. */
export async function createdWorker(script, longestMs = Infinity) {
  const until = performance.now() + longestMs;
  while (script && !script.xworker && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return script?.xworker ?? null;
}

async function workerOf(script) {
  const worker = await createdWorker(script);
  await worker.ready;
  return worker.sync;
}

/** Wait for the worker to be ready; returns the engine's functions as promises of data. */
export async function connectEngine(script = document.querySelector('script[type="py"][name="engine"]')) {
  const sync = await workerOf(script);
  return {
    view: async (board, record, settings = {}) =>
      parse(await sync.view(board, record, JSON.stringify(settings))),
    preview: async (board, record, action, settings = {}) =>
      parse(await sync.preview(board, record, action, JSON.stringify(settings))),
    bench: async (seconds) => parse(await sync.bench(seconds)),
    thinkStart: async (board, record, level) => parse(await sync.think_start(board, record, String(level))),
    thinkMore: async (board, seconds) => parse(await sync.think_more(board, seconds)),
    thinkStop: async (board) => parse(await sync.think_stop(board)),
  };
}
