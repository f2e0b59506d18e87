'use strict';
// Batch: agreement with the same games played through Game after every step (results,
// auto-reset, planes from the side to move, masks, game(i)), refused steps that change nothing
// and name the first bad game, random moves that repeat for a seed, ownership.
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');

const { Batch, Game } = ttt;
const RESULT_CODES = { Pending: 0, A: 1, B: 2, Draw: 3 };

test('a batch agrees after every step with the same games played through Game', () => {
  const count = 6;
  const cols = 4;
  const cells = 16;
  const b = new Batch(count, 4, cols, 3, 1);
  let games = Array.from({ length: count }, () => new Game(4, 4, 3));
  const actions = new Uint32Array(count);
  const results = new Uint8Array(count);
  // Views at an offset inside larger buffers: C must write where the view starts.
  const obs = new Uint8Array(2 * count * cells + 8).subarray(8);
  const mask = Buffer.alloc(count * cells);
  let ends = 0;
  for (let step = 0; step < 80; step++) {
    assert.equal(b.legalMask(mask), mask, 'legalMask writes in place');
    for (let i = 0; i < count; i++) {
      let c = (i * 5 + step * 3) % cells;
      while (mask[i * cells + c] === 0) c = (c + 1) % cells;
      actions[i] = c;
    }
    assert.equal(b.step(actions, results), results, 'step writes in place');
    assert.equal(b.observe(obs), obs);
    games = games.map((g, i) => {
      const r = g.play(Math.floor(actions[i] / cols), actions[i] % cols);
      assert.equal(results[i], RESULT_CODES[r], `step ${step} game ${i} result`);
      if (r === 'Pending') return g;
      ends++;
      g.close();
      return new Game(4, 4, 3); // auto-reset: the batch's game starts again
    });
    games.forEach((g, i) => {
      const mover = g.toMove;
      const board = g.cells;
      const planes = obs.subarray(i * 2 * cells, (i + 1) * 2 * cells);
      assert.deepEqual([...planes], [...board].map((s) => +(s === mover))
        .concat([...board].map((s) => +(s !== 0 && s !== mover))), `step ${step} game ${i} planes`);
      const copy = b.game(i);
      assert.equal(copy.toText(), g.toText(), `step ${step} game ${i} copy`);
      copy.close();
    });
    const after = b.legalMask();
    games.forEach((g, i) => assert.deepEqual([...after.subarray(i * cells, (i + 1) * cells)],
      [...g.cells].map((s) => +(s === 0)), `step ${step} game ${i} mask`));
  }
  assert.ok(ends > 0, 'no game ended');
  b.close();
});

