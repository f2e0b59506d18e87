'use strict';
// tictactoe: play, judge, validate and solve m,n,k-games through the tictactoe C library.
const {
  C, STATUS_NAMES, VERDICT_NAMES, RESULT_STRINGS: RESULTS, LEVEL_NAMES,
} = require('./lib/native');
const errors = require('./lib/errors');
const { Game, nativeFrees } = require('./lib/game');
const { Batch, BatchClosedError, nativeBatchFrees } = require('./lib/batch');

const {
  check, errorFor, u32, options, size,
} = errors;
const RULE_BREAKS = new Set(['OUT_OF_BOUNDS', 'CELL_OCCUPIED', 'GAME_OVER']);
const PARSE_ERROR = STATUS_NAMES.indexOf('PARSE_ERROR');
const INVALID_ARGUMENT = STATUS_NAMES.indexOf('INVALID_ARGUMENT');

const resultOut = new Uint32Array(1);
const indexOut = new BigUint64Array(1);

const byName = (names) => Object.freeze(Object.fromEntries(names.map((n, i) => [n, i])));
/** Name -> number for every TttStatus, e.g. Status.CELL_OCCUPIED === 4. */
const Status = byName(STATUS_NAMES);
/** Difficulty levels of Game#aiMove: Level.RANDOM (0) .. Level.PERFECT (4). */
const Level = byName(LEVEL_NAMES);

// A coordinate no board reaches: the library's boards have at most 2^26 cells.
const OFF_BOARD = 0xffffffff;

// A move's row or column for C. An integer outside uint32_t (-1, 2 ** 32) is a cell off the
// board, not a bad argument: it goes to C as OFF_BOARD, so C still replays the list in order
// and names the FIRST bad move (a CELL_OCCUPIED before it wins), as OUT_OF_BOUNDS at its
// index; the message shows the caller's own number (moveError reads `moves`). A non-integer
// is no cell at all: a TypeError (not a number, from u32) or a RangeError, before C.
function coordinate(name, value) {
  if (Number.isInteger(value)) return value < 0 || value > OFF_BOARD ? OFF_BOARD : value;
  if (typeof value === 'number') throw new RangeError(`${name} must be an integer, got ${value}`);
  return u32(name, value);
}

// [[row, col], ...] -> Uint32Array row0, col0, row1, col1, ... (a plain loop: forEach would
// skip the holes of a sparse array and leave them as (0, 0)).
function flatMoves(moves) {
  if (!Array.isArray(moves)) throw new TypeError('moves must be an array of [row, col] pairs');
  const flat = new Uint32Array(2 * moves.length);
  for (let i = 0; i < moves.length; i++) {
    const m = moves[i];
    if (!Array.isArray(m) || m.length !== 2) throw new TypeError(`moves[${i}] must be [row, col]`);
    flat[2 * i] = coordinate(`moves[${i}][0]`, m[0]);
    flat[2 * i + 1] = coordinate(`moves[${i}][1]`, m[1]);
  }
  return flat;
}

/**
 * "Find Winner", generalized: replays [row, col] moves (A first) and returns "A", "B", "Draw" or
 * "Pending". The first move that breaks the rules throws an IllegalMoveError whose `index` is
 * its position in `moves`; an integer coordinate below 0 or above 4294967295 is such a move
 * (OUT_OF_BOUNDS). The size is {rows, cols, k} or positional (moves, rows, cols, k).
 */
function judge(moves, opts, colsArg, kArg) {
  const { rows, cols, k } = size(opts, colsArg, kArg);
  const flat = flatMoves(moves);
  const status = C.ttt_judge_ex(flat, moves.length, u32('rows', rows), u32('cols', cols),
    u32('k', k), resultOut, indexOut);
  if (RULE_BREAKS.has(STATUS_NAMES[status])) throw moveError(status, moves, rows, cols);
  check(status, () => `rows ${rows}, cols ${cols}, k ${k}`);
  return RESULTS[resultOut[0]];
}

// The IllegalMoveError for the move at indexOut[0], which ttt_judge_ex has just written.
function moveError(status, moves, rows, cols) {
  const index = Number(indexOut[0]);
  const [row, col] = moves[index];
  const error = errorFor(status, `move ${index}: row ${row}, col ${col} on a ${rows}x${cols} board`);
  error.index = index;
  return error;
}

/**
 * LeetCode 1275 on 3 x 3, through the library's own LeetCode-shaped entry point. Errors as
 * judge's, with `index`.
 */
