// The engine's Python, the interpreter module of the engine's PyScript worker: the site's
// Pyodide (vendor/pyodide, as its npm package ships it) started with the engine's standard
// library (engine/python_stdlib.zip, written by the build: Pyodide's own, with bytecode for the
// modules that Python's start, PyScript and the engine import, so that they are not compiled
// from source on every start).
import { loadPyodide as loadSitePyodide, version } from "../vendor/pyodide/pyodide.mjs";

// The words that begin the error of a failed load, by which the page knows it (js/engine.js,
// LOAD_FAILED; the page does not import this module, which would load Pyodide's).
const LOAD_FAILED = "the engine's Python could not load";

export { version };

/** Pyodide's loadPyodide with the site's runtime folder and the engine's standard library.
 * A load that fails (a file of the runtime not downloaded: some such failures reject the load,
 * others only a promise of Pyodide's own, leaving the load waiting) is also thrown outside any
 * promise, so that it reaches the worker's `error` event on the page (js/engine.js), which then
 * says so at once rather than when its time limit runs out. */
export async function loadPyodide(options = {}) {
  const fail = (error) => setTimeout(() => {
    throw new Error(`${LOAD_FAILED}: ${error?.message ?? error}`);
  });
  const unhandled = (event) => fail(event.reason);
  globalThis.addEventListener("unhandledrejection", unhandled);
  try {
    return await loadSitePyodide({
      ...options,
      indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
      stdLibURL: new URL("python_stdlib.zip", import.meta.url).href,
    });
  } catch (error) {
    fail(error);
    throw error;
  } finally {
    globalThis.removeEventListener("unhandledrejection", unhandled);
  }
}
