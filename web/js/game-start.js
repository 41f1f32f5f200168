// A game page's first script. Starting the engine's worker is the longest step of a page's
// start, and PyScript creates the worker only once its own modules have run; so the page's own
// modules load when the worker exists, and do not compete with it on the way. The board and
// panels are in the page already. If no worker appears (PyScript failed to load), the page's
// modules load after a few seconds anyway, and say what went wrong.

import { createdWorker } from "./engine.js";

const LONGEST_WAIT_MS = 5000;

await createdWorker(document.querySelector('script[type="py"][name="engine"]'), LONGEST_WAIT_MS);
await Promise.all([import("./game-page.js"), import("./offline-start.js")]);
