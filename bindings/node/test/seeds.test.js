'use strict';
// The three seed exercises' own examples; expected answers copied from the exercises.
const test = require('node:test');
const assert = require('node:assert/strict');
const { Game, judge, findWinner, validate } = require('..');

test('Find Winner examples', () => {
  const cases = [
    [[[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]], 'A'],
    [[[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]], 'B'],
    [[[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]], 'Draw'],
    [[[0, 0], [1, 1]], 'Pending'],
  ];
  for (const [moves, want] of cases) {
    assert.equal(judge(moves), want);
    assert.equal(findWinner(moves), want);
  }
});

test('Valid State examples, as row arrays and as strings', () => {
  assert.equal(validate(['O  ', '   ', '   ']).valid, false);
  assert.equal(validate(['XOX', ' X ', '   ']).valid, false);
  assert.equal(validate(['XOX', 'O O', 'XOX']).valid, true);
  assert.equal(validate('O        ').valid, false);
  assert.equal(validate('XOX/ X /   ').valid, false);
  assert.equal(validate('XOX\nO O\nXOX\n').valid, true);
});

test('Design Tic-Tac-Toe example', () => {
  const g = Game.ticTacToe(3);
  const moves = [[0, 0, 1], [0, 2, 2], [2, 2, 1], [1, 1, 2], [2, 0, 1], [1, 0, 2], [2, 1, 1]];
  assert.deepEqual(moves.map(([r, c, p]) => g.move(r, c, p)), [0, 0, 0, 0, 0, 0, 1]);
  assert.equal(g.result, 'A');
  assert.equal(g.winner, 1);
  assert.equal(g.toMove, 0);
  assert.deepEqual(g.winningLine, [[2, 0], [2, 1], [2, 2]]);
  g.close();
});
