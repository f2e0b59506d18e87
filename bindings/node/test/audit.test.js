'use strict';
// Independent audit of the Node binding, written from docs/rules.md, docs/c-api.md, include/tictactoe.h
// and this binding's README.md / index.d.ts only: every expectation below comes from a small
// reference written here (a replaying judge, the validity rule, a brute-force reachability search, a
// game model, a plain minimax), never from the binding or the library themselves.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const ttt = require('..');

const {
  Game, judge, findWinner, validate, version, Verdict, Status, Level,
  TicTacToeError, IllegalMoveError, HistoryError, ParseError, InvalidArgumentError, GameClosedError,
} = ttt;

// ---------------------------------------------------------------------------------------------
// The header, read as text: the numbers and names of statuses, verdicts and levels.

const HEADER = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'include', 'tictactoe.h'), 'utf8');

function headerEnum(name) {
  const m = HEADER.match(new RegExp(`enum ${name}\\b[^{]*\\{([\\s\\S]*?)\\};`));
  assert.ok(m, `enum ${name} in the header`);
  const out = {};
  for (const [, n, v] of m[1].matchAll(/TTT_([A-Z0-9_]+)\s*=\s*(\d+)/g)) out[n] = Number(v);
  return out;
}
const H_STATUS = headerEnum('TttStatus');
const H_VERDICT = headerEnum('TttVerdict');
const H_LEVEL = {};
for (const [, n, v] of HEADER.matchAll(/#define TTT_LEVEL_([A-Z]+) (\d+)/g)) H_LEVEL[n] = Number(v);
const H_VERSION = HEADER.match(/#define TTT_VERSION_STRING "([^"]+)"/)[1];
const H_MAX_CELLS = Number(HEADER.match(/#define TTT_MAX_CELLS (\d+)/)[1]);
const VERDICT_NAME = Object.fromEntries(Object.entries(H_VERDICT).map(([n, v]) => [v, n]));

// The error class README.md's Errors section promises for each status.
const CLASS_OF = {
  OUT_OF_BOUNDS: IllegalMoveError, CELL_OCCUPIED: IllegalMoveError, WRONG_TURN: IllegalMoveError,
  GAME_OVER: IllegalMoveError, NOTHING_TO_UNDO: HistoryError, NOTHING_TO_REDO: HistoryError,
  PARSE_ERROR: ParseError, UNREACHABLE_BOARD: ParseError, INVALID_ARGUMENT: InvalidArgumentError,
  TOO_LARGE: InvalidArgumentError,
};
const SUBCLASSES = [IllegalMoveError, HistoryError, ParseError, InvalidArgumentError, GameClosedError];

function checkTttError(e, code) {
  assert.ok(e instanceof TicTacToeError, `expected a TicTacToeError ${code}, got ${e && e.name}: ${e && e.message}`);
  assert.ok(e instanceof Error);
  assert.equal(e.code, code, `code (message: ${e.message})`);
  assert.equal(e.status, H_STATUS[code], `status number of ${code}`);
  const cls = CLASS_OF[code];
  if (cls) assert.ok(e instanceof cls, `${code} should be a ${cls.name}, is a ${e.constructor.name}`);
  else for (const c of SUBCLASSES) assert.ok(!(e instanceof c), `${code} should not be a ${c.name}`);
  assert.equal(typeof e.message, 'string');
  assert.ok(e.message.length > 0);
}
function throwsTtt(fn, code, extra) {
  assert.throws(fn, (e) => { checkTttError(e, code); if (extra) extra(e); return true; });
}
function throwsJs(fn, Cls, what) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Cls, `${what}: expected ${Cls.name}, got ${e && e.constructor && e.constructor.name}: ${e && e.message}`);
    assert.ok(!(e instanceof TicTacToeError), `${what}: argument errors are not TicTacToeErrors`);
    return true;
  });
}
function attempt(fn) {
  try { return { ok: true, value: fn() }; } catch (e) { return { ok: false, error: e }; }
}

// ---------------------------------------------------------------------------------------------
// Small references.

function rng(seed) { // mulberry32
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  return next;
}

const DIRS = [[0, 1], [1, 0], [1, 1], [1, -1]]; // → ↓ ↘ ↙, the header's order

// The run through (r, c) in the first direction where it is at least k long, from the end the
// arrow starts at to the end it points to; null when there is none.
function lineThrough(board, rows, cols, k, r, c) {
  const p = board[r * cols + c];
  if (!p) return null;
  const on = (rr, cc) => rr >= 0 && rr < rows && cc >= 0 && cc < cols && board[rr * cols + cc] === p;
  for (const [dr, dc] of DIRS) {
    let r0 = r; let c0 = c;
    while (on(r0 - dr, c0 - dc)) { r0 -= dr; c0 -= dc; }
    const cells = [];
    for (let rr = r0, cc = c0; on(rr, cc); rr += dr, cc += dc) cells.push([rr, cc]);
    if (cells.length >= k) return cells;
  }
  return null;
}

// Every k-window that player p fully holds, as arrays of cell indices.
function linesOf(board, rows, cols, k, p) {
  const out = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      for (const [dr, dc] of DIRS) {
        const er = r + dr * (k - 1); const ec = c + dc * (k - 1);
        if (er < 0 || er >= rows || ec < 0 || ec >= cols) continue;
        const cells = [];
        for (let i = 0; i < k; i++) cells.push((r + dr * i) * cols + (c + dc * i));
        if (cells.every((i) => board[i] === p)) out.push(cells);
      }
    }
  }
  return out;
}

// the validity rule, with the header's verdict numbers in its listed order.
function refVerdict(board, rows, cols, k) {
  let x = 0; let o = 0;
  for (const v of board) { if (v === 1) x++; else if (v === 2) o++; }
  if (o > x) return 1;
  if (x > o + 1) return 2;
  const xl = linesOf(board, rows, cols, k, 1); const ol = linesOf(board, rows, cols, k, 2);
  if (xl.length && ol.length) return 3;
  if (xl.length && x !== o + 1) return 4;
  if (ol.length && x !== o) return 5;
  const shared = (ls) => ls[0].some((cell) => ls.every((l) => l.includes(cell)));
  if (xl.length && !shared(xl)) return 6;
  if (ol.length && !shared(ol)) return 7;
  return 0;
}

// Brute force: every board (and whose turn it is by alternation) met in some legal game.
// Keys are board strings of '.XO' followed by ':X' or ':O'.
function reachable(rows, cols, k, starters = [1]) {
  const n = rows * cols; const seen = new Set(); const board = new Uint8Array(n);
  const key = (turn) => Array.from(board, (v) => '.XO'[v]).join('') + ':' + 'XO'[turn - 1];
  const walk = (turn, filled) => {
    const kk = key(turn);
    if (seen.has(kk)) return;
    seen.add(kk);
    for (let i = 0; i < n; i++) {
      if (board[i]) continue;
      board[i] = turn;
      const done = lineThrough(board, rows, cols, k, Math.floor(i / cols), i % cols) || filled + 1 === n;
      if (done) seen.add(key(3 - turn)); else walk(3 - turn, filled + 1);
      board[i] = 0;
    }
  };
  for (const s of starters) walk(s, 0);
  return seen;
}

function refJudge(moves, rows, cols, k) {
  const b = new Uint8Array(rows * cols); let result = 'Pending';
  for (let i = 0; i < moves.length; i++) {
    const [r, c] = moves[i];
    if (r < 0 || c < 0 || r >= rows || c >= cols) return { error: 'OUT_OF_BOUNDS', index: i }; // README: any integer is a cell
    if (result !== 'Pending') return { error: 'GAME_OVER', index: i };
    if (b[r * cols + c]) return { error: 'CELL_OCCUPIED', index: i };
    const p = i % 2 === 0 ? 1 : 2;
    b[r * cols + c] = p;
    if (lineThrough(b, rows, cols, k, r, c)) result = p === 1 ? 'A' : 'B';
    else if (i + 1 === rows * cols) result = 'Draw';
  }
  return { result };
}

