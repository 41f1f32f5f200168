// The benchmark's baseline: load Pyodide alone in a module worker, with nothing else, and mark
// the moment it can run Python ("pyodide-ready"), as the game page marks "engine-ready".
// With ?python=engine the worker loads the engine's Python instead of Pyodide as published: the
// same Pyodide with the engine's compiled standard library (engine/python.mjs).
const python = new URLSearchParams(location.search).get("python") === "engine" ? "engine" : "published";
const worker = new Worker(new URL(`pyodide-worker.js?python=${python}`, import.meta.url), { type: "module" });
worker.addEventListener("message", (event) => {
  performance.mark("pyodide-ready");
  document.getElementById("status").textContent = `Pyodide ${event.data} ready`;
  document.body.dataset.ready = "true";
});
