'use strict';
// A user's first program against the installed npm package, then the seed exercises' own
// examples with the answers the exercises give. Usage: node seeds.js VERSION
const assert = require('node:assert/strict');
const ttt = require('tictactoe');

const game = new ttt.Game(3, 3, 3);
assert.equal(game.play(1, 1), 'Pending');
game.play(0, 0);
assert.equal(game.toText(), '3,3,3:O../.X./...:X');
game.close();
assert.equal(ttt.version(), process.argv[2]);

const winners = [
  [[[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]], 'A'],
  [[[0, 0], [1, 1], [0, 1], [0, 2], [1, 0], [2, 0]], 'B'],
  [[[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2], [2, 2]], 'Draw'],
  [[[0, 0], [1, 1]], 'Pending'],
];
for (const [moves, want] of winners) assert.equal(ttt.findWinner(moves), want);
assert.equal(ttt.validate(['O  ', '   ', '   ']).valid, false);
assert.equal(ttt.validate(['XOX', ' X ', '   ']).valid, false);
assert.equal(ttt.validate(['XOX', 'O O', 'XOX']).valid, true);
const toe = ttt.Game.ticTacToe(3);
const moves = [[0, 0, 1], [0, 2, 2], [2, 2, 1], [1, 1, 2], [2, 0, 1], [1, 0, 2], [2, 1, 1]];
assert.deepEqual(moves.map(([r, c, p]) => toe.move(r, c, p)), [0, 0, 0, 0, 0, 0, 1]);
toe.close();
console.log(`ok: tictactoe ${ttt.version()}, the seeds' examples`);