// Plain minimax with the the C API's score convention, for the side `turn` on `board`.
const rank = (s) => (s > 0 ? 1e6 - s : s === 0 ? 0 : -1e6 - s);
function childScore(board, rows, cols, k, turn, i, memo) {
  board[i] = turn;
  let s;
  if (lineThrough(board, rows, cols, k, Math.floor(i / cols), i % cols)) s = 1;
  else if (board.every((v) => v)) s = 0;
  else {
    const t = solve(board, rows, cols, k, 3 - turn, memo);
    s = t > 0 ? -(t + 1) : t < 0 ? -t + 1 : 0;
  }
  board[i] = 0;
  return s;
}
function solve(board, rows, cols, k, turn, memo) {
  const key = `${rows},${cols},${k}:${board.join('')}${turn}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  let best = null;
  for (let i = 0; i < board.length; i++) {
    if (board[i]) continue;
    const s = childScore(board, rows, cols, k, turn, i, memo);
    if (best === null || rank(s) > rank(best)) best = s;
  }
  memo.set(key, best);
  return best;
}

const boardText = (board, rows, cols, empty = '.') => {
  const out = [];
  for (let r = 0; r < rows; r++) {
    let s = '';
    for (let c = 0; c < cols; c++) s += [empty, 'X', 'O'][board[r * cols + c]];
    out.push(s);
  }
  return out;
};

// ---------------------------------------------------------------------------------------------
// The game model (the rules, header on ttt_game_move/play/undo/redo/reset/clone/to_text/from_text).

class Model {
  constructor(rows, cols, k) {
    Object.assign(this, { rows, cols, k });
    this.board = new Uint8Array(rows * cols);
    this.history = []; this.redoStack = []; this.first = 1; this.stones = 0;
    this.start = 1; // who opens the empty board the game began with: 1, or a text's player
    this.result = 'Pending'; this.line = [];
  }
  get over() { return this.result !== 'Pending'; }
  get alt() { return this.stones % 2 === 0 ? this.first : 3 - this.first; }
  get toMove() { return this.over ? 0 : this.alt; }
  get winner() { return this.result === 'A' ? 1 : this.result === 'B' ? 2 : 0; }
  place(r, c, p) {
    this.board[r * this.cols + c] = p; this.stones++; this.history.push([r, c, p]);
    const l = lineThrough(this.board, this.rows, this.cols, this.k, r, c);
    if (l) { this.result = p === 1 ? 'A' : 'B'; this.line = l; } else if (this.stones === this.rows * this.cols) this.result = 'Draw';
  }
  oob(r, c) { return r >= this.rows || c >= this.cols; }
  move(r, c, p) {
    if (p !== 1 && p !== 2) return { error: 'INVALID_ARGUMENT' };
    if (this.oob(r, c)) return { error: 'OUT_OF_BOUNDS' };
    if (this.over) return { error: 'GAME_OVER' };
    if (this.stones > 0 && p !== this.alt) return { error: 'WRONG_TURN' };
    if (this.board[r * this.cols + c]) return { error: 'CELL_OCCUPIED' };
    if (this.stones === 0) this.first = p;
    this.place(r, c, p); this.redoStack = [];
    return { value: this.winner };
  }
  play(r, c) {
    if (this.oob(r, c)) return { error: 'OUT_OF_BOUNDS' };
    if (this.over) return { error: 'GAME_OVER' };
    if (this.board[r * this.cols + c]) return { error: 'CELL_OCCUPIED' };
    this.place(r, c, this.alt); this.redoStack = [];
    return { value: this.result };
  }
  undo() {
    if (!this.history.length) return { error: 'NOTHING_TO_UNDO' };
    const m = this.history.pop();
    this.board[m[0] * this.cols + m[1]] = 0; this.stones--;
    this.result = 'Pending'; this.line = []; this.redoStack.push(m);
    if (this.stones === 0) this.first = this.start; // undo is the exact inverse of a move
    return { value: undefined };
  }
  redo() {
    if (!this.redoStack.length) return { error: 'NOTHING_TO_REDO' };
    const m = this.redoStack.pop();
    if (this.stones === 0) this.first = m[2];
    this.place(m[0], m[1], m[2]);
    return { value: undefined };
  }
  reset() {
    this.board.fill(0); this.history = []; this.redoStack = []; this.first = 1; this.start = 1; this.stones = 0;
    this.result = 'Pending'; this.line = [];
    return { value: undefined };
  }
  clone() {
    const m = new Model(this.rows, this.cols, this.k);
    m.board = this.board.slice(); m.history = this.history.map((x) => x.slice());
    m.redoStack = this.redoStack.map((x) => x.slice());
    Object.assign(m, { first: this.first, start: this.start, stones: this.stones, result: this.result, line: this.line && this.line.map((x) => x.slice()) });
    return m;
  }
  text() {
    return `${this.rows},${this.cols},${this.k}:${boardText(this.board, this.rows, this.cols).join('/')}:${'XO'[this.alt - 1]}`;
  }
  // What Game.fromText(this.text()) must give: same board and turn, no history; the winning line
  // is checked loosely (null) since the winning move is not known any more.
  loaded() {
    const m = new Model(this.rows, this.cols, this.k);
    m.board = this.board.slice(); m.stones = this.stones;
    let x = 0; let o = 0;
    for (const v of m.board) { if (v === 1) x++; else if (v === 2) o++; }
    m.first = m.start = x > o ? 1 : o > x ? 2 : this.alt;
    m.result = this.result;
    m.line = this.result === 'A' || this.result === 'B' ? null : [];
    return m;
  }
}

const sameLine = (got, want) => {
  const rev = want.slice().reverse();
  return JSON.stringify(got) === JSON.stringify(want) || JSON.stringify(got) === JSON.stringify(rev);
};

function checkLooseLine(line, m) {
  const p = m.winner;
  assert.ok(line.length >= m.k, `winning line of a loaded won game: ${JSON.stringify(line)}`);
  for (const [r, c] of line) assert.equal(m.board[r * m.cols + c], p);
  const dr = line[1] ? line[1][0] - line[0][0] : 0; const dc = line[1] ? line[1][1] - line[0][1] : 1;
  for (let i = 1; i < line.length; i++) {
    assert.deepEqual([line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]], [dr, dc], 'a straight unbroken run');
  }
  const on = (r, c) => r >= 0 && r < m.rows && c >= 0 && c < m.cols && m.board[r * m.cols + c] === p;
  const [r0, c0] = line[0]; const [r1, c1] = line[line.length - 1];
  assert.ok(!on(r0 - dr, c0 - dc) && !on(r1 + dr, c1 + dc), 'the whole run, end to end');
}

function compare(g, m, ctx) {
  const where = () => ctx ? ctx() : '';
  assert.equal(g.rows, m.rows, where()); assert.equal(g.cols, m.cols); assert.equal(g.k, m.k);
  assert.deepEqual(Array.from(g.cells), Array.from(m.board), `cells ${where()}`);
  assert.ok(g.cells instanceof Uint8Array);
  assert.equal(g.moveCount, m.stones, `moveCount ${where()}`);
  assert.equal(g.result, m.result, `result ${where()}`);
  assert.equal(g.winner, m.winner, `winner ${where()}`);
  assert.equal(g.toMove, m.toMove, `toMove ${where()}`);
  assert.equal(g.firstPlayer, m.first, `firstPlayer ${where()}`);
  assert.deepEqual(g.moves, m.history.map(([r, c]) => [r, c]), `moves ${where()}`);
  const legal = [];
  if (!m.over) for (let i = 0; i < m.board.length; i++) if (!m.board[i]) legal.push([Math.floor(i / m.cols), i % m.cols]);
  assert.deepEqual(g.legalMoves, legal, `legalMoves ${where()}`);
  const line = g.winningLine;
  if (m.line === null) checkLooseLine(line, m);
  else assert.ok(sameLine(line, m.line), `winningLine ${JSON.stringify(line)} want ${JSON.stringify(m.line)} ${where()}`);
  assert.equal(g.toText(), m.text(), `toText ${where()}`);
  const r = Math.floor(m.stones * 7919) % m.rows; const c = Math.floor(m.stones * 104729) % m.cols;
  assert.equal(g.cell(r, c), m.board[r * m.cols + c], `cell(${r},${c}) ${where()}`);
}

// Runs one operation on the game and the model; returns the (maybe new) [game, model].
function step(g, m, op, args) {
  const want = m[op](...args);
  const got = attempt(() => g[op](...args));
  if (want.error) {
    assert.ok(!got.ok, `${op}(${args}) should fail with ${want.error}, returned ${JSON.stringify(got.value)}`);
    checkTttError(got.error, want.error);
  } else {
    if (!got.ok) throw got.error;
    assert.deepEqual(got.value, want.value, `${op}(${args})`);
  }
}

function randomOp(rand, m) {
  const coord = (n) => (rand() < 0.08 ? n + rand.int(3) : rand.int(n));
  const emptyCell = () => {
    const e = [];
    for (let i = 0; i < m.board.length; i++) if (!m.board[i]) e.push(i);
    if (!e.length || rand() < 0.25) return [coord(m.rows), coord(m.cols)];
    const i = rand.pick(e);
    return [Math.floor(i / m.cols), i % m.cols];
  };
  const x = rand() * 100;
  if (x < 28) {
    const [r, c] = emptyCell();
    const p = rand() < 0.06 ? rand.pick([0, 3, 7]) : rand() < 0.75 ? (m.alt) : 1 + rand.int(2);
    return ['move', [r, c, p]];
  }
  if (x < 56) return ['play', emptyCell()];
  if (x < 72) return ['undo', []];
  if (x < 84) return ['redo', []];
  if (x < 87) return ['reset', []];
  if (x < 93) return ['clone', []];
  return ['text', []];
}

// ---------------------------------------------------------------------------------------------
// Exports and tables.

test('exports: what index.d.ts declares exists at runtime', () => {
  for (const f of [judge, findWinner, validate, version]) assert.equal(typeof f, 'function');
  for (const C of [Game, Verdict, TicTacToeError, ...SUBCLASSES]) assert.equal(typeof C, 'function');
  for (const C of SUBCLASSES) assert.ok(C.prototype instanceof TicTacToeError, C.name);
  assert.ok(TicTacToeError.prototype instanceof Error);
  assert.equal(typeof Game.ticTacToe, 'function');
  assert.equal(typeof Game.fromText, 'function');
  const members = ['move', 'play', 'undo', 'redo', 'reset', 'clone', 'cell', 'bestMove', 'optimalMoves',
    'search', 'aiMove', 'toText', 'toJSON', 'toString', 'close', Symbol.dispose];
  for (const name of members) assert.equal(typeof Game.prototype[name], 'function', String(name));
});

test('Status and Level match the header; version() is the header version', () => {
  assert.deepEqual({ ...Status }, H_STATUS);
  assert.deepEqual({ ...Level }, H_LEVEL);
  assert.equal(Object.keys(H_STATUS).length, 16);
  assert.equal(Object.keys(H_LEVEL).length, 5);
  assert.equal(version(), H_VERSION);
  assert.match(version(), /^\d+\.\d+\.\d+$/);
});

// ---------------------------------------------------------------------------------------------
// Judge.

test('findWinner: the four LeetCode 1275 examples', () => {
  assert.equal(findWinner([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]]), 'A');
  assert.equal(findWinner([[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]]), 'B');
  assert.equal(findWinner([[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]]), 'Draw');
  assert.equal(findWinner([[0, 0], [1, 1]]), 'Pending');
  assert.equal(findWinner([]), 'Pending');
  assert.equal(judge([[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]]), 'A');
});

test('judge: random move lists on several shapes against a replaying reference, with error index', () => {
  const rand = rng(1275);
  const shapes = [[3, 3, 3], [4, 4, 3], [3, 5, 3], [1, 6, 2], [5, 5, 4], [6, 7, 4], [2, 2, 1], [1, 1, 1], [4, 4, 4], [7, 3, 3]];
  let n = 0; const seen = new Set();
  for (const [rows, cols, k] of shapes) {
    for (let t = 0; t < 300; t++) {
      const len = rand.int(rows * cols + 3);
      const moves = [];
      const errorRate = rand() < 0.5 ? 0 : 0.05;
      const free = [];
      for (let i = 0; i < rows * cols; i++) free.push(i);
      for (let i = 0; i < len; i++) {
        if (rand() < errorRate) {
          const kind = rand.int(3);
          if (kind === 0) moves.push([rows + rand.int(2), rand.int(cols)]);
          else if (kind === 1) moves.push([rand.int(rows), cols + rand.pick([0, 1, 4294967295 - cols])]);
          else moves.push([rand.int(rows), rand.int(cols)]);
        } else if (free.length) {
          const j = rand.int(free.length); const cell = free.splice(j, 1)[0];
          moves.push([Math.floor(cell / cols), cell % cols]);
        }
      }
      const want = refJudge(moves, rows, cols, k);
      const form = t % 3;
      const call = () => (form === 0 ? judge(moves, { rows, cols, k }) : form === 1 ? judge(moves, rows, cols, k) : judge(moves.map((x) => x.slice()), { k, cols, rows }));
      if (want.error) {
        throwsTtt(call, want.error, (e) => assert.equal(e.index, want.index, `index for ${JSON.stringify(moves)} on ${rows}x${cols}`));
        seen.add(want.error);
      } else {
        assert.equal(call(), want.result, `${JSON.stringify(moves)} on ${rows},${cols},${k}`);
        seen.add(want.result);
      }
      if (rows === 3 && cols === 3 && k === 3) {
        if (want.error) throwsTtt(() => findWinner(moves), want.error, (e) => assert.equal(e.index, want.index));
        else assert.equal(findWinner(moves), want.result);
      }
      n++;
    }
  }
  for (const s of ['Pending', 'A', 'B', 'Draw', 'OUT_OF_BOUNDS', 'CELL_OCCUPIED', 'GAME_OVER']) assert.ok(seen.has(s), `covered ${s}`);
  assert.equal(n, 3000);
});

test('judge: check order per move is bounds, then game over, then the cell (header)', () => {
  const won = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]];
  throwsTtt(() => judge([...won, [3, 0]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 5));
  throwsTtt(() => judge([...won, [0, 0]]), 'GAME_OVER', (e) => assert.equal(e.index, 5));
  throwsTtt(() => judge([...won, [2, 2]]), 'GAME_OVER', (e) => assert.equal(e.index, 5));
  throwsTtt(() => judge([[0, 0], [0, 0], [9, 9]]), 'CELL_OCCUPIED', (e) => assert.equal(e.index, 1));
  throwsTtt(() => judge([[0, 0], [4294967295, 0]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 1));
  throwsTtt(() => judge([[0, 4294967295]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 0));
});

test('judge/findWinner: an integer coordinate outside [0, 4294967295] is a cell off the board (README, Errors)', () => {
  const won = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]];
  const lists = [
    [[0, 0], [0, 0], [-1, 0]], [[0, 0], [0, 0], [2 ** 32, 0]], [[-1, 0]], [[0, -1]], [[2 ** 32, 0]],
    [[0, 2 ** 32 + 1]], [[1, 1], [2 ** 53, 2 ** 53]], [[1, 1], [-(2 ** 31), 0], [0, 0]],
    [...won, [-1, 0]], [...won, [0, 2 ** 32]], [...won, [-1, -1], [0, 0]], [[0, 0], [1, 1], [-0, 0]],
  ];
  for (const moves of lists) {
    const want = refJudge(moves, 3, 3, 3);
    const offBoard = want.error === 'OUT_OF_BOUNDS' ? moves[want.index] : null;
    const check = (e) => {
      assert.equal(e.index, want.index, JSON.stringify(moves));
      // the message shows the numbers as given, not as passed to C
      if (offBoard) assert.match(e.message, new RegExp(`row ${offBoard[0]}, col ${offBoard[1]} `));
    };
    for (const f of [judge, findWinner]) throwsTtt(() => f(moves), want.error, check);
  }
  // not integers, so not cells: RangeError before C even after an occupied cell
  for (const v of [1.5, -0.5, NaN, Infinity, -Infinity]) {
    throwsJs(() => judge([[0, 0], [0, 0], [v, 0]]), RangeError, `judge(... [${v}, 0])`);
    throwsJs(() => findWinner([[0, 0], [0, 0], [0, v]]), RangeError, `findWinner(... [0, ${v}])`);
  }
});

test('judge: sizes and defaults', () => {
  const diag = [[0, 0], [0, 1], [1, 1]]; // A makes a 2-run on the diagonal
  assert.equal(judge(diag), 'Pending');
  assert.equal(judge(diag, { k: 2 }), 'A');
  assert.equal(judge(diag, 3, 3, 2), 'A');
  assert.equal(judge(diag, {}), 'Pending');
  assert.equal(judge(diag, undefined), 'Pending');
  assert.equal(judge([[3, 0]], 4), 'Pending'); // rows 4, cols 3
  throwsTtt(() => judge([[0, 3]], 4), 'OUT_OF_BOUNDS');
  assert.equal(judge([[0, 3]], { cols: 4 }), 'Pending');
  for (const [r, c, k] of [[0, 3, 3], [3, 0, 3], [3, 3, 0], [3, 3, 4], [1, 5, 6]]) {
    throwsTtt(() => judge([], r, c, k), 'INVALID_ARGUMENT');
    throwsTtt(() => judge([], { rows: r, cols: c, k }), 'INVALID_ARGUMENT');
  }
  throwsTtt(() => judge([], 65537, 65537, 3), 'TOO_LARGE');
  throwsTtt(() => judge([], 65536, 65536, 3), 'TOO_LARGE');
  throwsTtt(() => judge([[0, 0]], 4294967295, 4294967295, 5), 'TOO_LARGE');
  assert.equal(judge([[0, 0]], 1, H_MAX_CELLS, 2), 'Pending');
  throwsTtt(() => judge([[0, 0]], 1, H_MAX_CELLS + 1, 2), 'TOO_LARGE');
  // a bad size is not an IllegalMoveError and carries no index
  assert.throws(() => judge([[0, 0], [0, 0]], 3, 3, 0), (e) => e instanceof InvalidArgumentError && e.index === undefined);
});

test('judge: long games on a big board (the index of a late move)', () => {
  const rows = 40; const cols = 40; const k = 5;
  const moves = [];
  // fill rows in a pattern that never makes 5: columns in blocks of 2 alternate owner by row pair
  for (let r = 0; r < rows && moves.length < 600; r++) for (let c = 0; c < cols && moves.length < 600; c++) moves.push([r, c]);
  const want = refJudge(moves, rows, cols, k);
  if (want.error) throwsTtt(() => judge(moves, rows, cols, k), want.error, (e) => assert.equal(e.index, want.index));
  else assert.equal(judge(moves, rows, cols, k), want.result);
  const bad = moves.slice(0, 300).concat([[39, 39], [39, 39]]);
  const w2 = refJudge(bad, rows, 100, 30);
  assert.equal(w2.error, 'CELL_OCCUPIED');
  throwsTtt(() => judge(bad, rows, 100, 30), 'CELL_OCCUPIED', (e) => assert.equal(e.index, 301));
});

// ---------------------------------------------------------------------------------------------
// Validate.

test('validate: all 19,683 3x3 boards against a brute-force search of all games (5,478 reachable)', () => {
  const reach = reachable(3, 3, 3);
  const boards = new Set([...reach].map((s) => s.slice(0, 9)));
  assert.equal(boards.size, 5478);
  const b = new Uint8Array(9); let valid = 0;
  for (let n = 0; n < 19683; n++) {
    for (let i = 0, v = n; i < 9; i++, v = Math.floor(v / 3)) b[i] = v % 3;
    const code = refVerdict(b, 3, 3, 3);
    const key = Array.from(b, (v) => '.XO'[v]).join('');
    assert.equal(code === 0, boards.has(key), `reference self-check on ${key}`);
    const rowsArr = boardText(b, 3, 3, n % 2 ? ' ' : '.');
    const input = n % 4 === 0 ? rowsArr : n % 4 === 1 ? rowsArr.join('/') : n % 4 === 2 ? rowsArr.join('\n') : rowsArr.join('');
    const v = n % 5 === 0 ? validate(input, 3) : n % 5 === 1 ? validate(input, { k: 3 }) : validate(input);
    assert.ok(v instanceof Verdict);
    assert.equal(v.code, code, `verdict of ${JSON.stringify(input)}`);
    assert.equal(v.valid, code === 0);
    if (v.valid) valid++;
  }
  assert.equal(valid, 5478);
});

test('validate: other shapes exhaustively against brute force, verdict numbers in the validity rule order', () => {
  const shapes = [[3, 3, 2], [2, 4, 2], [4, 2, 3], [1, 7, 3], [2, 2, 1], [3, 3, 1], [2, 3, 2], [1, 8, 2]];
  let calls = 0;
  for (const [rows, cols, k] of shapes) {
    const n = rows * cols;
    const boards = new Set([...reachable(rows, cols, k)].map((s) => s.slice(0, n)));
    const b = new Uint8Array(n);
    for (let x = 0; x < 3 ** n; x++) {
      for (let i = 0, v = x; i < n; i++, v = Math.floor(v / 3)) b[i] = v % 3;
      const code = refVerdict(b, rows, cols, k);
      const key = Array.from(b, (v) => '.XO'[v]).join('');
      assert.equal(code === 0, boards.has(key), `reference self-check ${rows},${cols},${k} ${key}`);
      const rowsArr = boardText(b, rows, cols);
      const tail = rows === 1 ? '/' : '';
      const input = x % 3 === 0 ? rowsArr : x % 3 === 1 ? rowsArr.join('/') + tail : rowsArr.join('\n') + tail;
      const v = validate(input, { k });
      assert.equal(v.code, code, `${rows},${cols},${k} ${JSON.stringify(input)}`);
      calls++;
    }
  }
  assert.ok(calls > 30000);
});

test('validate: Verdict object (name, reason, String, ==)', () => {
  const reasons = new Map();
  const samples = {
    0: ['XO.', '...', '...'], 1: ['O..', '...', '...'], 2: ['XX.', '...', '...'], 3: ['XXX', 'OOO', '...'],
    4: ['XXX', 'OO.', 'O..'], 5: ['OOO', 'XX.', 'X.X'], 6: ['XXXOO', 'OO.O.', 'XXX..'], 7: ['OOO.X', 'XX.XX', 'OOOX.'],
  };
  for (const [code, board] of Object.entries(samples)) {
    const b = Uint8Array.from(board.join(''), (ch) => '.XO'.indexOf(ch));
    assert.equal(refVerdict(b, board.length, board[0].length, 3), Number(code), `sample ${code}`);
    const v = validate(board, 3);
    assert.equal(v.code, Number(code));
    const hname = VERDICT_NAME[code];
    assert.ok(v.name === hname || v.name === 'TTT_' + hname, `name ${v.name} for ${hname}`);
    if (v.code === 0) {
      assert.equal(v.valid, true); assert.equal(v.reason, null); assert.equal(String(v), 'valid');
      assert.ok(v == true); // eslint-disable-line eqeqeq
    } else {
      assert.equal(v.valid, false); assert.equal(typeof v.reason, 'string'); assert.ok(v.reason.length > 0);
      assert.equal(String(v), v.reason);
      assert.ok(v == false); // eslint-disable-line eqeqeq
      reasons.set(v.code, v.reason);
    }
    assert.equal(v.valueOf(), v.valid);
  }
  assert.equal(reasons.size, 7);
  assert.equal(new Set(reasons.values()).size, reasons.size, 'every reason is distinct');
  // README's example
  assert.match(validate(['XOX', ' X ', '   ']).reason, /^X has more than one stone more than O/);
});

test('validate: input forms, separators, k', () => {
  assert.equal(validate('XOX/OXO/OX.').code, 0);
  assert.equal(validate('XOX\nOXO\nOX.').code, 0);
  assert.equal(validate('XOXOXOOX.').code, 0); // unsplit, square
  assert.equal(validate('XOX/OXO/OX./').code, 0); // one trailing separator
  assert.equal(validate('XOX\nOXO\nOX.\n').code, 0);
  assert.equal(validate(['XOX', 'OXO', 'OX.']).code, 0);
  assert.equal(validate('X').code, 0); // 1x1, k = 1
  assert.equal(validate('O').code, 1);
  throwsTtt(() => validate('XO../....'), 'INVALID_ARGUMENT'); // non-square, k left out
  throwsTtt(() => validate(['XO..', '....']), 'INVALID_ARGUMENT');
  assert.equal(validate('XO../....', 2).code, 0);
  assert.equal(validate(['XOX'], { k: 3 }).code, 0); // a one-row board as a list
  assert.equal(validate('XOX/', 3).code, 0); // or with a trailing '/'
  throwsTtt(() => validate('XOXOXO'), 'PARSE_ERROR'); // unsplit, not square
  throwsTtt(() => validate('XOXOXO', 3), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX/OX/OXO'), 'PARSE_ERROR'); // unequal rows
  throwsTtt(() => validate(['XOX', 'OX', 'OXO']), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX/OxO/OXO'), 'PARSE_ERROR'); // bad byte
  throwsTtt(() => validate('XOX/O-O/OXO'), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX/OÖO/OXO'), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX/O\0O/OXO'), 'PARSE_ERROR');
  // a NUL must not silently end a row (C reads rows up to their NUL): equal cut rows would parse
  throwsTtt(() => validate(['XO\0', '..\0', '..\0'], 2), 'PARSE_ERROR');
  throwsTtt(() => validate(['X\0.', 'O\0.', '.\0.'], 1), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX//OXO/OXO'), 'PARSE_ERROR'); // an empty row
  // Separators at either end make no row (a template literal board starts with a newline).
  assert.equal(validate('XOX/OXO/OX.//').code, 0);
  assert.equal(validate(`
XOX
OXO
OX.
`).code, 0);
  assert.equal(validate('/OOO\nXX.\nXX.\n').code, 5); // O won, then X moved
  throwsTtt(() => validate('\nXOX\n\nOXO\nOX.'), 'PARSE_ERROR'); // an empty row inside
  throwsTtt(() => validate('XOX', 3), 'PARSE_ERROR');
  throwsTtt(() => validate('XOX/OXO/OXO', 4), 'INVALID_ARGUMENT'); // k > max(rows, cols)
  throwsTtt(() => validate('XOX/OXO/OXO', { k: 4 }), 'INVALID_ARGUMENT');
  throwsTtt(() => validate('XO./.../...', 0), 'INVALID_ARGUMENT'); // k is at least 1 (the rules)
  throwsTtt(() => validate('XO./.../...', { k: 0 }), 'INVALID_ARGUMENT');
  assert.equal(validate('XO./.../...', { k: undefined }).code, 0);
  throwsTtt(() => validate(''), 'INVALID_ARGUMENT'); // no rows (the rules)
  throwsTtt(() => validate([]), 'INVALID_ARGUMENT');
  assert.equal(validate('XO./...\n...').code, 0); // either separator
  assert.equal(validate('XX./.../...', 2).code, 2);
  assert.equal(validate('XX./O../...', 2).code, 0);
  assert.equal(validate('XX./OO./...', 2).code, 3);
});

// ---------------------------------------------------------------------------------------------
// The game.

test('game: constructors and their defaults', () => {
  const cases = [
    [() => new Game(), [3, 3, 3]], [() => new Game({}), [3, 3, 3]], [() => new Game(undefined), [3, 3, 3]],
    [() => new Game({ rows: 4 }), [4, 3, 3]], [() => new Game({ cols: 5, k: 2 }), [3, 5, 2]],
    [() => new Game(4), [4, 3, 3]], [() => new Game(4, 5), [4, 5, 3]], [() => new Game(4, 5, 4), [4, 5, 4]],
    [() => new Game(1, 1, 1), [1, 1, 1]], [() => new Game(3, 5, 5), [3, 5, 5]],
    [() => Game.ticTacToe(4), [4, 4, 4]], [() => Game.ticTacToe(1), [1, 1, 1]],
  ];
  for (const [make, [rows, cols, k]] of cases) {
    const g = make();
    assert.deepEqual([g.rows, g.cols, g.k], [rows, cols, k], make.toString());
    compare(g, new Model(rows, cols, k));
    g.close();
  }
  for (const [r, c, k] of [[0, 3, 3], [3, 0, 3], [3, 3, 0], [3, 3, 4], [3, 5, 6]]) {
    throwsTtt(() => new Game(r, c, k), 'INVALID_ARGUMENT');
    throwsTtt(() => new Game({ rows: r, cols: c, k }), 'INVALID_ARGUMENT');
  }
  throwsTtt(() => Game.ticTacToe(0), 'INVALID_ARGUMENT');
  throwsTtt(() => new Game(65537, 65537, 3), 'TOO_LARGE');
  throwsTtt(() => new Game(65536, 65536, 3), 'TOO_LARGE');
  throwsTtt(() => new Game(8193, 8192, 3), 'TOO_LARGE');
  throwsTtt(() => new Game(4294967295), 'TOO_LARGE');
  throwsTtt(() => new Game(4294967295, 4294967295, 4294967295), 'TOO_LARGE');
  throwsTtt(() => Game.ticTacToe(65537), 'TOO_LARGE');
  throwsTtt(() => new Game(1, H_MAX_CELLS + 1, 1), 'TOO_LARGE');
  const big = new Game(1, H_MAX_CELLS, 1); // exactly the documented limit works
  assert.equal(big.cols, H_MAX_CELLS);
  assert.equal(big.play(0, H_MAX_CELLS - 1), 'A');
  big.close();
  const g4 = new Game(4096, 4096, 5);
  g4.play(4095, 4095);
  assert.equal(g4.cell(4095, 4095), 1);
  g4.close();
});

test('game: README example', () => {
  const g = new Game({ rows: 3, cols: 3, k: 3 });
  assert.equal(g.play(1, 1), 'Pending');
  assert.equal(g.move(0, 0, 2), 0);
  assert.equal(g.result, 'Pending'); assert.equal(g.toMove, 1);
  assert.equal(g.toText(), '3,3,3:O../.X./...:X');
  throwsTtt(() => g.play(1, 1), 'CELL_OCCUPIED', (e) => assert.equal(e.index, undefined, 'index is judge\'s'));
  g.close();
});

test('game: player 2 may open with move(); undo gives back the fresh game, redo replays it; text; reset', () => {
  const g = new Game();
  assert.equal(g.move(1, 1, 2), 0);
  assert.equal(g.firstPlayer, 2); assert.equal(g.toMove, 1);
  assert.equal(g.toText(), '3,3,3:.../.O./...:X');
  throwsTtt(() => g.move(0, 0, 2), 'WRONG_TURN');
  assert.equal(g.play(0, 0), 'Pending');
  assert.equal(g.cell(0, 0), 1);
  g.undo(); g.undo();
  // The exact inverse of the two moves: the fresh game, player 1 to move.
  assert.equal(g.moveCount, 0); assert.equal(g.toMove, 1); assert.equal(g.firstPlayer, 1);
  assert.equal(g.toText(), '3,3,3:.../.../...:X');
  const t = Game.fromText('3,3,3:.../.../...:O'); // a text may still name player 2 to open
  assert.equal(t.toMove, 2); assert.equal(t.firstPlayer, 2);
  t.play(2, 2); assert.equal(t.cell(2, 2), 2);
  t.close();
  g.redo(); // replays player 2's opening stone
  assert.equal(g.cell(1, 1), 2); assert.equal(g.toMove, 1); assert.equal(g.firstPlayer, 2);
  g.undo();
  g.play(2, 2); // play opens for player 1, as on a fresh board
  assert.equal(g.cell(2, 2), 1); assert.equal(g.firstPlayer, 1);
  g.undo();
  assert.equal(g.move(0, 1, 1), 0); // move() may still open with player 1
  assert.equal(g.firstPlayer, 1); assert.equal(g.toMove, 2);
  g.undo();
  assert.equal(g.toMove, 1);
  g.move(0, 0, 2); g.play(1, 1); g.move(0, 1, 2); g.play(2, 2); assert.equal(g.move(0, 2, 2), 2);
  assert.equal(g.result, 'B'); assert.equal(g.winner, 2); assert.equal(g.toMove, 0);
  assert.deepEqual(g.winningLine, [[0, 0], [0, 1], [0, 2]]);
  assert.equal(g.toText(), '3,3,3:OOO/.X./..X:X');
  g.reset();
  assert.equal(g.firstPlayer, 1); assert.equal(g.toMove, 1); assert.equal(g.moveCount, 0);
  throwsTtt(() => g.undo(), 'NOTHING_TO_UNDO');
  throwsTtt(() => g.redo(), 'NOTHING_TO_REDO');
  g.close();
});

test('game: winning lines (longer runs, several directions, order of directions)', () => {
  // 2x7, k=3: X X . X, then X in the gap makes a run of 4, all of it reported
  const g = new Game(2, 7, 3);
  for (const [r, c] of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 3], [1, 3]]) assert.equal(g.play(r, c), 'Pending');
  assert.equal(g.play(0, 2), 'A');
  assert.ok(sameLine(g.winningLine, [[0, 0], [0, 1], [0, 2], [0, 3]]), JSON.stringify(g.winningLine));
  g.close();
  // one move completing lines in two directions: the first of → ↓ ↘ ↙ is reported
  const cases = [
    [[[0, 1], [1, 1], [0, 2], [1, 2], [1, 0], [2, 2], [2, 0], [2, 1], [0, 0]], [[0, 0], [0, 1], [0, 2]]], // → and ↓
    [[[0, 0], [0, 1], [1, 0], [2, 1], [1, 1], [1, 2], [0, 2], [2, 2], [2, 0]], [[0, 0], [1, 0], [2, 0]]], // ↓ and ↙
    [[[0, 0], [0, 1], [2, 2], [1, 0], [0, 2], [1, 2], [2, 0], [2, 1], [1, 1]], [[0, 0], [1, 1], [2, 2]]], // ↘ and ↙
  ];
  for (const [moves, line] of cases) {
    const h = new Game();
    for (const [r, c] of moves.slice(0, -1)) assert.equal(h.play(r, c), 'Pending');
    assert.equal(h.play(...moves[moves.length - 1]), 'A');
    assert.ok(sameLine(h.winningLine, line), `${JSON.stringify(h.winningLine)} want ${JSON.stringify(line)}`);
    assert.equal(judge(moves), 'A');
    h.undo();
    assert.deepEqual(h.winningLine, []);
    h.redo();
    assert.ok(sameLine(h.winningLine, line));
    h.close();
  }
});

for (const [rows, cols, k] of [[3, 3, 3], [4, 4, 4], [3, 5, 3], [1, 5, 2], [2, 2, 2], [5, 5, 3], [4, 6, 4], [1, 1, 1], [3, 4, 1]]) {
  test(`game: random operation sequences on ${rows},${cols},${k} against a model`, () => {
    const rand = rng(rows * 1000 + cols * 10 + k);
    let ops = 0;
    const counts = {};
    for (let seq = 0; seq < 30; seq++) {
      let g = new Game(rows, cols, k); let m = new Model(rows, cols, k);
      const log = [];
      const ctx = () => `seq ${seq} after ${log.slice(-12).join(' ')}`;
      for (let i = 0; i < 60; i++) {
        const [op, args] = randomOp(rand, m);
        log.push(`${op}(${args})`);
        counts[op] = (counts[op] || 0) + 1;
        if (op === 'clone') {
          const c = g.clone(); const mc = m.clone();
          compare(c, mc, ctx);
          const [op2, args2] = randomOp(rand, mc);
          if (op2 !== 'clone' && op2 !== 'text') step(c, mc, op2, args2);
          compare(c, mc, ctx);
          compare(g, m, () => `original after clone changed: ${ctx()}`);
          if (rand() < 0.5) { g.close(); g = c; m = mc; } else c.close();
        } else if (op === 'text') {
          const text = g.toText();
          assert.equal(text, m.text(), ctx());
          const g2 = Game.fromText(text); const m2 = m.loaded();
          compare(g2, m2, ctx);
          assert.equal(JSON.stringify(g), JSON.stringify(text), 'toJSON is the text');
          g.close(); g = g2; m = m2;
        } else {
          step(g, m, op, args);
        }
        compare(g, m, ctx);
        ops++;
      }
      g.close();
    }
    assert.equal(ops, 1800);
    for (const op of ['move', 'play', 'undo', 'redo', 'clone', 'text']) assert.ok(counts[op] > 10, op);
  });
}

test('game: every failing call leaves the game unchanged, redo list included', () => {
  const snapshot = (g) => {
    const c = g.clone();
    const r = attempt(() => c.redo());
    const redo = r.ok ? c.toText() + JSON.stringify(c.moves) : 'none';
    c.close();
    return JSON.stringify([g.toText(), g.moves, g.firstPlayer, g.toMove, g.result, g.winner, g.winningLine, g.legalMoves, redo]);
  };
  const states = [];
  { const g = new Game(); g.play(1, 1); g.play(0, 0); g.play(2, 2); g.undo(); states.push(g); } // redo pending
  { const g = new Game(); g.move(1, 1, 2); g.undo(); states.push(g); } // empty, O to move, redo pending
  { const g = new Game(); for (const [r, c] of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) g.play(r, c); states.push(g); } // A won
  { const g = new Game(); for (const [r, c] of [[0, 0], [0, 1], [0, 2], [1, 1], [1, 0], [1, 2], [2, 1], [2, 0], [2, 2]]) g.play(r, c); states.push(g); } // draw
  states.push(Game.fromText('3,3,3:XO./.X./...:O')); // loaded: no history
  states.push(Game.fromText('4,4,3:XXX./OO../..../....:O')); // loaded, won
  states.push(new Game(4, 4, 3));
  let failures = 0;
  for (const g of states) {
    const before = snapshot(g);
    const failing = [
      () => g.move(0, 0, 0), () => g.move(0, 0, 3), () => g.move(g.rows, 0, 1), () => g.move(0, g.cols, 2),
      () => g.play(g.rows, 0), () => g.play(0, 4294967295),
      () => g.cell(g.rows, 0), () => g.cell(-1, 0), () => g.play(-1, 0), () => g.play(0.5, 0), () => g.move(0, 0, '1'),
      () => g.move(0, 0, 2 ** 32 + 1), () => g.play(2 ** 32, 0),
    ];
    if (g.moveCount > 0 && g.toMove) failing.push(() => g.move(0, 0, 3 - g.toMove));
    if (g.result !== 'Pending') failing.push(() => g.play(0, 0), () => g.move(0, 0, 1), () => g.bestMove(), () => g.optimalMoves(), () => g.aiMove(0), () => g.search({ maxNodes: 10 }),
      () => g.bestMove({ maxNodes: 1000 }), () => g.optimalMoves({ maxMillis: 50 }));
    const occupied = [...g.cells].findIndex((v) => v);
    if (occupied >= 0) failing.push(() => g.play(Math.floor(occupied / g.cols), occupied % g.cols));
    if (!g.moves.length) failing.push(() => g.undo());
    if (snapshot(g).endsWith('"none"]')) failing.push(() => g.redo());
    for (const f of failing) {
      const r = attempt(f);
      assert.ok(!r.ok, `${f} should fail`);
      failures++;
      assert.equal(snapshot(g), before, `state changed by failing ${f}: ${r.error.message}`);
    }
    g.close();
  }
  assert.ok(failures > 100);
});

test('game: fromText of every 3x3 board with either side to move, against brute force (both openers)', () => {
  const reach = reachable(3, 3, 3, [1, 2]);
  const b = new Uint8Array(9); let accepted = 0;
  for (let n = 0; n < 19683; n++) {
    for (let i = 0, v = n; i < 9; i++, v = Math.floor(v / 3)) b[i] = v % 3;
    for (const p of ['X', 'O']) {
      const key = Array.from(b, (v) => '.XO'[v]).join('') + ':' + p;
      const text = `3,3,3:${boardText(b, 3, 3).join('/')}:${p}`;
      const r = attempt(() => Game.fromText(text));
      if (!reach.has(key)) {
        assert.ok(!r.ok, `${text} is unreachable but was accepted`);
        checkTttError(r.error, 'UNREACHABLE_BOARD');
        continue;
      }
      assert.ok(r.ok, `${text} is reachable: ${r.ok || r.error.message}`);
      const g = r.value; accepted++;
      const m = new Model(3, 3, 3);
      m.board = b.slice(); m.stones = b.filter((v) => v).length;
      const x = b.filter((v) => v === 1).length; const o = m.stones - x;
      m.first = x > o ? 1 : o > x ? 2 : (p === 'X' ? 1 : 2);
      const xl = linesOf(b, 3, 3, 3, 1).length; const ol = linesOf(b, 3, 3, 3, 2).length;
      m.result = xl ? 'A' : ol ? 'B' : m.stones === 9 ? 'Draw' : 'Pending';
      m.line = xl || ol ? null : [];
      if (n % 7 === 0 || m.result !== 'Pending') compare(g, m, () => text);
      else { assert.equal(g.toText(), text); assert.equal(g.toMove, m.toMove); }
      g.close();
    }
  }
  assert.equal(accepted, reach.size);
});

test('game: text format details (header on ttt_game_from_text)', () => {
  const ok = (t, want) => { const g = Game.fromText(t); assert.equal(g.toText(), want, t); g.close(); };
  ok('3,3,3:X.O/.X./...:O', '3,3,3:X.O/.X./...:O');
  ok('03,003,3:X.O/.X./...:O', '3,3,3:X.O/.X./...:O'); // leading zeros
  ok('3,3,3:X O/ X /   :O', '3,3,3:X.O/.X./...:O'); // ' ' for empty
  ok('3,3,3:X.O\n.X.\n...:O', '3,3,3:X.O/.X./...:O'); // '\n' separates rows
  ok('3,3,3:X.O.X....:O', '3,3,3:X.O/.X./...:O'); // separators are optional
  ok('2,5,3:XX.OO/.....:X', '2,5,3:XX.OO/.....:X');
  for (const bad of ['', '3,3,3', '3,3,3:.........', '3,3,3:.........:', '3,3,3:........:X', '3,3,3:..........:X',
    '3,3,3:.........:x', '3,3,3:.........:Z', '+3,3,3:.........:X', ' 3,3,3:.........:X', '3,3, 3:.........:X',
    '3,3:.........:X', '3,3,3,3:.........:X', '3,3,3:........Q:X', '3,3,3:.........:X\0', '3,3,3:.........:X ',
    'a,3,3:.........:X', '3;3;3:.........:X', '3,3,3:.........:XO', '-3,3,3:.........:X', '3,3,3:....\0....:X']) {
    throwsTtt(() => Game.fromText(bad), 'PARSE_ERROR');
  }
  throwsTtt(() => Game.fromText('0,3,3::X'), 'INVALID_ARGUMENT');
  throwsTtt(() => Game.fromText('3,3,4:.........:X'), 'INVALID_ARGUMENT');
  assert.throws(() => Game.fromText('65537,65537,3:.:X'), (e) => { // which check comes first is not documented
    checkTttError(e, e.code === 'PARSE_ERROR' ? 'PARSE_ERROR' : 'TOO_LARGE');
    return true;
  });
  throwsTtt(() => Game.fromText('3,3,3:XXX/OO./O..:X'), 'UNREACHABLE_BOARD'); // X started (X to move, x == o), won, then O moved
  Game.fromText('3,3,3:XXX/OO./O..:O').close(); // the same stones with O to move: O started, X won
  throwsTtt(() => Game.fromText('3,3,3:X../.../...:X'), 'UNREACHABLE_BOARD'); // X ahead but X to move
  const g = Game.fromText('3,3,3:XO./.X./...:O');
  throwsTtt(() => g.undo(), 'NOTHING_TO_UNDO');
  assert.deepEqual(g.moves, []);
  assert.equal(g.moveCount, 3);
  g.play(2, 2);
  assert.deepEqual(g.moves, [[2, 2]]);
  g.undo();
  throwsTtt(() => g.undo(), 'NOTHING_TO_UNDO');
  g.close();
});

test('game: lists and text longer than 64 entries (a run of 67, 280 cells)', () => {
  // 2 x 140, k = 66: X fills row 0 from col 0 to 66 leaving col 33 for last; O spreads over row 1
  const g = new Game(2, 140, 66); const m = new Model(2, 140, 66);
  const xs = []; for (let c = 0; c <= 66; c++) if (c !== 33) xs.push(c);
  xs.push(33);
  for (let i = 0; i < xs.length; i++) {
    step(g, m, 'play', [0, xs[i]]);
    if (i < xs.length - 1) step(g, m, 'play', [1, 2 * i]);
    if (i % 20 === 0 || i >= xs.length - 2) compare(g, m, () => `after X's move ${i}`);
  }
  assert.equal(g.result, 'A');
  assert.equal(g.winningLine.length, 67);
  assert.equal(g.moves.length, 133);
  const t = g.toText();
  const back = Game.fromText(t);
  compare(back, m.loaded());
  back.close(); g.close();
  // texts of 63 to 66 characters, around a first guess of 64 bytes
  for (const n of [54, 55, 56, 57]) { // "1,n,1:" + n cells + ":X"
    const h = new Game(1, n, 1); const hm = new Model(1, n, 1);
    assert.equal(h.toText().length, n + 9);
    compare(h, hm);
    const r = Game.fromText(h.toText());
    assert.equal(r.toText(), hm.text());
    r.close(); h.close();
  }
});

