'use strict';
// judge, validate and bestMove against small independent implementations written from the
// rules (docs/rules.md, docs/c-api.md), on seeded random inputs.
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');

const { Game, judge, validate } = ttt;

// mulberry32: a small seeded PRNG, so every run checks the same inputs.
function rng(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0;
  };
}

const DIRS = [[0, 1], [1, 0], [1, 1], [1, -1]];

// Does the stone of `player` at (r, c) lie on k or more in a row?
function lineThrough(board, rows, cols, k, r, c, player) {
  return DIRS.some(([dr, dc]) => {
    let n = 1;
    for (const s of [1, -1]) {
      for (let i = 1; ; i++) {
        const rr = r + s * i * dr;
        const cc = c + s * i * dc;
        if (rr < 0 || rr >= rows || cc < 0 || cc >= cols || board[rr * cols + cc] !== player) break;
        n++;
      }
    }
    return n >= k;
  });
}

// "Find Winner" by the rules of section 2; a bad move is {code, index} (bounds, then game
// over, then the cell, as the header documents).
function refJudge(moves, rows, cols, k) {
  const board = new Array(rows * cols).fill(0);
  let result = 'Pending';
  for (let i = 0; i < moves.length; i++) {
    const [r, c] = moves[i];
    if (r < 0 || c < 0 || r >= rows || c >= cols) return { code: 'OUT_OF_BOUNDS', index: i };
    if (result !== 'Pending') return { code: 'GAME_OVER', index: i };
    if (board[r * cols + c]) return { code: 'CELL_OCCUPIED', index: i };
    const player = i % 2 === 0 ? 1 : 2;
    board[r * cols + c] = player;
    if (lineThrough(board, rows, cols, k, r, c, player)) result = player === 1 ? 'A' : 'B';
    else if (i + 1 === rows * cols) result = 'Draw';
  }
  return { result };
}

function randomSize(rand) {
  const rows = 1 + rand(4);
  const cols = 1 + rand(4);
  return { rows, cols, k: 1 + rand(Math.max(rows, cols)) };
}

test('judge agrees with an independent judge on random move lists', () => {
  const rand = rng(1275);
  const seen = new Set();
  for (let trial = 0; trial < 3000; trial++) {
    const { rows, cols, k } = randomSize(rand);
    const cells = Array.from({ length: rows * cols }, (_, i) => [Math.floor(i / cols), i % cols]);
    for (let i = cells.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [cells[i], cells[j]] = [cells[j], cells[i]];
    }
    const moves = cells.slice(0, rand(cells.length + 1));
    if (rand(6) === 0 && moves.length) moves.splice(rand(moves.length + 1), 0, moves[rand(moves.length)]);
    if (rand(10) === 0) moves.splice(rand(moves.length + 1), 0, [rand(rows + 2), rand(cols + 2)]);
    const want = refJudge(moves, rows, cols, k);
    let got;
    try {
      got = { result: judge(moves, { rows, cols, k }) };
    } catch (e) {
      assert.ok(e instanceof ttt.IllegalMoveError, e.message);
      got = { code: e.code, index: e.index };
    }
    assert.deepEqual(got, want, JSON.stringify({ rows, cols, k, moves }));
    seen.add(want.result || want.code);
  }
  assert.equal(seen.size, 7, `every outcome was exercised: ${[...seen]}`);
});

// Valid State by section 4, reasons in the order of the header's TttVerdict.
function refVerdict(board, rows, cols, k) {
  const count = (p) => board.filter((v) => v === p).length;
  const lines = (p) => {
    const found = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        for (const [dr, dc] of DIRS) {
          const cells = Array.from({ length: k }, (_, i) => (r + i * dr) * cols + c + i * dc);
          const inside = r + (k - 1) * dr < rows && c + (k - 1) * dc >= 0 && c + (k - 1) * dc < cols;
          if (inside && cells.every((cell) => board[cell] === p)) found.push(cells);
          if (k === 1) break; // one cell is one line, whatever the direction
        }
      }
    }
    return found;
  };
  const shareACell = (ls) => ls[0].some((cell) => ls.every((l) => l.includes(cell)));
  const [x, o] = [count(1), count(2)];
  const [xl, ol] = [lines(1), lines(2)];
  if (o > x) return 'TOO_MANY_O';
  if (x > o + 1) return 'TOO_MANY_X';
  if (xl.length && ol.length) return 'BOTH_WIN';
  if (xl.length && x === o) return 'X_WON_THEN_O_MOVED';
  if (ol.length && x === o + 1) return 'O_WON_THEN_X_MOVED';
  if (xl.length && !shareACell(xl)) return 'X_LINES_DISJOINT';
  if (ol.length && !shareACell(ol)) return 'O_LINES_DISJOINT';
  return 'VALID';
}

