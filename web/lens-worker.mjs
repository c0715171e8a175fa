// The worker with its own Python: the probability lens, the Sharp computer players'
// thinking and "Ask the computer", all off the main thread.
//
// It starts Python the way the page does (python-loader.mjs: the memory snapshot, or
// the bytecode build), then answers jobs from the page. Every job's state is a full
// state already resampled by the page from what its `seat` (null: the public table)
// may know -- never the real hidden state.
//
// The lens (no `kind`):
//   page -> worker  {id, game, state, seat, actions, seed}, or {id, stop: true}
//   worker -> page  {id, odds, done}   after every slice of rollouts, refining
//                   {id, error}        when Python failed
//   A new lens job replaces the running one: the worker checks between slices of
//   rollouts (each about SLICE_MS long), so a stale estimate stops within one slice.
//
// A computer player's decision and the advice for a player (one answer each):
//   page -> worker  {kind: "decide", id, game, state, seat, level, seed, think_ms}
//                   {kind: "advise", id, game, state, seat, seed, think_ms}
//                   {kind: "warm", game, players}
//                                      start Python now and load the game's rules and
//                                      computer player, so that a Sharp seat's first
//                                      decision or the first lens estimate needs no
//                                      start-up (the page sends it when a table opens)
//   worker -> page  {kind: "decide", id, action}
//                   {kind: "advise", id, advice}   the best choices, best first
//                   {kind, id, error}              when Python failed
//                   {kind: "warm", game}           ready (after a warm job)
//                   {kind: "warm", game, again: true}  the game was warmed before:
//                                      nothing to do (a table reopened for it)
//   Such a job runs whole (about think_ms) between two lens slices; of several jobs of
//   one kind waiting for Python only the newest runs.
import { loadPyodide } from "./python-loader.mjs";

const SLICE_MS = 120; // rollouts per post: short enough to cancel quickly
const TARGET_MARGIN = 0.02; // stop at +-2 percentage points (95 %)
const MAX_SAMPLES = 4000;

let latest = -1;
const warmed = new Set(); // games whose rules this worker has loaded and run once
const newest = { decide: -1, advise: -1 };
const pyodide = loadPyodide();
const python = pyodide.then((py) => {
  py.runPython("import pygames.core.lens");
  return py.pyimport("pygames.core.lens");
});
const advisor = pyodide.then((py) => {
  py.runPython("import pygames.core.advice");
  return py.pyimport("pygames.core.advice");
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

async function think(job) {
  const advice = await advisor;
  if (job.id !== newest[job.kind]) return; // a newer question replaced this one
  if (job.kind === "decide") {
    const text = advice.decide_json(job.game, job.state, job.seat, job.level, job.seed, job.think_ms);
    postMessage({ kind: job.kind, id: job.id, action: JSON.parse(text) });
  } else {
    const text = advice.advise_json(job.game, job.state, job.seat, job.seed, job.think_ms);
    postMessage({ kind: job.kind, id: job.id, advice: JSON.parse(text) });
  }
}

self.onmessage = (event) => {
  const job = event.data;
  if (job.kind === "warm") {
    // Python is already starting; once it runs, load the game too (never an error:
    // a real job would report one).
    if (job.game) {
      const again = warmed.has(job.game);
      warmed.add(job.game);
      python
        .then((lens) => {
          if (again) {
            postMessage({ kind: "warm", game: job.game, again: true });
            return;
          }
          lens.warm(job.game, job.players ?? 3);
          postMessage({ kind: "warm", game: job.game });
        })
        .catch((error) => console.warn("Paddock: the worker could not warm up:", error));
    }
    return;
  }
  if (job.kind === "decide" || job.kind === "advise") {
    newest[job.kind] = job.id;
    think(job).catch((error) => {
      console.error("Paddock computer player:", error);
      postMessage({ kind: job.kind, id: job.id, error: String(error) });
    });
    return;
  }
  latest = job.id;
  if (job.stop) return; // nothing to estimate: the running job ends at its next slice
  run(job).catch((error) => {
    console.error("Paddock lens:", error);
    postMessage({ id: job.id, error: String(error) });
  });
};
