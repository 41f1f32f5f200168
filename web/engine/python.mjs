// The engine's Python, the interpreter module of the engine's PyScript worker: the site's
// Pyodide (vendor/pyodide, as its npm package ships it) started with the engine's standard
// library (engine/python_stdlib.zip, written by the build: Pyodide's own, with bytecode for the
// modules that Python's start, PyScript and the engine import, so that they are not compiled
// from source on every start).
import { loadPyodide as loadSitePyodide, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

/** Pyodide's loadPyodide with the site's runtime folder and the engine's standard library. */
export function loadPyodide(options = {}) {
  return loadSitePyodide({
    ...options,
    indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
    stdLibURL: new URL("python_stdlib.zip", import.meta.url).href,
  });
}