test('game: cells, moves and the other arrays are copies', () => {
  const g = new Game();
  g.play(0, 0);
  const cells = g.cells; cells[0] = 2; cells[1] = 1;
  assert.deepEqual(Array.from(g.cells), [1, 0, 0, 0, 0, 0, 0, 0, 0]);
  const moves = g.moves; moves.push([1, 1]); moves[0][0] = 2;
  assert.deepEqual(g.moves, [[0, 0]]);
  const legal = g.legalMoves; legal.length = 0;
  assert.equal(g.legalMoves.length, 8);
  g.close();
  assert.deepEqual(Array.from(cells.slice(0, 2)), [2, 1]); // still readable after close
});

// ---------------------------------------------------------------------------------------------
// AI.

function checkBest(g, board, rows, cols, k, turn, memo, where) {
  const want = solve(board, rows, cols, k, turn, memo);
  const bm = g.bestMove();
  assert.deepEqual(Object.keys(bm).sort(), ['col', 'row', 'score']);
  assert.equal(bm.score, want, `score at ${where}`);
  const i = bm.row * cols + bm.col;
  assert.ok(bm.row < rows && bm.col < cols && !board[i], `bestMove is legal at ${where}`);
  assert.equal(childScore(board, rows, cols, k, turn, i, memo), want, `bestMove keeps the value at ${where}`);
  const expect = [];
  for (let j = 0; j < board.length; j++) {
    if (board[j]) continue;
    const s = childScore(board, rows, cols, k, turn, j, memo);
    if (want > 0 ? s > 0 : want === 0 ? s === 0 : true) expect.push([Math.floor(j / cols), j % cols]);
  }
  assert.deepEqual(g.optimalMoves(), expect, `optimalMoves at ${where}`);
}

