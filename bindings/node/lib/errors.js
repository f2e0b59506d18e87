'use strict';
// Errors. Every non-OK status from the library is thrown as a TicTacToeError (or a subclass
// for the statuses a caller typically handles); misuse caught in JS before C is reached is a
// TypeError / RangeError, and use of a closed game is a GameClosedError.
const { C, STATUS_NAMES } = require('./native');

class TicTacToeError extends Error {
  /** @param {number} status a TttStatus value other than OK */
  constructor(status, detail) {
    super(`tictactoe: ${C.ttt_status_str(status)}${detail ? ` (${detail})` : ''}`);
    this.name = new.target.name;
    this.status = status;
    this.code = STATUS_NAMES[status] || 'UNKNOWN';
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

/** Thrown by every use of a game after close(). Not a library status. */
class GameClosedError extends Error {
  constructor() {
    super('tictactoe: the game is closed');
    this.name = 'GameClosedError';
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
  const Class = CLASS_OF[STATUS_NAMES[status]] || TicTacToeError;
  return new Class(status, detail);
}

/** Throws the error for a non-OK status. */
function check(status) {
  if (status !== 0) throw errorFor(status);
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

module.exports = {
  TicTacToeError, IllegalMoveError, HistoryError, ParseError, InvalidArgumentError,
  GameClosedError, errorFor, check, u32,
};
