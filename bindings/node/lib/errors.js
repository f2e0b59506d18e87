'use strict';
// Errors. Every non-OK status from the library is thrown as a TicTacToeError (or a subclass
// for the statuses a caller typically handles), and so is use of a closed game
// (GameClosedError, which has no status). Misuse caught in JS before C is reached is a
// TypeError / RangeError.
const util = require('node:util');
const { C, STATUS_NAMES } = require('./native');

class TicTacToeError extends Error {
  /**
   * @param {string} message
   * @param {number|null} status a TttStatus value other than OK (null: not from the library)
   * @param {string} code the status's name, e.g. 'CELL_OCCUPIED'
   */
  constructor(message, status, code) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
  }
}

/** A rejected move: OUT_OF_BOUNDS, CELL_OCCUPIED, WRONG_TURN or GAME_OVER. */
class IllegalMoveError extends TicTacToeError {}
/** NOTHING_TO_UNDO or NOTHING_TO_REDO. */
class HistoryError extends TicTacToeError {}
/** PARSE_ERROR (bad text) or UNREACHABLE_BOARD (text no legal game produces). */
class ParseError extends TicTacToeError {}
/** INVALID_ARGUMENT or TOO_LARGE: a size, k or player outside its domain. */
class InvalidArgumentError extends TicTacToeError {}

/** Thrown by every use of a game after close(); `status` is null, `code` 'GAME_CLOSED'. */
class GameClosedError extends TicTacToeError {
  constructor() {
    super('tictactoe: the game is closed', null, 'GAME_CLOSED');
  }
}

const CLASS_OF = {
  OUT_OF_BOUNDS: IllegalMoveError,
  CELL_OCCUPIED: IllegalMoveError,
  WRONG_TURN: IllegalMoveError,
  GAME_OVER: IllegalMoveError,
  NOTHING_TO_UNDO: HistoryError,
  NOTHING_TO_REDO: HistoryError,
  PARSE_ERROR: ParseError,
  UNREACHABLE_BOARD: ParseError,
  INVALID_ARGUMENT: InvalidArgumentError,
  TOO_LARGE: InvalidArgumentError,
};

function errorFor(status, detail) {
  const code = STATUS_NAMES[status] || 'UNKNOWN';
  const Class = CLASS_OF[code] || TicTacToeError;
  return new Class(`tictactoe: ${C.ttt_status_str(status)}${detail ? ` (${detail})` : ''}`, status, code);
}

/** Throws the error for a non-OK status; `detail` (a string or a function making one) says more. */
function check(status, detail) {
  if (status !== 0) throw errorFor(status, typeof detail === 'function' ? detail(status) : detail);
}

/** Checks that `value` fits the C API's uint32_t, so nothing is truncated or wrapped. */
function u32(name, value) {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number, got ${typeof value}`);
  }
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${name} must be an integer in [0, 4294967295], got ${value}`);
  }
  return value;
}

/** Checks a uint64_t argument: a safe integer Number >= 0, or a BigInt in [0, 2^64). */
function u64(name, value) {
  if (typeof value === 'bigint') {
    if (value < 0n || value >= 1n << 64n) {
      throw new RangeError(`${name} must be in [0, 2^64), got ${value}`);
    }
    return value;
  }
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number or a bigint, got ${typeof value}`);
  }
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a safe integer >= 0 (or a bigint), got ${value}`);
  }
  return value;
}

/**
 * Checks an options argument: undefined (all defaults) or a plain object, not null/array, whose
 * own keys are all among `keys`. `what` names the options in the message (e.g. 'search'). An
 * unknown key is a TypeError: a typo such as `{sed: 5}` would otherwise run with the default.
 * A boxed primitive (`new Number(3)`) is refused too: it is neither its value nor options, and
 * having no keys it would otherwise quietly mean "all defaults".
 */
function options(value, what, keys) {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`options must be an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  if (util.types.isBoxedPrimitive(value)) {
    const type = Object.prototype.toString.call(value).slice(8, -1); // 'Number', 'String', ...
    throw new TypeError(`options must be an object, got a ${type} object (a boxed ${type.toLowerCase()} is not a ${type.toLowerCase()} either)`);
  }
  const unknown = Object.keys(value).filter((key) => !keys.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(`unknown ${what} option ${unknown.join(', ')}: the ${what} options are {${keys.join(', ')}}`);
  }
  return value;
}

const SIZE_KEYS = ['rows', 'cols', 'k'];
const or3 = (value) => (value === undefined ? 3 : value);

/**
 * A board size: {rows, cols, k} from an options object, or positional numbers (rows, cols, k)
 * as Python's Game(3, 3, 3) takes them. Each left out (or undefined) is 3. Not range-checked
 * here (u32 does). Mixing the two forms, or a key other than rows, cols and k, is a TypeError:
 * `new Game(undefined, 5, 4)` and `new Game({row: 5})` would otherwise be a quiet 3,3,3 game.
 */
function size(first, cols, k) {
  const positional = cols !== undefined || k !== undefined;
  if (typeof first === 'number' || (first === undefined && positional)) {
    return { rows: or3(first), cols: or3(cols), k: or3(k) };
  }
  if (positional) {
    throw new TypeError('give the size as (rows, cols, k) or as {rows, cols, k}, not both');
  }
  const { rows = 3, cols: c = 3, k: kk = 3 } = options(first, 'size', SIZE_KEYS);
  return { rows, cols: c, k: kk };
}

module.exports = {
  TicTacToeError, IllegalMoveError, HistoryError, ParseError, InvalidArgumentError,
  GameClosedError, errorFor, check, u32, u64, options, size,
};