test('bestMove / optimalMoves: every reachable 3x3 position, either opener, against minimax', () => {
  const memo = new Map(); const g = new Game(); const board = new Uint8Array(9);
  let positions = 0; let finished = 0;
  const visit = (turn, seen) => {
    const key = board.join('');
    if (seen.has(key)) return;
    seen.add(key);
    let over = board.every((v) => v);
    for (let i = 0; i < 9 && !over; i++) if (board[i] && lineThrough(board, 3, 3, 3, Math.floor(i / 3), i % 3)) over = true;
    assert.equal(g.result !== 'Pending', over, `result at ${key}`);
    if (over) {
      finished++;
      if (finished % 5 === 0) {
        throwsTtt(() => g.bestMove(), 'GAME_OVER');
        throwsTtt(() => g.optimalMoves(), 'GAME_OVER');
      }
      return;
    }
    positions++;
    checkBest(g, board, 3, 3, 3, turn, memo, key);
    for (let i = 0; i < 9; i++) {
      if (board[i]) continue;
      g.play(Math.floor(i / 3), i % 3); board[i] = turn;
      visit(3 - turn, seen);
      g.undo(); board[i] = 0;
    }
  };
  visit(1, new Set());
  assert.equal(positions, 4520, 'X-opened positions (the empty board included)');
  const seen2 = new Set();
  for (let i = 0; i < 9; i++) {
    g.reset(); g.move(Math.floor(i / 3), i % 3, 2); board[i] = 2;
    visit(1, seen2);
    board[i] = 0;
  }
  assert.equal(positions, 4520 + 4519, 'O-opened positions');
  g.close();
});

