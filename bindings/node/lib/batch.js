'use strict';
// The Batch class: owns one native TttBatch (count games of one shape stepped together), freed
// exactly once by close() or by the GC. Its outputs are Uint8Arrays (a Buffer is one) that C
// writes in place.
const { C, STATUS_NAMES } = require('./native');
const {
  TicTacToeError, check, errorFor, u32, u64,
} = require('./errors');
const { adoptGame } = require('./game');

const STEP_REFUSALS = new Set(['OUT_OF_BOUNDS', 'CELL_OCCUPIED']);

// Scratch out-parameters, reused: JS runs one call at a time per thread.
const out = [null]; // TttBatch ** / TttGame ** (koffi writes the pointer into out[0])
const badOut = new BigUint64Array(1);
const statsOut = new BigUint64Array(4); // TttBatchStats: moves, a_wins, b_wins, draws

let frees = 0;
function freeNative(ptr) {
  frees++;
  C.ttt_batch_free(ptr);
}
const registry = new FinalizationRegistry(freeNative);

/** Thrown by every use of a batch after close(); `status` is null, `code` 'BATCH_CLOSED'. */
class BatchClosedError extends TicTacToeError {
  constructor() {
    super('tictactoe: the batch is closed', null, 'BATCH_CLOSED');
  }
}

// `value` as a Uint8Array of at least `need` bytes for C to write into, else a new one.
function byteBuffer(name, value, need) {
  if (value === undefined) return new Uint8Array(need);
  if (!(value instanceof Uint8Array)) {
    throw new TypeError(`${name} must be a Uint8Array or a Buffer, got ${value?.constructor?.name ?? typeof value}`);
  }
  if (value.length < need) throw new RangeError(`${name} needs ${need} bytes, got ${value.length}`);
  return value;
}

class Batch {
  #ptr;
  #count;
  #rows;
  #cols;
  #k;

  /**
   * `count` empty games of rows x cols where k in a row wins (each defaults to 3), player 1 to
   * move in each; `seed` (a Number or a BigInt, default 0) seeds randomMoves.
   */
  constructor(count, rows = 3, cols = 3, k = 3, seed = 0) {
    const status = C.ttt_batch_new(u32('rows', rows), u32('cols', cols), u32('k', k),
      u64('count', count), u64('seed', seed), out);
    check(status, `${count} games of ${rows}x${cols}, k ${k}`);
    this.#ptr = out[0];
    registry.register(this, this.#ptr, this);
    [this.#count, this.#rows, this.#cols, this.#k] = [Number(count), rows, cols, k];
  }

  #handle() {
    if (this.#ptr === null) throw new BatchClosedError();
    return this.#ptr;
  }

  /** Frees the native batch now. Idempotent; any later use throws BatchClosedError. */
  close() {
    if (this.#ptr !== null) {
      registry.unregister(this);
      const ptr = this.#ptr;
      this.#ptr = null;
      freeNative(ptr);
    }
  }

  get closed() {
    return this.#ptr === null;
  }

  /** The number of games. */
  get count() {
    return this.#count;
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

  /** Every game back to the empty board; the random generator goes on. */
  reset() {
    check(C.ttt_batch_reset(this.#handle()));
  }

  /**
   * The most threads step, observe and legalMask run on: 1 (the default) the calling thread, 0
   * one per core. A call splits only from 2^22 cells (games times cells) a thread, and gives the
   * same results whatever the setting; its threads end before it returns. Under load a split
   * call can wait for its threads longer than one thread would take.
   */
  setThreads(threads) {
    check(C.ttt_batch_set_threads(this.#handle(), u32('threads', threads)));
  }

  /**
   * One move in every game: actions[i] (a cell, row * cols + col) in game i. `actions` is a
   * Uint32Array or an array of `count` cells. Returns game i's result in results[i] (0
   * pending, 1 A wins, 2 B wins, 3 draw), written into `results` when given; a game that ended
   * is emptied at once (auto-reset). If any action is illegal no game changes and an
   * IllegalMoveError is thrown whose `index` is the first bad game.
   */
  step(actions, results) {
    const ptr = this.#handle();
    const n = this.#count;
    let cells = actions;
    if (Array.isArray(actions)) {
      cells = new Uint32Array(n);
      for (let i = 0; i < actions.length && i < n; i++) cells[i] = u32(`actions[${i}]`, actions[i]);
    } else if (!(actions instanceof Uint32Array)) {
      throw new TypeError('actions must be a Uint32Array or an array of cells');
    }
    if (actions.length !== n) throw new RangeError(`actions must hold ${n} cells, got ${actions.length}`);
    const res = byteBuffer('results', results, n);
    const status = C.ttt_batch_step(ptr, cells, n, res, badOut);
    if (STEP_REFUSALS.has(STATUS_NAMES[status])) {
      const index = Number(badOut[0]);
      const error = errorFor(status, `game ${index}: action ${cells[index]}`);
      error.index = index;
      throw error;
    }
    check(status);
    return res;
  }

  /**
   * Every game's observation planes, C order [count][2][rows][cols]: plane 0 the stones of the
   * side to move in that game, plane 1 the opponent's (1 where a stone is). Written into `out`
   * (a Uint8Array or Buffer of at least count * 2 * rows * cols bytes) when given.
   */
  observe(out) {
    return this.#write(C.ttt_batch_observe, 'out', out, 2 * this.#count * this.#rows * this.#cols);
  }

  /** Every game's legal-move mask, [count][rows * cols], 1 where the cell is empty; as observe. */
  legalMask(out) {
    return this.#write(C.ttt_batch_legal_mask, 'out', out, this.#count * this.#rows * this.#cols);
  }

  #write(fn, name, value, need) {
    const ptr = this.#handle();
    const buf = byteBuffer(name, value, need);
    check(fn(ptr, buf, buf.length));
    return buf;
  }

  /**
   * Random self-play: movesPerGame uniformly random legal moves in every game (a game that ends
   * starts again) on `threads` threads (0, the default: one per core), which end before it
   * returns. The same seed, count and calls give the same games whatever `threads` is.
   * @returns {{moves: number, aWins: number, bWins: number, draws: number}}
   */
  randomMoves(movesPerGame, threads = 0) {
    const ptr = this.#handle();
    statsOut.fill(0n);
    check(C.ttt_batch_random_moves(ptr, u64('movesPerGame', movesPerGame), u32('threads', threads),
      statsOut));
    const [moves, aWins, bWins, draws] = Array.from(statsOut, Number);
    return {
      moves, aWins, bWins, draws,
    };
  }

  /** A copy of game i as a Game: its stones and side to move, no move history. */
  game(index) {
    const ptr = this.#handle();
    check(C.ttt_batch_game(ptr, u64('index', index), out), `game ${index} of ${this.#count}`);
    return adoptGame(out[0]);
  }

  toString() {
    const shape = `${this.#count} x ${this.#rows}x${this.#cols} k=${this.#k}`;
    return this.#ptr === null ? `Batch(${shape}, closed)` : `Batch(${shape})`;
  }
}

if (typeof Symbol.dispose === 'symbol') {
  Object.defineProperty(Batch.prototype, Symbol.dispose, {
    value: function dispose() { this.close(); },
    writable: true,
    configurable: true,
  });
}

module.exports = { Batch, BatchClosedError, nativeBatchFrees: () => frees };
