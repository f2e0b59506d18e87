'use strict';
// Input shapes a caller may get wrong: sparse arrays, ragged boards, k = 0, bad option bags.
// Each must throw a clear error, never be read as something else.
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');

const { judge, findWinner, validate } = ttt;

test('a hole in a moves array is a TypeError, not a silent (0, 0)', () => {
  // eslint-disable-next-line no-sparse-arrays
  assert.throws(() => judge([, [1, 1]]), /moves\[0\] must be \[row, col\]/);
  assert.throws(() => judge(new Array(3)), TypeError);
  // eslint-disable-next-line no-sparse-arrays
  assert.throws(() => findWinner([[1, 1], , [0, 0]]), /moves\[1\]/);
});

test('a hole in a board array is a TypeError', () => {
  // eslint-disable-next-line no-sparse-arrays
  assert.throws(() => validate(['X..', , '...']), /board\[1\] must be a string/);
});

test('a ragged board string is a ParseError even when the cell count works out', () => {
  // 3 + 2 + 4 = 9 cells: the C function alone would read it as a 3 x 3 board.
  assert.throws(() => validate('XOX/OO/XOXX'), { name: 'ParseError', code: 'PARSE_ERROR' });
  assert.throws(() => validate('XOX\nOO\nXOXX'), ttt.ParseError);
  assert.throws(() => validate(['XOX', 'OO', 'XOXX']), ttt.ParseError);
  assert.throws(() => validate('XOX//O O/XOX'), ttt.ParseError, 'an empty row inside');
});

test('board strings: one trailing separator, one split row, an unsplit square', () => {
  assert.equal(validate('XOX/O O/XOX/').valid, true);
  assert.equal(validate('XOX\nO O\nXOX\n').valid, true);
  // A split string is rows, even a single one: 1 x 3 (not square, so k is needed).
  assert.equal(validate('X.O/', { k: 1 }).name, 'BOTH_WIN');
  assert.throws(() => validate('X.O/'), { name: 'InvalidArgumentError' }, 'k defaults to rows = cols');
  // An unsplit string must be square; otherwise its shape is unknown: a ParseError, as in Python.
  assert.throws(() => validate('XOX'), { name: 'ParseError', message: /not square/ });
  assert.equal(validate('XO..').name, 'VALID');
  assert.throws(() => validate(''), ttt.InvalidArgumentError);
  assert.throws(() => validate([]), ttt.InvalidArgumentError);
  assert.throws(() => validate(['']), ttt.InvalidArgumentError);
});

test('validate: k = 0 is an InvalidArgumentError in every board form (0 is not "default")', () => {
  for (const board of [['X..', '...', '...'], 'X../.../...', 'X........']) {
    assert.throws(() => validate(board, { k: 0 }), { name: 'InvalidArgumentError', message: /k/ });
  }
  assert.equal(validate(['X..', '...', '...'], { k: 3 }).valid, true);
  assert.equal(validate(['X..', '...', '...'], { k: undefined }).valid, true);
});

test('option bags must be objects', () => {
  for (const options of [null, 'k', true, []]) {
    assert.throws(() => validate('X........', options), /options must be an object/);
    assert.throws(() => judge([], options), /options must be an object/);
    assert.throws(() => new ttt.Game().search(options), /options must be an object/);
  }
  assert.throws(() => new ttt.Game([3, 3, 3]), /options must be an object/);
});

test('every options object refuses a key it does not take (a typo is not a quiet default)', () => {
  const g = new ttt.Game();
  const typos = [
    [() => new ttt.Game({ rows: 3, col: 3 }), /unknown size option col: the size options are \{rows, cols, k\}/],
    [() => judge([], { rows: 3, K: 3 }), /unknown size option K/],
    [() => validate('X........', { kk: 3 }), /unknown validate option kk: the validate options are \{k\}/],
    [() => validate('X........', { k: 3, rows: 3 }), /unknown validate option rows/],
    [() => g.search({ maxNodes: 100, sed: 5 }), /unknown search option sed: the search options are \{maxNodes, maxMillis, seed\}/],
    [() => g.bestMove({ maxNode: 100 }), /unknown bestMove option maxNode: the bestMove options are \{maxNodes, maxMillis, threads\}/],
    [() => g.bestMove({ maxNodes: 100, seed: 1 }), /unknown bestMove option seed/],
    [() => g.optimalMoves({ maxMillis: 50, maxnodes: 100 }), /unknown optimalMoves option maxnodes/],
  ];
  for (const [call, message] of typos) assert.throws(call, { name: 'TypeError', message });
  // The known keys still work, undefined values included.
  assert.equal(validate('X........', { k: undefined }).valid, true);
  assert.equal(g.search({ maxNodes: 100, maxMillis: undefined, seed: 5 }).length, 2);
  assert.deepEqual(g.optimalMoves({ maxNodes: 1e6, maxMillis: 0 }).length, 9);
  assert.equal(g.moveCount, 0);
});

test('a boxed number is not a number: new Number(3) is a TypeError, not the default', () => {
  for (const boxed of [new Number(3), new String('3'), new Boolean(true)]) { // eslint-disable-line no-new-wrappers
    assert.throws(() => validate('X........', boxed), { name: 'TypeError', message: /options must be an object, got a \w+ object/ });
    assert.throws(() => new ttt.Game(boxed), TypeError);
    assert.throws(() => judge([], boxed), TypeError);
    assert.throws(() => new ttt.Game().search(boxed), TypeError);
    assert.throws(() => new ttt.Game().bestMove(boxed), TypeError);
  }
  assert.throws(() => validate('X........', { k: new Number(3) }), TypeError); // eslint-disable-line no-new-wrappers
  assert.equal(validate('X........', 3).valid, true);
});

test('sizes may also be given positionally, as in Python (Game(3, 3, 3), judge(moves, 3, 3, 3))', () => {
  const g = new ttt.Game(4, 5, 3);
  assert.deepEqual([g.rows, g.cols, g.k], [4, 5, 3]);
  const d = new ttt.Game(4);
  assert.deepEqual([d.rows, d.cols, d.k], [4, 3, 3], 'the rest default to 3, like the options');
  assert.equal(judge([[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]], 2, 5, 3), 'A');
  assert.equal(judge([[0, 0], [1, 0], [0, 1]], 3, 3, 2), 'A');
  assert.equal(validate('XO../....', 2).valid, true);
  assert.throws(() => new ttt.Game(3, '3'), TypeError);
  assert.throws(() => new ttt.Game(3, 3, -3), RangeError);
  assert.throws(() => judge([], 3, 3, 4), ttt.InvalidArgumentError);
  assert.throws(() => validate('X........', 0), ttt.InvalidArgumentError);
  assert.throws(() => validate('X........', 1.5), RangeError);
});