test('bestMove / optimalMoves: late positions on bigger boards against minimax', () => {
  const rand = rng(6);
  const memo = new Map(); let checked = 0;
  for (const [rows, cols, k] of [[4, 4, 3], [4, 4, 4], [3, 5, 3], [2, 6, 3], [5, 5, 4], [3, 4, 3]]) {
    for (let t = 0; t < 8; t++) {
      const opener = t % 2 ? 2 : 1;
      const g = new Game(rows, cols, k); const m = new Model(rows, cols, k);
      const target = rows * cols - 8 - rand.int(3);
      let tries = 0;
      while (m.stones < target && tries++ < 1000) {
        const free = [];
        for (let i = 0; i < m.board.length; i++) if (!m.board[i]) free.push(i);
        const i = rand.pick(free); const r = Math.floor(i / cols); const c = i % cols;
        const trial = m.clone();
        if (m.stones === 0) trial.move(r, c, opener); else trial.play(r, c);
        if (trial.over) continue;
        if (m.stones === 0) { m.move(r, c, opener); g.move(r, c, opener); } else { m.play(r, c); g.play(r, c); }
      }
      if (m.over || m.stones !== target) { g.close(); continue; }
      const before = g.toText();
      checkBest(g, m.board, rows, cols, k, m.alt, memo, `${rows},${cols},${k} ${m.text()}`);
      assert.equal(g.toText(), before, 'bestMove never changes the game');
      g.close(); checked++;
    }
  }
  assert.ok(checked >= 30, `checked ${checked}`);
  const e = new Game(4, 4, 4);
  assert.equal(e.bestMove().score, 0); // 4,4,4 is a draw
  e.close();
});