function findWinner(moves) {
  const flat = flatMoves(moves);
  const answer = [null];
  const status = C.ttt_find_winner(flat, moves.length, answer);
  if (RULE_BREAKS.has(STATUS_NAMES[status])) {
    // ttt_find_winner does not say which move; ttt_judge_ex on the same moves does.
    C.ttt_judge_ex(flat, moves.length, 3, 3, 3, resultOut, indexOut);
    throw moveError(status, moves, 3, 3);
  }
  check(status);
  return answer[0];
}

/** Whether a board is reachable in a legal game; `reason` says why not. */
class Verdict {
  constructor(code) {
    this.code = code;
    this.name = VERDICT_NAMES[code];
    this.valid = code === 0;
    this.reason = this.valid ? null : C.ttt_verdict_str(code);
  }

  /** The reason, or "valid" (Python's str(verdict)). */
  toString() {
    return this.reason ?? 'valid';
  }

  /** `valid`, so `verdict == false` works as Python's comparison with False does. */
  valueOf() {
    return this.valid;
  }
}

// The board's rows: an array's as given, a string split on '/' and '\n' (separators at either
// end make no row: a template literal board starts and ends with a newline), an unsplit
// string cut into a square. As Python's binding does.
function boardRows(board) {
  if (typeof board === 'string') {
    if (!/[/\n]/.test(board)) {
      const side = Math.round(Math.sqrt(board.length));
      if (side * side !== board.length) {
        throw errorFor(PARSE_ERROR, `an unsplit board of ${board.length} cells is not square; separate its rows with '/' or '\\n'`);
      }
      return Array.from({ length: side }, (_, i) => board.slice(i * side, (i + 1) * side));
    }
    return board.replace(/^[/\n]+|[/\n]+$/g, '').split(/[/\n]/);
  }
  if (!Array.isArray(board)) {
    throw new TypeError('board must be an array of row strings or a string');
  }
  for (let i = 0; i < board.length; i++) { // not forEach, which skips holes
    if (typeof board[i] !== 'string') throw new TypeError(`board[${i}] must be a string`);
  }
  return board;
}

/**
 * "Valid State", generalized: is `board` reachable in a legal game where X moves first?
 * `board` is an array of row strings (LeetCode's form) or one string with rows split by '/' or
 * '\n' (an unsplit string must be square). Cells are 'X', 'O', and ' ' or '.' for empty.
 * `k` ({k} or a number) defaults to rows = cols, an InvalidArgumentError for a non-square board.
 */
function validate(board, opts) {
  const { k } = typeof opts === 'number' ? { k: opts } : options(opts, 'validate', ['k']);
  if (k !== undefined && u32('k', k) === 0) {
    throw errorFor(INVALID_ARGUMENT, 'k must be at least 1; leave it out for k = rows = cols');
  }
  const rows = boardRows(board);
  rows.forEach((row, i) => {
    // C reads each row up to its NUL, so a NUL inside would silently shorten it.
    if (row.includes('\0')) throw errorFor(PARSE_ERROR, `board row ${i} contains a NUL`);
  });
  const verdict = new Uint32Array(1);
  check(C.ttt_validate_rows(rows, rows.length, k ?? 0, verdict), (status) => {
    const cols = rows.length ? rows[0].length : 0;
    if (rows.some((row) => row.length !== cols)) return 'rows of unequal length';
    if (status === PARSE_ERROR) return "a cell other than 'X', 'O', ' ' or '.'";
    if (k === undefined && rows.length !== cols) {
      return `a ${rows.length}x${cols} board: k defaults to rows = cols, which needs a square board`;
    }
    return `a ${rows.length}x${cols} board${k === undefined ? '' : `, k ${k}`}`;
  });
  return new Verdict(verdict[0]);
}

/** The library's version, "MAJOR.MINOR.PATCH". */
function version() {
  return C.ttt_version();
}

module.exports = {
  Game, Batch, judge, findWinner, validate, version, Verdict, Status, Level,
  TicTacToeError: errors.TicTacToeError,
  IllegalMoveError: errors.IllegalMoveError,
  HistoryError: errors.HistoryError,
  ParseError: errors.ParseError,
  InvalidArgumentError: errors.InvalidArgumentError,
  GameClosedError: errors.GameClosedError,
  BatchClosedError,
  // For the binding's own tests: how many native games this process has freed.
  _nativeFrees: nativeFrees,
  _nativeBatchFrees: nativeBatchFrees,
};
