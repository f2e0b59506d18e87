'use strict';
// One seeded AI-vs-AI game through the Node binding (bindings/node), printed as the transcript
// tests/one_game.sh compares across runners (format and rules at the top of that script).
const { Game, Level } = require('../../bindings/node');

const game = new Game(15, 15, 5);
const lines = [`game 15 15 5 level ${Level.HARD}`];
for (let ply = 0; game.result === 'Pending'; ply++) {
  const [row, col] = game.aiMove(Level.HARD, 1000 + ply);
  game.play(row, col);
  lines.push(`${ply} ${row} ${col}`);
}
lines.push(`text ${game.toText()}`, `result ${game.result}`);
process.stdout.write(`${lines.join('\n')}\n`);
