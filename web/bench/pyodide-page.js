// The benchmark's baseline: load Pyodide alone in a module worker, with nothing else, and mark
// the moment it can run Python ("pyodide-ready"), as the game page marks "engine-ready".
const worker = new Worker(new URL("pyodide-worker.js", import.meta.url), { type: "module" });
worker.addEventListener("message", (event) => {
  performance.mark("pyodide-ready");
  document.getElementById("status").textContent = `Pyodide ${event.data} ready`;
  document.body.dataset.ready = "true";
});
