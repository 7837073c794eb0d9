// The lab referee's own measure of how much CPU a thread of the page gets
// (issue 37; the rule that uses it: kalah/web/lab/move_clock.py).
//
// A dedicated worker of the page's, started by bot-sandbox.js's sampler():
// no bot can reach or message it (each bot runs in a worker inside its own
// sandboxed frame, which can post only to that frame). While the referee
// waits for a move ("run" until "pause"), it times a fixed small workload
// every PERIOD_MS and posts its slowdown: how much longer the workload took
// than the fastest it has seen, or how much later than due its cycle ended
// (a thread that waited for a core), whichever is more. On an idle machine
// that is about 1 whatever a bot does on another core; on a busy one it is
// about the share of a core each thread gets. A few ms of work every 60 ms:
// about 5% of one core, and only while a move is waited on.
//
// In: "run" | "pause". Out: a number, the slowdown of the cycle that just ended (>= 1).

const PERIOD_MS = 60;          // kalah/web/lab/move_clock.py READING_DUE_MS allows for it
const WORK_MS = 3;             // the workload's length at full speed, set once below

let loops = 1000;
let best = Infinity;
let sink = 0;                  // keeps the workload's result alive, so that no compiler drops it
let timer = null;
let lastEnd = null;            // the end of the latest cycle of this run, or null

function workload(count) {
  let x = sink | 1;
  for (let i = 0; i < count; i++) x = (x * 31 + i) % 1000003;
  return x;
}

function timed() {
  const start = performance.now();
  sink = workload(loops);
  return performance.now() - start;
}

// Size the workload to about WORK_MS, after the engine has compiled it (its first runs are slower).
function calibrate() {
  for (let round = 0; round < 3; round++) {
    while (timed() < WORK_MS) loops *= 2;
  }
  for (let round = 0; round < 5; round++) best = Math.min(best, timed());
}

function cycle() {
  timer = null;
  const took = timed();
  const end = performance.now();
  best = Math.min(best, took);
  let slowdown = took / best;
  if (lastEnd !== null) slowdown = Math.max(slowdown, (end - lastEnd) / (PERIOD_MS + best));
  lastEnd = end;
  postMessage(slowdown);
  timer = setTimeout(cycle, PERIOD_MS);
}

calibrate();

onmessage = (event) => {
  if (event.data === "run" && timer === null) {
    lastEnd = null;
    timer = setTimeout(cycle, PERIOD_MS);
  } else if (event.data === "pause" && timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
};
