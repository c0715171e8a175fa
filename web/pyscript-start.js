// Loads PyScript and keeps the page working under a CSP without 'unsafe-eval'.
//
// PyScript 0.7.31 registers one default *worker* hook (hooks.worker.onBeforeRunAsync),
// and reading the worker hooks compiles them with `Function(...)`, which a CSP without
// 'unsafe-eval' blocks, aborting the boot -- even though Paddock runs Python on the main
// thread and starts no worker. Clearing that set right after core.js evaluates (before
// its plugins finish loading and the <script type="py"> is defined) avoids the eval.
// Only PyScript *workers* would miss that hook (their `pyscript.fs` module); Paddock has
// none. If a future PyScript adds more worker hooks, the e2e CSP test will catch it.
import { hooks } from "./pyscript/core.js";

for (const set of Object.values(hooks.worker)) set.clear();

// core.js has now created its document observer: boot.js stops capturing observers
// (it disconnects the captured one once main.py starts; see "PyScript seal" there).
window.paddockBoot?.pyscriptLoaded?.();
