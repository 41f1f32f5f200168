// Every page of the site loads this: it makes the site work offline (see offline.js).
//
// On a page with an engine, the service worker's registration and its update check wait until
// the engine's worker is ready (or has had LONGEST_WAIT_MS): their requests and their work on
// the page would otherwise compete with the worker while it loads Python. A first visit thus
// starts saving the site for offline use once the engine is up.
import { createdWorker } from "./engine.js";
import { startOffline } from "./offline.js";

const LONGEST_WAIT_MS = 10000;

const engine = document.querySelector('script[type="py"][name="engine"]');
if (engine) {
  const until = performance.now() + LONGEST_WAIT_MS;
  const worker = await createdWorker(engine, LONGEST_WAIT_MS);
  if (worker) {
    await Promise.race([
      Promise.resolve(worker.ready).catch(() => {}),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now()))),
    ]);
  }
}
startOffline();
