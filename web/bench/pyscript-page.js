// The benchmark's second baseline: an empty PyScript worker, configured as the game pages'
// engine worker but with no engine, marked ready ("pyscript-ready") when it can answer a call.
// Between bare Pyodide and a game page, it shows what PyScript's own start costs.
const script = document.querySelector('script[type="py"][name="empty"]');
while (!script.xworker) await new Promise((resolve) => setTimeout(resolve, 10));
await script.xworker.ready;
const answer = await script.xworker.sync.version();
performance.mark("pyscript-ready");
document.getElementById("status").textContent = `PyScript worker with Python ${answer} ready`;
document.body.dataset.ready = "true";
