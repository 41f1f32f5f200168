// Load the site's own Pyodide (as published, or with ?python=engine the engine's Python) and
// run one line of Python, then report its version.
const engine = new URL(import.meta.url).searchParams.get("python") === "engine";
const { loadPyodide } = await import(engine ? "../engine/python.mjs" : "../vendor/pyodide/pyodide.mjs");

const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