test('bestMove: TOO_HARD on a big open board', () => {
  for (const [r, c, k] of [[12, 11, 5], [12, 12, 5], [15, 15, 5]]) {
    const g = new Game(r, c, k);
    g.play(4, 4);
    throwsTtt(() => g.bestMove(), 'TOO_HARD');
    throwsTtt(() => g.optimalMoves(), 'TOO_HARD');
    assert.equal(g.moveCount, 1);
    g.close();
  }
});

function threatGames() {
  // X to move with an open four on 15x15 k=5: (7,2) or (7,7) wins.
  const win = new Game(15, 15, 5);
  for (const [r, c] of [[7, 3], [0, 0], [7, 4], [0, 2], [7, 5], [0, 4], [7, 6], [0, 8]]) win.play(r, c);
  // X to move, no X threat; O wins at (0,4) only.
  const block = new Game(15, 15, 5);
  for (const [r, c] of [[7, 7], [0, 0], [9, 9], [0, 1], [11, 3], [0, 2], [3, 12], [0, 3]]) block.play(r, c);
  return { win, block };
}

test('search and aiMove: legal, deterministic for a seed (Number or BigInt), win and block, game unchanged', () => {
  const { win, block } = threatGames();
  const wins = ['7,2', '7,7'];
  const s = win.search({ maxNodes: 300, seed: 1 });
  assert.ok(Array.isArray(s) && s.length === 2);
  assert.ok(wins.includes(s.join()), `search takes the win: ${s}`);
  assert.deepEqual(block.search({ maxNodes: 300, seed: 3 }), [0, 4]);
  assert.deepEqual(block.search({ maxMillis: 50 }), [0, 4]);
  for (const lvl of [Level.EASY, Level.MEDIUM, Level.HARD, Level.PERFECT]) {
    assert.ok(wins.includes(win.aiMove(lvl, 9).join()), `level ${lvl} takes the win`);
  }
  for (const lvl of [Level.MEDIUM, Level.HARD, Level.PERFECT]) assert.deepEqual(block.aiMove(lvl, 4), [0, 4], `level ${lvl} blocks`);
  const before = [win.toText(), block.toText()];
  // determinism with a node budget, and Number vs BigInt
  const a = block.search({ maxNodes: 500, seed: 77 });
  assert.deepEqual(block.search({ maxNodes: 500n, seed: 77n }), a);
  const rand = rng(42);
  for (let t = 0; t < 6; t++) {
    const g = new Game(7, 7, 4); const m = new Model(7, 7, 4);
    for (let i = 0; i < 8 && !m.over; i++) {
      const free = [];
      for (let j = 0; j < 49; j++) if (!m.board[j]) free.push(j);
      const j = rand.pick(free); m.play(Math.floor(j / 7), j % 7); g.play(Math.floor(j / 7), j % 7);
    }
    if (m.over) { g.close(); continue; }
    const text = g.toText();
    for (const lvl of [0, 1, 2, 3]) {
      const mv = g.aiMove(lvl, t);
      assert.ok(Array.isArray(mv) && mv[0] < 7 && mv[1] < 7 && !m.board[mv[0] * 7 + mv[1]], `aiMove(${lvl}) is legal`);
      assert.deepEqual(g.aiMove(lvl, BigInt(t)), mv, `aiMove(${lvl}) deterministic`);
    }
    const sm = g.search({ maxNodes: 200, seed: t });
    assert.ok(!m.board[sm[0] * 7 + sm[1]], 'search is legal');
    assert.deepEqual(g.search({ maxNodes: 200, seed: t }), sm);
    assert.equal(g.toText(), text, 'the AI never changes the game');
    g.close();
  }
  assert.deepEqual([win.toText(), block.toText()], before);
  throwsTtt(() => block.search({ maxNodes: 0, maxMillis: 0 }), 'INVALID_ARGUMENT');
  // left out, both limits are 0: the header's "at least one must be non-zero"
  throwsTtt(() => block.search(), 'INVALID_ARGUMENT');
  throwsTtt(() => block.search({ seed: 3 }), 'INVALID_ARGUMENT');
  // a 64-bit option above 2^32 as a (safe) Number is the same value as the BigInt
  assert.deepEqual(block.aiMove(Level.RANDOM, 2 ** 40 + 3), block.aiMove(Level.RANDOM, 2n ** 40n + 3n));
  assert.deepEqual(block.search({ maxNodes: 2 ** 32 + 1, maxMillis: 30, seed: 2 ** 33 }).length, 2);
  throwsJs(() => block.aiMove(Level.RANDOM, 2 ** 53 + 2), RangeError, 'an unsafe integer seed');
  throwsJs(() => block.search({ maxNodes: 2 ** 64 }), RangeError, 'an unsafe integer maxNodes');
  throwsTtt(() => block.aiMove(5), 'INVALID_ARGUMENT');
  throwsTtt(() => block.aiMove(4294967295), 'INVALID_ARGUMENT');
  assert.ok(block.aiMove(0, 2n ** 64n - 1n));
  assert.ok(block.search({ maxNodes: 10, seed: 2n ** 64n - 1n }));
  win.close(); block.close();
  // on 3x3, PERFECT keeps the value
  const memo = new Map(); const r3 = rng(5);
  for (let t = 0; t < 40; t++) {
    const g = new Game(); const m = new Model(3, 3, 3);
    const n = r3.int(7);
    for (let i = 0; i < n && !m.over; i++) {
      const free = [];
      for (let j = 0; j < 9; j++) if (!m.board[j]) free.push(j);
      const j = r3.pick(free); m.play(Math.floor(j / 3), j % 3); g.play(Math.floor(j / 3), j % 3);
    }
    if (m.over) { throwsTtt(() => g.aiMove(4, 1), 'GAME_OVER'); throwsTtt(() => g.search({ maxNodes: 5 }), 'GAME_OVER'); g.close(); continue; }
    const v = solve(m.board, 3, 3, 3, m.alt, memo);
    const [r, c] = g.aiMove(Level.PERFECT, t);
    const s = childScore(m.board, 3, 3, 3, m.alt, r * 3 + c, memo);
    assert.ok(v > 0 ? s > 0 : v === 0 ? s === 0 : true, `PERFECT keeps the value on ${m.text()}`);
    g.close();
  }
});

