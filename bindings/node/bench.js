'use strict';
// Per-call cost of the binding against the bare koffi call it wraps. Numbers, not pass/fail:
//   node bench.js
const { C } = require('./lib/native');
const { Game, judge } = require('.');

function bench(name, n, fn) {
  for (let i = 0; i < 1000; i++) fn(); // warm up
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  const ns = Number(process.hrtime.bigint() - t0) / n;
  console.log(`${name.padEnd(28)} ${ns.toFixed(1).padStart(8)} ns/call`);
}

const N = 500000;
const g = new Game();
const out = new Uint32Array(1);
const ptr = [null];
C.ttt_game_new(3, 3, 3, ptr);
bench('bare ttt_version()', N, () => C.ttt_version());
bench('bare ttt_game_to_move', N, () => C.ttt_game_to_move(ptr[0], out));
bench('g.toMove', N, () => g.toMove);
bench('g.play(1, 1) + g.undo()', N, () => { g.play(1, 1); g.undo(); });
bench('judge (5 moves)', N / 10, () => judge([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]]));
C.ttt_game_free(ptr[0]);
