'use strict';
// Every status the library can return maps to a documented error class and code, and the
// message says what went wrong with which argument.
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');
const { errorFor } = require('../lib/errors');
const { STATUS_NAMES } = require('../lib/native');

const { Game, findWinner } = ttt;

test('every non-OK status has a class, a code and a message of its own', () => {
  const classOf = {
    OUT_OF_BOUNDS: ttt.IllegalMoveError, CELL_OCCUPIED: ttt.IllegalMoveError,
    WRONG_TURN: ttt.IllegalMoveError, GAME_OVER: ttt.IllegalMoveError,
    NOTHING_TO_UNDO: ttt.HistoryError, NOTHING_TO_REDO: ttt.HistoryError,
    PARSE_ERROR: ttt.ParseError, UNREACHABLE_BOARD: ttt.ParseError,
    INVALID_ARGUMENT: ttt.InvalidArgumentError, TOO_LARGE: ttt.InvalidArgumentError,
  };
  const messages = new Set();
  for (let status = 1; status < STATUS_NAMES.length; status++) {
    const code = STATUS_NAMES[status];
    const e = errorFor(status);
    assert.ok(e instanceof ttt.TicTacToeError && e instanceof Error, code);
    assert.equal(e.constructor, classOf[code] || ttt.TicTacToeError, code);
    assert.equal(e.name, e.constructor.name);
    assert.deepEqual([e.status, e.code, ttt.Status[code]], [status, code, status]);
    assert.match(e.message, /^tictactoe: \w/);
    assert.doesNotMatch(e.message, /unknown/, code);
    messages.add(e.message);
  }
  assert.equal(messages.size, STATUS_NAMES.length - 1, 'no two statuses share a message');
  const unknown = errorFor(999);
  assert.deepEqual([unknown.constructor, unknown.code, unknown.status], [ttt.TicTacToeError, 'UNKNOWN', 999]);
});

test('move errors name the cell, the player and the board', () => {
  const g = new Game();
  g.play(1, 1);
  assert.throws(() => g.play(1, 1), { code: 'CELL_OCCUPIED', message: /row 1, col 1/ });
  assert.throws(() => g.play(3, 0), { code: 'OUT_OF_BOUNDS', message: /row 3, col 0.*3x3/ });
  assert.throws(() => g.cell(0, 7), { code: 'OUT_OF_BOUNDS', message: /row 0, col 7/ });
  assert.throws(() => g.move(0, 0, 1), { code: 'WRONG_TURN', message: /player 1/ });
  assert.throws(() => g.move(0, 0, 3), { code: 'INVALID_ARGUMENT', message: /player 3/ });
  assert.throws(() => new Game({ rows: 3, cols: 3, k: 4 }), { code: 'INVALID_ARGUMENT', message: /rows 3, cols 3, k 4/ });
  assert.throws(() => Game.ticTacToe(0), { code: 'INVALID_ARGUMENT', message: /n 0/ });
  assert.throws(() => g.undo() || g.undo(), { code: 'NOTHING_TO_UNDO' });
});

test('findWinner reports the index of the offending move, like judge', () => {
  assert.throws(() => findWinner([[0, 0], [1, 1], [0, 0]]),
    { name: 'IllegalMoveError', code: 'CELL_OCCUPIED', index: 2, message: /move 2/ });
  assert.throws(() => findWinner([[0, 3]]), { code: 'OUT_OF_BOUNDS', index: 0 });
  assert.throws(() => findWinner([[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]),
    { code: 'GAME_OVER', index: 5 });
});

test('findWinner: a negative or too big integer is a move off the board, judged in order', () => {
  assert.throws(() => findWinner([[0, 0], [0, 0], [-1, 0]]),
    { name: 'IllegalMoveError', code: 'CELL_OCCUPIED', index: 1 });
  assert.throws(() => findWinner([[-1, 0]]),
    { name: 'IllegalMoveError', code: 'OUT_OF_BOUNDS', index: 0, message: /row -1, col 0/ });
  assert.throws(() => findWinner([[0, 2 ** 32]]),
    { name: 'IllegalMoveError', code: 'OUT_OF_BOUNDS', index: 0, message: /col 4294967296/ });
  // Off the board after the game is won: bounds come first in C, so OUT_OF_BOUNDS.
  assert.throws(() => findWinner([[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [-1, -1]]),
    { code: 'OUT_OF_BOUNDS', index: 5, message: /move 5: row -1, col -1/ });
  assert.throws(() => findWinner([[0, 0], [1.5, 0]]), RangeError);
});
