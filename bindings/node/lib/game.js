'use strict';
// The Game class: owns one native TttGame, freed exactly once by close() or by the GC.
const util = require('node:util');
const { C, STATUS_NAMES, RESULT_STRINGS: RESULTS } = require('./native');
const {
  GameClosedError, check, u32, u64, options: optionBag, size,
} = require('./errors');

const WINNERS = [0, 1, 2, 0]; // result -> winning player
const BUFFER_TOO_SMALL = STATUS_NAMES.indexOf('BUFFER_TOO_SMALL');
const TOO_HARD = STATUS_NAMES.indexOf('TOO_HARD');

// Scratch out-parameters, reused: JS runs one call at a time per thread, and each worker
// thread loads its own copy of this module.
const out = [null]; // TttGame ** (koffi writes the pointer into out[0])
const u32Out = [new Uint32Array(1), new Uint32Array(1), new Uint32Array(1)];
const sizeOut = new BigUint64Array(1);
const scoreOut = new Int32Array(1);

// Counts native frees so the tests can prove each game is freed exactly once.
let frees = 0;
function freeNative(ptr) {
  frees++;
  C.ttt_game_free(ptr);
}
const registry = new FinalizationRegistry(freeNative);

// Wraps a pointer the library just handed over, so `new Game(new Owned(ptr))` adopts it.
class Owned {
  constructor(ptr) {
    this.ptr = ptr;
  }
}

function created(status, detail) {
  check(status, detail);
  return new Owned(out[0]);
}

// Runs a C "fill my buffer" function into a buffer of 64 elements, and when C reports that too
// small, once more into one of the reported size (+ `extra`: 1 for to_text's NUL). One call is
// the common case, which matters for optimalMoves: each call solves the position.
const GUESS = 64;
function fetch(ptr, fn, alloc, extra = 0) {
  let buf = alloc(GUESS);
  let status = fn(ptr, buf, buf.length, sizeOut);
  if (status === BUFFER_TOO_SMALL) {
    buf = alloc(Number(sizeOut[0]) + extra);
    status = fn(ptr, buf, buf.length, sizeOut);
  }
  check(status);
  return buf.subarray(0, Number(sizeOut[0]));
}

const INSPECT_MAX_CELLS = 1024;

const BUDGET_KEYS = ['maxNodes', 'maxMillis'];
const SEARCH_KEYS = [...BUDGET_KEYS, 'seed'];
const THREADED_KEYS = [...BUDGET_KEYS, 'threads'];

// The solve budget of bestMove / optimalMoves (`what`, for the message): null without options
// (the library's default budget), else [maxNodes, maxMillis], each left out 0 and checked as
// search() checks them.
function solveBudget(options, what, keys = BUDGET_KEYS) {
  if (options === undefined) return null;
  const { maxNodes = 0, maxMillis = 0 } = optionBag(options, what, keys);
  return [u64('maxNodes', maxNodes), u32('maxMillis', maxMillis)];
}

class Game {
  #ptr;
  #rows;
  #cols;
  #k;

