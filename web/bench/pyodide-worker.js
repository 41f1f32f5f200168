// Load the site's own Pyodide and run one line of Python, then report its version.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
postMessage(pyodide.runPython("import sys; sys.version.split()[0]"));