test('validate agrees with an independent Valid State on random boards', () => {
  const rand = rng(794);
  const seen = new Set();
  for (let trial = 0; trial < 4000; trial++) {
    const { rows, cols, k } = randomSize(rand);
    // Half the boards alternate X and O (so the counts are mostly right), half are noise.
    const board = new Array(rows * cols).fill(0);
    if (rand(2)) {
      const stones = rand(rows * cols + 1);
      const order = [...board.keys()].sort(() => rand(3) - 1);
      order.slice(0, stones).forEach((cell, i) => { board[cell] = i % 2 ? 2 : 1; });
    } else {
      for (let i = 0; i < board.length; i++) board[i] = rand(3);
    }
    const text = Array.from({ length: rows }, (_, r) => board.slice(r * cols, (r + 1) * cols)
      .map((v) => ' XO'[v]).join(''));
    const want = refVerdict(board, rows, cols, k);
    const v = validate(text, { k });
    assert.equal(v.name, want, JSON.stringify({ text, k }));
    assert.equal(v.valid, want === 'VALID');
    // The string form; a trailing '/' keeps a one-row board from being read as unsplit.
    assert.equal(validate(`${text.join('/').replace(/ /g, '.')}/`, { k }).name, want);
    if (rows === cols && k === rows) assert.equal(validate(text).name, want);
    seen.add(want);
  }
  assert.equal(seen.size, 8, `every verdict was exercised: ${[...seen]}`);
});

// Game value for the side to move, in bestMove's convention: +N win with the game ending N
// plies from now (this move counts), -N loss in N, 0 draw. Memoized negamax.
function solver(rows, cols, k) {
  const memo = new Map();
  const key = (v) => (v > 0 ? 1000 - v : v < 0 ? -1000 - v : 0); // bigger is better
  function moveValue(board, player, cell, placed) {
    board[cell] = player;
    let v;
    if (lineThrough(board, rows, cols, k, Math.floor(cell / cols), cell % cols, player)) v = 1;
    else if (placed + 1 === board.length) v = 0;
    else {
      const c = value(board, 3 - player, placed + 1);
      v = c > 0 ? -(c + 1) : c < 0 ? 1 - c : 0;
    }
    board[cell] = 0;
    return v;
  }
  function value(board, player, placed) {
    const id = board.join('') + player;
    if (!memo.has(id)) {
      let best = null;
      for (let cell = 0; cell < board.length; cell++) {
        if (board[cell]) continue;
        const v = moveValue(board, player, cell, placed);
        if (best === null || key(v) > key(best)) best = v;
      }
      memo.set(id, best);
    }
    return memo.get(id);
  }
  return { value, moveValue };
}

test('bestMove and optimalMoves agree with an independent solver (score convention)', () => {
  const rand = rng(348);
  const sizes = [[3, 3, 3], [3, 3, 2], [2, 4, 3], [3, 4, 3], [4, 3, 3]];
  const scores = new Set();
  let checked = 0;
  for (const [rows, cols, k] of sizes) {
    const s = solver(rows, cols, k);
    for (let trial = 0; trial < 40; trial++) {
      const g = new Game({ rows, cols, k });
      if (rand(4) === 0) g.move(rand(rows), rand(cols), 2); // player 2 opens now and then
      for (let n = rand(rows * cols - 1); n > 0 && g.result === 'Pending'; n--) {
        const legal = g.legalMoves;
        g.play(...legal[rand(legal.length)]);
      }
      if (g.result !== 'Pending') continue;
      const board = [...g.cells];
      const placed = g.moveCount;
      const want = s.value(board, g.toMove, placed);
      const best = g.bestMove();
      const where = `${g.toText()}`;
      assert.equal(best.score, want, where);
      assert.equal(s.moveValue(board, g.toMove, best.row * cols + best.col, placed), want, where);
      const keeps = (v) => (want > 0 ? v > 0 : want === 0 ? v === 0 : true);
      const optimal = g.legalMoves.filter(([r, c]) => keeps(s.moveValue(board, g.toMove, r * cols + c, placed)));
      assert.deepEqual(g.optimalMoves(), optimal, where);
      scores.add(Math.sign(want));
      checked++;
    }
  }
  assert.ok(checked >= 100, `only ${checked} positions checked`);
  assert.deepEqual([...scores].sort(), [-1, 0, 1], 'wins, draws and losses were all checked');
});