  /**
   * An empty rows x cols game where k in a row wins; player 1 moves first.
   * `new Game({rows, cols, k})` or `new Game(rows, cols, k)`; each defaults to 3.
   */
  constructor(options, colsArg, kArg) {
    if (options instanceof Owned) {
      this.#ptr = options.ptr;
    } else {
      const { rows, cols, k } = size(options, colsArg, kArg);
      const status = C.ttt_game_new(u32('rows', rows), u32('cols', cols), u32('k', k), out);
      this.#ptr = created(status, `rows ${rows}, cols ${cols}, k ${k}`).ptr;
    }
    registry.register(this, this.#ptr, this);
    check(C.ttt_game_size(this.#ptr, u32Out[0], u32Out[1], u32Out[2]));
    [this.#rows, this.#cols, this.#k] = [u32Out[0][0], u32Out[1][0], u32Out[2][0]];
  }

  /** "Design Tic-Tac-Toe"'s constructor: n x n, n in a row wins. */
  static ticTacToe(n) {
    return new Game(created(C.ttt_tictactoe_new(u32('n', n), out), `n ${n}`));
  }

  /** A game from toText()'s format, e.g. "3,3,3:X.O/.X./...:O". */
  static fromText(text) {
    if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
    const bytes = Buffer.from(text);
    return new Game(created(C.ttt_game_from_text(bytes, bytes.length, out)));
  }

  #handle() {
    if (this.#ptr === null) throw new GameClosedError();
    return this.#ptr;
  }

  /** Frees the native game now. Idempotent; any later use throws GameClosedError. */
  close() {
    if (this.#ptr !== null) {
      registry.unregister(this); // this free is the only one
      const ptr = this.#ptr;
      this.#ptr = null;
      freeNative(ptr);
    }
  }

  get closed() {
    return this.#ptr === null;
  }

  /** An independent copy: board, turn, result and undo/redo history. */
  clone() {
    return new Game(created(C.ttt_game_clone(this.#handle(), out)));
  }

  /** "Design Tic-Tac-Toe": player (1 or 2) moves; returns the winner, 0 while nobody has won. */
  move(row, col, player) {
    const ptr = this.#handle();
    check(C.ttt_game_move(ptr, u32('row', row), u32('col', col), u32('player', player), u32Out[0]),
      (status) => this.#moveDetail(status, row, col, player));
    return u32Out[0][0];
  }

  /** The side to move plays; returns the result after the move: "Pending", "A", "B" or "Draw". */
  play(row, col) {
    const ptr = this.#handle();
    check(C.ttt_game_play(ptr, u32('row', row), u32('col', col), u32Out[0]),
      (status) => this.#moveDetail(status, row, col));
    return RESULTS[u32Out[0][0]];
  }

  // What a failed move (or cell query) was about, for the error message.
  #moveDetail(status, row, col, player) {
    switch (STATUS_NAMES[status]) {
      case 'OUT_OF_BOUNDS': return `row ${row}, col ${col} is off the ${this.#rows}x${this.#cols} board`;
      case 'CELL_OCCUPIED': return `row ${row}, col ${col} is already taken`;
      case 'WRONG_TURN': return `it is not player ${player}'s turn`;
      case 'INVALID_ARGUMENT': return `player ${player}: must be 1 or 2`;
      default: return undefined;
    }
  }

  undo() {
    check(C.ttt_game_undo(this.#handle()));
  }

  redo() {
    check(C.ttt_game_redo(this.#handle()));
  }

  /** Empties the board and the history; player 1 moves next. Size and k stay. */
  reset() {
    check(C.ttt_game_reset(this.#handle()));
  }

  get rows() {
    return this.#rows;
  }

  get cols() {
    return this.#cols;
  }

  get k() {
    return this.#k;
  }

  // Calls a read-only C getter with one uint32_t out-parameter.
  #getU32(fn) {
    check(fn(this.#handle(), u32Out[0]));
    return u32Out[0][0];
  }

  /** "Pending", "A", "B" or "Draw". */
  get result() {
    return RESULTS[this.#getU32(C.ttt_game_result)];
  }

  /** The winning player (1 or 2), 0 while nobody has won. */
  get winner() {
    return WINNERS[this.#getU32(C.ttt_game_result)];
  }

  /** The player to move (1 or 2), 0 once the game is over. */
  get toMove() {
    return this.#getU32(C.ttt_game_to_move);
  }

  /** The player who made (or will make) the first move: 1, or 2 if player 2 opened. */
  get firstPlayer() {
    return this.#getU32(C.ttt_game_first_player);
  }

  /** The stone on (row, col): 0 empty, 1 or 2. */
  cell(row, col) {
    const ptr = this.#handle();
    check(C.ttt_game_cell(ptr, u32('row', row), u32('col', col), u32Out[0]),
      (status) => this.#moveDetail(status, row, col));
    return u32Out[0][0];
  }

  get moveCount() {
    check(C.ttt_game_move_count(this.#handle(), sizeOut));
    return Number(sizeOut[0]);
  }

  /** The board, row-major: cells[row * cols + col] is 0, 1 or 2 (a fresh copy). */
  get cells() {
    const cells = fetch(this.#handle(), C.ttt_game_cells, (n) => new Uint8Array(n));
    // A board smaller than the first guess: copy, so .buffer holds the board and nothing else.
    return cells.length === cells.buffer.byteLength ? cells : cells.slice();
  }

  // A C list of cells (row * cols + col) as [row, col] pairs.
  #pairs(fn) {
    const cells = fetch(this.#handle(), fn, (n) => new Uint32Array(n));
    return Array.from(cells, (c) => [Math.floor(c / this.#cols), c % this.#cols]);
  }

  /** The moves played so far, oldest first, as [row, col] (none for a game from fromText). */
  get moves() {
    return this.#pairs(C.ttt_game_moves);
  }

  /** The empty cells the side to move may play, row-major; none once the game is over. */
  get legalMoves() {
    return this.#pairs(C.ttt_game_legal_moves);
  }

  /** The winning run end to end (it may be longer than k); empty while nobody has won. */
  get winningLine() {
    return this.#pairs(C.ttt_game_winning_line);
  }

  /**
   * Perfect play for the side to move: `score` 0 is a draw with best play; +N the side to move
   * wins, the game ending N plies from now (this move counts as 1); -N it loses N plies from
   * now. Throws a TicTacToeError with code TOO_HARD when the position is too big to solve.
   * With options `{maxNodes, maxMillis}` (as search's: each left out is 0, at least one must
   * be non-zero, maxNodes a Number or a BigInt) the solve runs under that budget instead of
   * the library's default, and TOO_HARD means the budget ran out. With `threads` too (0: one
   * per core) the position's moves are solved on that many threads drawing on the one
   * budget: the same score, and a move with that score.
   * @returns {{row: number, col: number, score: number}}
   */
  bestMove(options) {
    const budget = solveBudget(options, 'bestMove', THREADED_KEYS);
    const threads = budget === null || options.threads === undefined ? null : u32('threads', options.threads);
    const ptr = this.#handle();
    if (budget === null) {
      check(C.ttt_game_best_move(ptr, u32Out[0], u32Out[1], scoreOut));
    } else if (threads === null) {
      check(C.ttt_game_best_move_within(ptr, ...budget, u32Out[0], u32Out[1], scoreOut));
    } else {
      check(C.ttt_game_best_move_threads(ptr, ...budget, threads, u32Out[0], u32Out[1], scoreOut));
    }
    return { row: u32Out[0][0], col: u32Out[1][0], score: scoreOut[0] };
  }

  /**
   * Who wins with perfect play, without how fast: the player (1 or 2) who wins against any
   * defence, or 0 for a draw. Options `{maxNodes, maxMillis}` as search's (each left out is 0,
   * at least one non-zero), one budget shared by the two proofs it may take; TOO_HARD when it
   * runs out. It reaches further than bestMove, which must also find the fastest win.
   * @returns {0 | 1 | 2}
   */
  forcedWinnerWithin(options) {
    const { maxNodes = 0, maxMillis = 0 } = optionBag(options, 'forcedWinnerWithin', BUDGET_KEYS);
    const nodes = u64('maxNodes', maxNodes);
    const millis = u32('maxMillis', maxMillis);
    check(C.ttt_game_forced_winner_within(this.#handle(), nodes, millis, u32Out[0]));
    return u32Out[0][0];
  }

  /**
   * Every move that keeps the position's value, as [row, col] in row-major order. Options
   * `{maxNodes, maxMillis}` as bestMove's.
   */
  optimalMoves(options) {
    const budget = solveBudget(options, 'optimalMoves');
    return this.#pairs(budget === null ? C.ttt_game_optimal_moves
      : (ptr, ...rest) => C.ttt_game_optimal_moves_within(ptr, ...budget, ...rest));
  }

  /**
   * A strong move for the side to move under a budget, on any board: [row, col]. At least one
   * of maxNodes and maxMillis must be non-zero; with a node budget only, the same game,
   * maxNodes and seed always give the same move. 64-bit options take a Number or a BigInt.
   */
  search(options) {
    const { maxNodes = 0, maxMillis = 0, seed = 0 } = optionBag(options, 'search', SEARCH_KEYS);
    const ptr = this.#handle();
    check(C.ttt_game_search(ptr, u64('maxNodes', maxNodes), u32('maxMillis', maxMillis),
      u64('seed', seed), u32Out[0], u32Out[1]));
    return [u32Out[0][0], u32Out[1][0]];
  }

  /**
   * A move at a difficulty level (Level.RANDOM .. Level.PERFECT): [row, col]. Deterministic for
   * a given game, level and seed.
   */
  aiMove(level, seed = 0) {
    const ptr = this.#handle();
    check(C.ttt_game_ai_move(ptr, u32('level', level), u64('seed', seed), u32Out[0], u32Out[1]));
    return [u32Out[0][0], u32Out[1][0]];
  }

  /**
   * A forced win for the side to move by threats (continuous fours, or fours and threes), found
   * within maxNodes search nodes (a Number or a BigInt, at least 1) and proved against every
   * defence: { row, col, plies }, plies counting this move as 1 up to the winning stone; null
   * when none was found, which does not mean there is no win. Deterministic.
   */
  threatWin(maxNodes) {
    const ptr = this.#handle();
    const status = C.ttt_game_threat_win(ptr, u64('maxNodes', maxNodes), u32Out[0], u32Out[1],
      u32Out[2]);
    if (status === TOO_HARD) return null;
    check(status);
    return { row: u32Out[0][0], col: u32Out[1][0], plies: u32Out[2][0] };
  }

  /**
   * The position's value as proof trees in text that a checker verifies with the rules alone
   * (docs/ai.md, "Certificates"), of at most maxNodes nodes (a Number or a BigInt): TOO_HARD
   * when more are needed.
   */
  certificate(maxNodes) {
    const nodes = u64('maxNodes', maxNodes);
    const ptr = this.#handle();
    const call = (p, buf, capacity, outLen) => C.ttt_game_certificate(p, nodes, buf, capacity, outLen);
    return fetch(ptr, call, (n) => Buffer.alloc(n), 1).toString('utf8');
  }

  /** The game as "rows,cols,k:BOARD:P" (P: side to move); Game.fromText reads it back. */
  toText() {
    return fetch(this.#handle(), C.ttt_game_to_text, (n) => Buffer.alloc(n), 1).toString('utf8');
  }

  /** JSON.stringify(game) gives toText(), which Game.fromText reads back. */
  toJSON() {
    return this.toText();
  }

  toString() {
    return this.#ptr === null ? 'Game(closed)' : `Game(${this.toText()})`;
  }

  // console.log and the REPL show the whole text up to INSPECT_MAX_CELLS cells (as Python's
  // repr draws the board); past that a summary: a 4096 x 4096 game's text is 16 MB.
  [util.inspect.custom]() {
    if (this.#ptr === null || this.rows * this.cols <= INSPECT_MAX_CELLS) return this.toString();
    const state = this.result === 'Pending' ? `${'XO'[this.toMove - 1]} to move`
      : { A: 'X won', B: 'O won', Draw: 'draw' }[this.result];
    return `Game(${this.rows}x${this.cols} k=${this.k}, ${this.moveCount} stones, ${state})`;
  }
}

// For `using` (explicit resource management). Node before 18.18 and 20.4 has no
// Symbol.dispose: a computed key would then be the string 'undefined', so the method is only
// added where the symbol exists.
if (typeof Symbol.dispose === 'symbol') {
  Object.defineProperty(Game.prototype, Symbol.dispose, {
    value: function dispose() { this.close(); },
    writable: true,
    configurable: true,
  });
}

// For Batch#game: a Game owning a pointer the library just handed over.
const adoptGame = (ptr) => new Game(new Owned(ptr));

module.exports = { Game, adoptGame, nativeFrees: () => frees };