// ---------------------------------------------------------------------------------------------
// Argument edge cases (README's Errors section: TypeError for a non-number, RangeError for a non-integer,
// a negative number or one above 4294967295, except that in a move list such an integer is a
// cell off the board; TypeError for a non-object options argument, an unknown option key and
// a hole in moves/board).

const BAD_U32 = [
  [-1, RangeError], [1.5, RangeError], [NaN, RangeError], [Infinity, RangeError], [-Infinity, RangeError],
  [2 ** 32, RangeError], [2 ** 32 + 1, RangeError], [2 ** 53, RangeError], [-(2 ** 31), RangeError],
  ['1', TypeError], [1n, TypeError], [null, TypeError], [true, TypeError], [[1], TypeError], [{}, TypeError],
  [Symbol('x'), TypeError],
];
const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const show = (v) => {
  if (typeof v === 'symbol') return 'Symbol';
  if (typeof v === 'bigint') return `${v}n`;
  try { return JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v); } catch { return String(v); }
};

test('arguments: coordinates, players, sizes', () => {
  const g = new Game();
  g.play(1, 1);
  const before = g.toText();
  let n = 0;
  for (const [v, E] of BAD_U32) {
    throwsJs(() => g.play(v, 0), E, `play(${show(v)}, 0)`);
    throwsJs(() => g.play(0, v), E, `play(0, ${show(v)})`);
    throwsJs(() => g.move(v, 0, 2), E, `move(${show(v)}, 0, 2)`);
    throwsJs(() => g.move(0, 0, v), E, `move(0, 0, ${show(v)})`);
    throwsJs(() => g.cell(v, 0), E, `cell(${show(v)}, 0)`);
    throwsJs(() => g.cell(0, v), E, `cell(0, ${show(v)})`);
    if (!isPlainObject(v)) throwsJs(() => new Game(v, 3, 3), E, `new Game(${show(v)}, 3, 3)`);
    throwsJs(() => new Game(3, v, 3), E, `new Game(3, ${show(v)}, 3)`);
    throwsJs(() => new Game(3, 3, v), E, `new Game(3, 3, ${show(v)})`);
    if (v !== null) throwsJs(() => new Game({ rows: v }), E, `new Game({rows: ${show(v)}})`);
    throwsJs(() => new Game({ k: v }), E, `new Game({k: ${show(v)}})`);
    throwsJs(() => Game.ticTacToe(v), E, `Game.ticTacToe(${show(v)})`);
    if (!isPlainObject(v)) throwsJs(() => judge([], v, 3, 3), E, `judge([], ${show(v)})`);
    throwsJs(() => judge([], { cols: v }), E, `judge([], {cols: ${show(v)}})`);
    if (Number.isInteger(v)) { // in a move list an integer is a cell, here off the board
      throwsTtt(() => judge([[v, 0]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 0));
      throwsTtt(() => judge([[0, 0], [1, v]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 1));
      throwsTtt(() => findWinner([[0, v]]), 'OUT_OF_BOUNDS', (e) => assert.equal(e.index, 0));
    } else {
      throwsJs(() => judge([[v, 0]]), E, `judge([[${show(v)}, 0]])`);
      throwsJs(() => judge([[0, 0], [1, v]]), E, `judge([[0,0],[1, ${show(v)}]])`);
      throwsJs(() => findWinner([[0, v]]), E, `findWinner([[0, ${show(v)}]])`);
    }
    throwsJs(() => validate('XO./.../...', { k: v }), E, `validate(b, {k: ${show(v)}})`);
    throwsJs(() => g.aiMove(v), E, `aiMove(${show(v)})`);
    throwsJs(() => g.search({ maxMillis: v }), E, `search({maxMillis: ${show(v)}})`);
    throwsJs(() => g.bestMove({ maxMillis: v }), E, `bestMove({maxMillis: ${show(v)}})`);
    throwsJs(() => g.optimalMoves({ maxMillis: v }), E, `optimalMoves({maxMillis: ${show(v)}})`);
    n += 22;
  }
  throwsJs(() => new Game({ rows: null }), TypeError, 'new Game({rows: null})');
  // the largest uint32 goes through to C and is judged there, not wrapped
  throwsTtt(() => g.play(4294967295, 0), 'OUT_OF_BOUNDS');
  throwsTtt(() => g.cell(0, 4294967295), 'OUT_OF_BOUNDS');
  throwsTtt(() => g.move(0, 0, 4294967295), 'INVALID_ARGUMENT');
  throwsTtt(() => judge([[4294967295, 4294967295]]), 'OUT_OF_BOUNDS');
  // missing required arguments
  throwsJs(() => g.play(), TypeError, 'play()');
  throwsJs(() => g.play(0), TypeError, 'play(0)');
  throwsJs(() => g.move(0, 0), TypeError, 'move(0, 0)');
  throwsJs(() => g.cell(0), TypeError, 'cell(0)');
  throwsJs(() => Game.ticTacToe(), TypeError, 'ticTacToe()');
  throwsJs(() => g.aiMove(), TypeError, 'aiMove()');
  assert.equal(g.toText(), before, 'argument errors change nothing');
  g.close();
  assert.ok(n > 300);
});

test('arguments: options objects, arrays, strings, 64-bit values', () => {
  const g = new Game();
  for (const opt of [null, 5, [3, 3, 3], 'x', true]) {
    if (typeof opt !== 'number') throwsJs(() => new Game(opt), TypeError, `new Game(${show(opt)})`);
    throwsJs(() => judge([], opt === 5 ? [5] : opt), TypeError, `judge([], ${show(opt)})`);
    throwsJs(() => g.search(opt), TypeError, `search(${show(opt)})`);
    throwsJs(() => g.bestMove(opt), TypeError, `bestMove(${show(opt)})`);
    throwsJs(() => g.optimalMoves(opt), TypeError, `optimalMoves(${show(opt)})`);
    if (typeof opt !== 'number') throwsJs(() => validate('XO./.../...', opt), TypeError, `validate(b, ${show(opt)})`);
  }
  // a key the function does not take, next to valid ones
  const calls = {
    'new Game': (o) => new Game({ rows: 3, ...o }), judge: (o) => judge([], { k: 3, ...o }),
    validate: (o) => validate('XO./.../...', { k: 3, ...o }), search: (o) => g.search({ maxNodes: 100, ...o }),
    bestMove: (o) => g.bestMove({ maxNodes: 1e6, ...o }), optimalMoves: (o) => g.optimalMoves({ maxMillis: 1000, ...o }),
  };
  for (const [name, call] of Object.entries(calls)) {
    call({}); // the valid keys alone are fine
    for (const typo of [{ sed: 5 }, { Rows: 3 }, { maxnodes: 5 }, { '': 1 }, { toString: 1 }]) {
      throwsJs(() => call(typo), TypeError, `${name}(${show(typo)})`);
    }
  }
  throwsJs(() => g.bestMove({ seed: 1 }), TypeError, 'bestMove takes no seed');
  throwsJs(() => validate('XO./.../...', { rows: 3 }), TypeError, 'validate reads rows from the board');
  // a boxed number is neither a number nor options
  const boxed = new Number(3); // eslint-disable-line no-new-wrappers
  throwsJs(() => validate('XO./.../...', boxed), TypeError, 'validate(b, new Number(3))');
  throwsJs(() => new Game(boxed), TypeError, 'new Game(new Number(3))');
  throwsJs(() => judge([], boxed), TypeError, 'judge([], new Number(3))');
  // moves
  for (const moves of [null, undefined, 5, 'abc', {}, [[0, 0], , [1, 1]], [[1, 1], , [2, 2]], [null], [[0, '1']], [['0', '0']], [[0, 0n]], [0, 0, 1, 1], [5], ['00']]) { // eslint-disable-line no-sparse-arrays
    throwsJs(() => judge(moves), TypeError, `judge(${show(moves)})`);
    throwsJs(() => findWinner(moves), TypeError, `findWinner(${show(moves)})`);
  }
  // boards
  for (const board of [null, undefined, 5, {}, ['XOX', 5, 'XOX'], ['XOX', , 'XOX'], [null], 5n]) { // eslint-disable-line no-sparse-arrays
    throwsJs(() => validate(board), TypeError, `validate(${show(board)})`);
  }
  // text
  for (const text of [null, undefined, 5, {}, ['3,3,3:.........:X'], Buffer.from('3,3,3:.........:X')]) {
    throwsJs(() => Game.fromText(text), TypeError, `fromText(${show(text)})`);
  }
  // 64-bit options: Number or BigInt in [0, 2^64 - 1]
  for (const [v, E] of [[-1, RangeError], [1.5, RangeError], [NaN, RangeError], [-1n, RangeError], [2n ** 64n, RangeError], ['5', TypeError], [null, TypeError], [{}, TypeError]]) {
    throwsJs(() => g.search({ maxNodes: v }), E, `search({maxNodes: ${show(v)}})`);
    throwsJs(() => g.search({ maxNodes: 5, seed: v }), E, `search({seed: ${show(v)}})`);
    throwsJs(() => g.aiMove(1, v), E, `aiMove(1, ${show(v)})`);
    throwsJs(() => g.bestMove({ maxNodes: v }), E, `bestMove({maxNodes: ${show(v)}})`);
    throwsJs(() => g.optimalMoves({ maxNodes: v }), E, `optimalMoves({maxNodes: ${show(v)}})`);
  }
  assert.deepEqual(g.moves, []);
  g.close();
});

// ---------------------------------------------------------------------------------------------
// Lifetime.

test('lifetime: close is idempotent, every use after close throws GameClosedError', () => {
  const g = new Game();
  g.play(0, 0);
  const c = g.clone();
  const t = Game.fromText(g.toText());
  assert.equal(g.closed, false);
  g.close();
  assert.equal(g.closed, true);
  g.close();
  g[Symbol.dispose]();
  assert.equal(g.closed, true);
  const uses = {
    move: () => g.move(1, 1, 2), play: () => g.play(1, 1), undo: () => g.undo(), redo: () => g.redo(),
    reset: () => g.reset(), clone: () => g.clone(), cell: () => g.cell(0, 0), bestMove: () => g.bestMove(),
    optimalMoves: () => g.optimalMoves(), search: () => g.search({ maxNodes: 5 }), aiMove: () => g.aiMove(0),
    toText: () => g.toText(), toJSON: () => JSON.stringify(g),
    bestMoveWithin: () => g.bestMove({ maxNodes: 5 }), optimalMovesWithin: () => g.optimalMoves({ maxMillis: 5 }),
  };
  for (const p of ['result', 'winner', 'toMove', 'firstPlayer', 'moveCount', 'cells', 'moves', 'legalMoves', 'winningLine']) {
    uses[p] = () => g[p];
  }
  for (const [name, f] of Object.entries(uses)) {
    assert.throws(f, (e) => {
      assert.ok(e instanceof GameClosedError, `${name}: ${e && e.constructor.name} ${e && e.message}`);
      assert.ok(e instanceof TicTacToeError);
      assert.equal(e.status, null); assert.equal(e.code, 'GAME_CLOSED');
      return true;
    }, name);
  }
  // the clone and the loaded copy own their own games
  assert.equal(c.cell(0, 0), 1); c.play(1, 1); assert.equal(c.moveCount, 2);
  assert.equal(t.cell(0, 0), 1); t.play(2, 2); assert.equal(t.moveCount, 2);
  c[Symbol.dispose]();
  assert.equal(c.closed, true);
  assert.throws(() => c.toText(), GameClosedError);
  t.close();
});

const tick = () => new Promise((r) => setTimeout(r, 0));

test('lifetime: dropped games are freed by the GC (memory stays bounded), closed ones are not freed twice', async () => {
  assert.equal(typeof global.gc, 'function', 'run with --expose-gc');
  const base = new Game(4096, 4096, 5); // a clone copies every cell: about 4 MB each
  base.play(0, 0);
  const probe = base.clone();
  probe.close();
  global.gc(); await tick();
  const rss0 = process.memoryUsage().rss;
  for (let round = 0; round < 12; round++) {
    for (let i = 0; i < 10; i++) {
      const c = base.clone();
      if (i % 2) c.close(); // half closed by hand, half left to the GC
    }
    global.gc(); await tick(); await tick();
  }
  global.gc(); await tick(); await tick();
  const grown = (process.memoryUsage().rss - rss0) / 1048576;
  // 60 unclosed clones of about 4 MB would be 240 MB if never freed
  assert.ok(grown < 120, `RSS grew by ${grown.toFixed(0)} MB over 60 dropped games`);
  // many small games, closed or not, then GC: nothing crashes and games still work
  for (let i = 0; i < 3000; i++) {
    const g = i % 3 === 0 ? Game.fromText('3,3,3:X../.../...:O') : new Game();
    g.play(1, 1);
    if (i % 2) g.close();
  }
  for (let i = 0; i < 3; i++) { global.gc(); await tick(); }
  const after = base.clone();
  assert.equal(after.cell(0, 0), 1);
  after.close(); base.close();
});

test('lifetime: a clone outlives its collected original', async () => {
  let g = new Game(); g.play(1, 1);
  const c = g.clone();
  g = null;
  for (let i = 0; i < 3; i++) { global.gc(); await tick(); }
  assert.equal(c.cell(1, 1), 1);
  c.play(0, 0);
  assert.equal(c.toText(), '3,3,3:O../.X./...:X');
  c.close();
});

test('threads: a game sent as JSON to a worker is read back and played there', async () => {
  const { Worker } = require('node:worker_threads');
  const g = new Game(); g.move(0, 0, 2); g.play(1, 1);
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { Game } = require(${JSON.stringify(path.join(__dirname, '..'))});
    const g = Game.fromText(JSON.parse(workerData));
    g.play(2, 2);
    parentPort.postMessage([g.toText(), g.firstPlayer, g.toMove]);
    g.close();`;
  const result = await new Promise((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: JSON.stringify(g) });
    w.once('message', resolve); w.once('error', reject);
  });
  assert.deepEqual(result, ['3,3,3:O../.X./..O:X', 2, 1]);
  g.close();
});

test('lifetime: only closed, the size and toString work after close', () => {
  const g = new Game(4, 5, 3);
  assert.equal(typeof String(g), 'string');
  g.close();
  assert.deepEqual([g.closed, g.rows, g.cols, g.k], [true, 4, 5, 3]);
  assert.equal(String(g), 'Game(closed)');
  assert.throws(() => g.toText(), GameClosedError);
});
