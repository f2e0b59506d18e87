'use strict';
// Ownership: close(), Symbol.dispose, and the GC each free a native game exactly once; a closed
// game throws instead of touching freed memory. Run with --expose-gc (package.json does).
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');

const { Game } = ttt;

test('a closed game throws GameClosedError for every operation', () => {
  const g = new Game();
  g.play(0, 0);
  g.close();
  assert.equal(g.closed, true);
  g.close(); // idempotent
  const uses = {
    play: () => g.play(0, 1), move: () => g.move(0, 1, 2), undo: () => g.undo(),
    redo: () => g.redo(), reset: () => g.reset(), clone: () => g.clone(),
    result: () => g.result, winner: () => g.winner, toMove: () => g.toMove,
    firstPlayer: () => g.firstPlayer, cell: () => g.cell(0, 0), moveCount: () => g.moveCount,
    cells: () => g.cells, moves: () => g.moves, legalMoves: () => g.legalMoves,
    winningLine: () => g.winningLine, toText: () => g.toText(), bestMove: () => g.bestMove(),
    optimalMoves: () => g.optimalMoves(), search: () => g.search({ maxNodes: 1 }),
    aiMove: () => g.aiMove(0),
  };
  for (const [name, use] of Object.entries(uses)) {
    assert.throws(use, { name: 'GameClosedError', code: 'GAME_CLOSED', status: null }, name);
  }
  assert.throws(() => g.play(0, 1), ttt.TicTacToeError);
  assert.equal(String(g), 'Game(closed)');
  assert.equal(g.rows, 3, 'the size stays readable');
});

test('Symbol.dispose closes the game', () => {
  const g = new Game();
  const before = ttt._nativeFrees();
  g[Symbol.dispose]();
  assert.equal(g.closed, true);
  assert.equal(ttt._nativeFrees(), before + 1);
});

// Collects garbage until the free count reaches `want` (FinalizationRegistry callbacks run as
// tasks after a collection), then checks it is exactly `want`.
async function settleFrees(want) {
  for (let i = 0; i < 1000 && ttt._nativeFrees() < want; i++) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  global.gc();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(ttt._nativeFrees(), want);
}

// Collects until the free count has not moved for five collections in a row, so that games
// dropped by earlier tests are all counted before a test takes its baseline.
async function settledFrees() {
  let last = ttt._nativeFrees();
  for (let stable = 0; stable < 5;) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = ttt._nativeFrees();
    [last, stable] = now === last ? [last, stable + 1] : [now, 0];
  }
  return last;
}

test('the GC frees each game exactly once; close() disarms it', async () => {
  assert.equal(typeof global.gc, 'function', 'run node with --expose-gc');
  const base = await settledFrees();
  (() => {
    const g = new Game();
    g.play(0, 0);
  })();
  await settleFrees(base + 1);

  let g = new Game();
  g.close();
  assert.equal(ttt._nativeFrees(), base + 2, 'close frees at once');
  g = null;
  await settleFrees(base + 2); // not freed again by the GC

  (() => {
    for (let i = 0; i < 1000; i++) new Game({ rows: 15, cols: 15, k: 5 }).clone();
  })();
  await settleFrees(base + 2002);
});

test('worker threads each load the package and play their own games', async () => {
  const { Worker } = require('node:worker_threads');
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    const { Game, judge } = require(workerData);
    const g = new Game();
    g.move(1, 1, 2);
    parentPort.postMessage([JSON.stringify(g), judge([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]])]);
    g.close();`;
  const runs = Array.from({ length: 4 }, () => new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: require.resolve('..') });
    w.once('message', resolve);
    w.once('error', reject);
  }));
  for (const [text, winner] of await Promise.all(runs)) {
    assert.equal(Game.fromText(JSON.parse(text)).firstPlayer, 2);
    assert.equal(winner, 'A');
  }
});