test('a won game reports its result and starts again; the planes are the mover\'s', () => {
  const b = new Batch(1);
  // X 0, O 3, X 1, O 4, X 2: X's top row.
  const want = [0, 0, 0, 0, 1];
  [0, 3, 1, 4, 2].forEach((a, n) => {
    assert.equal(b.step([a])[0], want[n], `result after action ${a}`);
    if (n === 0) {
      // O to move: O has no stone (plane 0 empty); X's stone on cell 0 is the opponent's.
      assert.deepEqual([...b.observe()], [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    }
  });
  assert.deepEqual([...b.legalMask()], Array(9).fill(1), 'the board is empty again');
  assert.equal(b.game(0).toText(), '3,3,3:.../.../...:X');
});

test('an illegal action changes no game and names the first bad game', () => {
  const b = new Batch(3, 3, 3, 3, 0n);
  b.step(new Uint32Array([4, 4, 4]));
  const before = b.observe();
  const refused = (actions, code, index) => assert.throws(() => b.step(actions),
    (e) => e instanceof ttt.IllegalMoveError && e.code === code && e.index === index);
  refused([0, 4, 1], 'CELL_OCCUPIED', 1);
  refused([0, 1, 9], 'OUT_OF_BOUNDS', 2);
  refused([4, 9, 4], 'CELL_OCCUPIED', 0);
  assert.throws(() => b.step([0, 4, 1]), /game 1: action 4/);
  assert.deepEqual(b.observe(), before, 'refused steps changed a game');
  assert.throws(() => b.step([0, 1]), RangeError);
  assert.throws(() => b.step(new Uint32Array(4)), RangeError);
  assert.throws(() => b.step(new Int32Array(3)), TypeError);
  assert.throws(() => b.step([0, 1, -1]), RangeError);
  assert.throws(() => b.step([0, 1, 2], new Uint8Array(2)), RangeError);
  assert.throws(() => b.observe(new Uint8Array(53)), RangeError);
  assert.throws(() => b.legalMask(new Uint16Array(27)), TypeError);
  assert.throws(() => b.game(3), ttt.InvalidArgumentError);
  assert.throws(() => new Batch(0), ttt.InvalidArgumentError);
  assert.throws(() => new Batch(1, 3, 3, 4), ttt.InvalidArgumentError);
  assert.throws(() => new Batch(-1), RangeError);
  assert.deepEqual(b.observe(), before, 'refused calls changed a game');
});

test('steps split over threads give what one thread gives', () => {
  // A batch big enough to be split in two: the same results, the same first bad game, no game
  // changed by a refused step, the same observations. A call splits from 2^22 cells a thread
  // (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15 x 15.
  const cells = 225;
  const count = Math.floor((2 * 2 ** 22) / cells) + 17;
  const one = new Batch(count, 15, 15, 5);
  const two = new Batch(count, 15, 15, 5);
  two.setThreads(2);
  assert.throws(() => two.setThreads(-1), RangeError);
  for (let step = 0; step < 8; step++) {
    const mask = one.legalMask();
    assert.deepEqual(two.legalMask(), mask, `step ${step}: masks`);
    const actions = new Uint32Array(count);
    for (let i = 0; i < count; i++) {
      let c = (i * 31 + step * 13) % cells;
      while (mask[i * cells + c] === 0) c = (c + 1) % cells;
      actions[i] = c;
    }
    if (step === 5) {
      const bad = actions.slice();
      bad[count - 7] = 225;
      bad[count - 3] = 226;
      const before = two.observe();
      assert.throws(() => two.step(bad), (e) => e instanceof ttt.IllegalMoveError && e.index === count - 7);
      assert.deepEqual(two.observe(), before, 'a refused step changed a game');
    }
    assert.deepEqual(two.step(actions), one.step(actions), `step ${step}: results`);
    assert.deepEqual(two.observe(), one.observe(), `step ${step}: observations`);
  }
  one.close();
  two.close();
});

test('randomMoves repeats for a seed whatever the thread count', () => {
  const [a, b, c] = [9, 9, 10].map((seed) => new Batch(500, 7, 7, 5, seed));
  const sa = a.randomMoves(30, 1);
  assert.deepEqual(b.randomMoves(30), sa);
  c.randomMoves(30, 2);
  assert.equal(sa.moves, 15000);
  assert.ok(sa.aWins + sa.bWins + sa.draws <= Math.floor(15000 / 9), 'more games ended than could');
  assert.deepEqual(b.observe(), a.observe(), '1 thread and one per core differ');
  assert.notDeepEqual(c.observe(), a.observe(), 'another seed gave the same games');
  a.reset();
  assert.ok(a.legalMask().every((v) => v === 1), 'reset empties every game');
});

// Collects garbage until the free count stays the same over a few collections: the batches of
// the tests above are freed first, so that the count below is this test's alone.
async function settle() {
  for (let same = 0, last = -1; same < 3; last = ttt._nativeBatchFrees()) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
    same = ttt._nativeBatchFrees() === last ? same + 1 : 0;
  }
}

test('a closed batch throws BatchClosedError; close and the GC free it once', async () => {
  await settle();
  const b = new Batch(2);
  const before = ttt._nativeBatchFrees();
  b.close();
  b[Symbol.dispose]();
  assert.equal(ttt._nativeBatchFrees(), before + 1);
  assert.equal(b.closed, true);
  for (const use of [() => b.step([0, 0]), () => b.observe(), () => b.legalMask(), () => b.reset(),
    () => b.randomMoves(1), () => b.game(0)]) {
    assert.throws(use, { name: 'BatchClosedError', code: 'BATCH_CLOSED', status: null });
  }
  assert.equal(String(b), 'Batch(2 x 3x3 k=3, closed)');
  for (let i = 0; i < 50; i++) new Batch(10);
  for (let i = 0; i < 1000 && ttt._nativeBatchFrees() < before + 51; i++) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await settle();
  assert.equal(ttt._nativeBatchFrees(), before + 51, 'the GC freed each dropped batch once');
});

test("the README's Batch example runs and plays what it says", () => {
  const readme = require('node:fs').readFileSync(require('node:path').join(__dirname, '..', 'README.md'), 'utf8');
  const code = readme.match(/## Batch[\s\S]*?```js\n([\s\S]*?)```/)[1];
  const printed = [];
  const run = new Function('require', 'console', code);
  run((name) => (name === 'tictactoe' ? ttt : require(name)), { log: (...v) => printed.push(v) });
  assert.equal(printed[0][0].moves, 409600);
});
