// The probability lens, off the main thread: a worker with its own Python.
//
// It starts Python the way the page does (python-loader.mjs: the memory snapshot, or
// the bytecode build), then answers jobs from the page:
//
//   page -> worker  {id, game, state, seat, actions, seed}, or {id, stop: true}
//                   state: a full state already resampled by the page from what `seat`
//                   (null: the public table) may know -- never the real hidden state
//   worker -> page  {id, odds, done}   after every slice of rollouts, refining
//                   {id, error}        when Python failed
//
// A new job replaces the running one: the worker checks between slices of rollouts
// (each about SLICE_MS long), so a stale estimate stops within one slice.
import { loadPyodide } from "./python-loader.mjs";

const SLICE_MS = 120; // rollouts per post: short enough to cancel quickly
const TARGET_MARGIN = 0.02; // stop at +-2 percentage points (95 %)
const MAX_SAMPLES = 4000;

let latest = -1;
const python = loadPyodide().then((py) => {
  py.runPython("import pygames.core.lens");
  return py.pyimport("pygames.core.lens");
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function run(job) {
  const lens = await python;
  if (job.id !== latest) return;
  // null (the public table) must reach Python as None: undefined converts, null does not.
  const runner = lens.start(job.game, job.state, job.seat ?? undefined, job.actions, job.seed);
  try {
    let rounds = 1;
    while (job.id === latest) {
      const began = performance.now();
      runner.step(rounds);
      const took = performance.now() - began;
      const odds = JSON.parse(runner.odds_json());
      const done = odds.margin <= TARGET_MARGIN || odds.samples >= MAX_SAMPLES;
      postMessage({ id: job.id, odds, done });
      if (done) break;
      // Aim each slice at SLICE_MS, growing slowly (rollout lengths vary).
      rounds = Math.max(1, Math.min(rounds * 2, Math.round((rounds * SLICE_MS) / Math.max(took, 1))));
      await nextTask(); // let a newer job's message in
    }
  } finally {
    runner.destroy();
  }
}

self.onmessage = (event) => {
  const job = event.data;
  latest = job.id;
  if (job.stop) return; // nothing to estimate: the running job ends at its next slice
  run(job).catch((error) => {
    console.error("Paddock lens:", error);
    postMessage({ id: job.id, error: String(error) });
  });
};
