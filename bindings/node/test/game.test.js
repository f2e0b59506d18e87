'use strict';
// Game, judge and validate through the binding. Expected values are worked out by hand.
const test = require('node:test');
const assert = require('node:assert/strict');
const ttt = require('..');

const { Game, judge, validate } = ttt;

test('play, undo, redo, reset and the getters', () => {
  const g = new Game({ rows: 3, cols: 4, k: 3 });
  assert.deepEqual([g.rows, g.cols, g.k], [3, 4, 3]);
  assert.deepEqual([g.toMove, g.firstPlayer, g.result, g.moveCount], [1, 1, 'Pending', 0]);
  assert.equal(g.legalMoves.length, 12);
  assert.equal(g.play(1, 3), 'Pending');
  assert.equal(g.play(0, 0), 'Pending');
  assert.deepEqual([g.cell(1, 3), g.cell(0, 0), g.cell(2, 2)], [1, 2, 0]);
  assert.deepEqual(g.moves, [[1, 3], [0, 0]]);
  assert.deepEqual([...g.cells], [2, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
  assert.equal(g.legalMoves.length, 10);
  assert.equal(g.toText(), '3,4,3:O.../...X/....:X');
  g.undo();
  assert.deepEqual(g.moves, [[1, 3]]);
  assert.equal(g.toMove, 2);
  g.redo();
  assert.deepEqual(g.moves, [[1, 3], [0, 0]]);
  g.reset();
  assert.deepEqual([g.moveCount, g.toMove], [0, 1]);
});

test('inspect shows the text of a small game and a summary of a big one', () => {
  const util = require('node:util');
  const small = new Game({ rows: 32, cols: 32, k: 5 });
  small.play(0, 0);
  assert.equal(util.inspect(small), String(small));
  const big = new Game({ rows: 33, cols: 32, k: 5 });
  big.play(0, 0);
  assert.equal(util.inspect(big), 'Game(33x32 k=5, 1 stones, O to move)');
  assert.equal(String(big), `Game(${big.toText()})`); // toString stays whole
  big.close();
  assert.equal(util.inspect(big), 'Game(closed)');
  const won = Game.fromText(`1,2000,1:X${'.'.repeat(1999)}:O`);
  assert.equal(util.inspect(won), 'Game(1x2000 k=1, 1 stones, X won)');
});

test('default size is 3,3,3', () => {
  const g = new Game();
  assert.deepEqual([g.rows, g.cols, g.k], [3, 3, 3]);
});

test('sizes: positional with undefined meaning 3, and no quiet 3,3,3 from a mistake', () => {
  assert.equal(new Game(undefined, 5, 4).toText(), '3,5,4:...../...../.....:X');
  assert.equal(judge([[0, 0]], undefined, 1, 1), 'A'); // 3 x 1, k = 1: the first stone wins
  assert.throws(() => new Game({ row: 5, col: 5 }), { name: 'TypeError', message: /unknown size option row, col/ });
  assert.throws(() => new Game({ rows: 4 }, 4), { name: 'TypeError', message: /not both/ });
  assert.throws(() => judge([[0, 0]], { rows: 1, cols: 1, k: 1, K: 1 }), TypeError);
});

test('a won game, a drawn game, and no move after the end', () => {
  const g = new Game();
  for (const [r, c] of [[0, 0], [1, 0], [1, 1], [2, 0]]) assert.equal(g.play(r, c), 'Pending');
  assert.equal(g.play(2, 2), 'A');
  assert.equal(g.winner, 1);
  assert.deepEqual(g.winningLine, [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual(g.legalMoves, []);
  const before = g.toText();
  assert.throws(() => g.play(0, 1), { name: 'IllegalMoveError', code: 'GAME_OVER', status: 6 });
  assert.equal(g.toText(), before);

  const d = new Game();
  for (const [r, c] of [[0, 0], [1, 1], [2, 0], [1, 0], [1, 2], [2, 1], [0, 1], [0, 2]]) d.play(r, c);
  assert.equal(d.play(2, 2), 'Draw');
  assert.deepEqual([d.winner, d.result, d.winningLine], [0, 'Draw', []]);
});

test('statuses become typed errors and change nothing', () => {
  const g = new Game();
  g.move(1, 1, 1);
  const before = g.toText();
  assert.throws(() => g.play(1, 1), (e) => e instanceof ttt.IllegalMoveError &&
    e instanceof ttt.TicTacToeError && e.status === 4 && e.code === 'CELL_OCCUPIED' &&
    e.message === 'tictactoe: cell occupied (row 1, col 1 is already taken)');
  assert.throws(() => g.play(3, 0), { name: 'IllegalMoveError', code: 'OUT_OF_BOUNDS' });
  assert.throws(() => g.move(0, 0, 1), { name: 'IllegalMoveError', code: 'WRONG_TURN' });
  assert.throws(() => g.move(0, 0, 3), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => g.redo(), { name: 'HistoryError', code: 'NOTHING_TO_REDO' });
  assert.equal(g.toText(), before);
  g.undo();
  assert.throws(() => g.undo(), { name: 'HistoryError', code: 'NOTHING_TO_UNDO', status: ttt.Status.NOTHING_TO_UNDO });
});

test('judge reports the index of the move that broke the rules', () => {
  const won = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]];
  for (const [moves, code, index] of [[[[0, 0], [1, 1], [0, 0]], 'CELL_OCCUPIED', 2],
    [[[5, 0]], 'OUT_OF_BOUNDS', 0], [won, 'GAME_OVER', 5]]) {
    assert.throws(() => judge(moves), { name: 'IllegalMoveError', code, index });
  }
  assert.equal(judge([[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]], { rows: 2, cols: 5, k: 3 }), 'A');
  assert.equal(judge([], { rows: 15, cols: 15, k: 5 }), 'Pending');
  assert.equal(judge([[0, 0], [0, 1]], { rows: 1, cols: 2, k: 2 }), 'Draw');
});

test('judge: an integer coordinate below 0 or above 2^32 - 1 is a cell off the board, in order', () => {
  // The occupied cell comes first: C must see the whole list to say so.
  assert.throws(() => judge([[0, 0], [0, 0], [-1, 0]]),
    { name: 'IllegalMoveError', code: 'CELL_OCCUPIED', index: 1, message: /move 1: row 0, col 0/ });
  assert.throws(() => judge([[0, 0], [0, 0], [0, 2 ** 32]]), { code: 'CELL_OCCUPIED', index: 1 });
  // Alone, it is OUT_OF_BOUNDS at its index, and the message shows the number given.
  assert.throws(() => judge([[-1, 0]]),
    { name: 'IllegalMoveError', code: 'OUT_OF_BOUNDS', index: 0, message: /move 0: row -1, col 0 on a 3x3 board/ });
  assert.throws(() => judge([[1, 1], [0, 2 ** 32]]),
    { name: 'IllegalMoveError', code: 'OUT_OF_BOUNDS', index: 1, message: /row 0, col 4294967296 / });
  assert.throws(() => judge([[0, -(2 ** 53)]], { rows: 4, cols: 4, k: 3 }),
    { code: 'OUT_OF_BOUNDS', index: 0, message: /col -9007199254740992 on a 4x4 board/ });
  // After the game is won, C checks bounds first: OUT_OF_BOUNDS (not GAME_OVER) at that index,
  // exactly as for an in-range cell off the board.
  const won = [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]];
  assert.throws(() => judge([...won, [3, 0]]), { code: 'OUT_OF_BOUNDS', index: 5 });
  assert.throws(() => judge([...won, [-1, 0]]),
    { code: 'OUT_OF_BOUNDS', index: 5, message: /move 5: row -1, col 0/ });
  assert.throws(() => judge([...won, [0, 2 ** 32]]), { code: 'OUT_OF_BOUNDS', index: 5 });
  // Not integers, so not cells: argument errors before C, as before.
  assert.throws(() => judge([[0, 0], [0, 0], [1.5, 0]]), { name: 'RangeError', message: /moves\[2\]\[0\]/ });
  assert.throws(() => judge([[-0.5, 0]]), RangeError);
  assert.throws(() => judge([[0, -Infinity]]), RangeError);
  assert.throws(() => judge([[0, -1n]]), TypeError);
});

test('bad sizes', () => {
  assert.throws(() => new Game({ rows: 0 }), ttt.InvalidArgumentError);
  assert.throws(() => new Game({ k: 4 }), ttt.InvalidArgumentError);
  assert.throws(() => new Game({ rows: 65536, cols: 65536, k: 5 }), { code: 'TOO_LARGE' });
  assert.throws(() => Game.ticTacToe(0), ttt.InvalidArgumentError);
  assert.throws(() => judge([], { k: 0 }), ttt.InvalidArgumentError);
});

test('validate names the reason', () => {
  const cases = [
    ['O../.../...', 'TOO_MANY_O'], ['XX./.../...', 'TOO_MANY_X'], ['XXX/OOO/...', 'BOTH_WIN'],
    ['XXX/OO./O..', 'X_WON_THEN_O_MOVED'], ['OOO/XX./X.X', 'O_WON_THEN_X_MOVED'],
  ];
  for (const [board, name] of cases) {
    const v = validate(board);
    assert.deepEqual([v.valid, v.name], [false, name], board);
    assert.ok(typeof v.reason === 'string' && v.reason.length > 0);
  }
  const disjoint = validate('XXX./OO.O/O.O./XXX.', { k: 3 });
  assert.equal(disjoint.name, 'X_LINES_DISJOINT');
  assert.equal(disjoint.code, 6);
  assert.deepEqual({ ...validate('XXX/OO./...') }, { code: 0, name: 'VALID', valid: true, reason: null });
  assert.equal(validate(['XO..', '....'], { k: 2 }).valid, true);
});

test('validate errors', () => {
  assert.throws(() => validate(['XO..', '....']), ttt.InvalidArgumentError);
  assert.throws(() => validate('XO../....'), ttt.InvalidArgumentError);
  assert.throws(() => validate('XQX/.../...'), ttt.ParseError);
  assert.throws(() => validate(['XOX', '..', '...']), ttt.ParseError);
  assert.throws(() => validate(['X\0X', '...', '...']), ttt.ParseError);
  assert.throws(() => validate('XOX'), ttt.ParseError);
  assert.throws(() => validate(42), TypeError);
  assert.throws(() => validate(['...', 7, '...']), TypeError);
  assert.throws(() => validate('X........', { k: -1 }), RangeError);
});

test('clone is independent and outlives the original', () => {
  const g = new Game();
  g.play(0, 0);
  const h = g.clone();
  h.play(1, 1);
  assert.deepEqual([g.moveCount, h.moveCount], [1, 2]);
  g.close();
  assert.equal(h.cell(0, 0), 1);
});

test('text round trip keeps the turn and who started', () => {
  const g = new Game();
  g.move(0, 0, 2);
  assert.equal(g.firstPlayer, 2);
  const text = g.toText();
  assert.equal(text, '3,3,3:O../.../...:X');
  const h = Game.fromText(text);
  assert.deepEqual([h.toMove, h.cell(0, 0), h.toText(), String(h)], [1, 2, text, `Game(${text})`]);
  assert.throws(() => h.undo(), { code: 'NOTHING_TO_UNDO' });
  assert.throws(() => Game.fromText('3,3,3:XQ./.../...:O'), { name: 'ParseError', code: 'PARSE_ERROR' });
  assert.throws(() => Game.fromText('3,3,3:XX./.../...:O'), { name: 'ParseError', code: 'UNREACHABLE_BOARD' });
  assert.throws(() => Game.fromText(null), TypeError);
});

test('wrong types and out-of-range numbers throw TypeError / RangeError before C', () => {
  const g = new Game();
  const bad = [[-1, RangeError], [2 ** 32, RangeError], [2 ** 53, RangeError], [1.5, RangeError],
    [NaN, RangeError], [Infinity, RangeError], ['1', TypeError], [undefined, TypeError],
    [null, TypeError], [1n, TypeError], [{}, TypeError]];
  for (const [value, Class] of bad) {
    assert.throws(() => g.play(value, 0), Class, String(value));
    assert.throws(() => g.move(0, 0, value), Class);
    assert.throws(() => g.cell(0, value), Class);
    if (value !== undefined) assert.throws(() => new Game({ cols: value }), Class); // undefined = default
    // In a move list an integer is a cell, off the board here (see the judge test below).
    assert.throws(() => judge([[0, value]]),
      Number.isInteger(value) ? { code: 'OUT_OF_BOUNDS', index: 0 } : Class);
    assert.throws(() => Game.ticTacToe(value), Class);
  }
  assert.throws(() => g.move(0, 0, -1), /player must be an integer/);
  assert.throws(() => judge('0,0'), TypeError);
  assert.throws(() => judge([[0, 0], [1]]), /moves\[1\] must be \[row, col\]/);
  assert.throws(() => new Game('3'), TypeError);
  assert.equal(g.moveCount, 0);
  // The largest uint32 passes the JS check and reaches C, which answers with a status.
  assert.throws(() => g.play(2 ** 32 - 1, 0), { code: 'OUT_OF_BOUNDS' });
});

test('big boards go through the retry path of the list functions', () => {
  const g = new Game({ rows: 20, cols: 20, k: 5 });
  assert.equal(g.legalMoves.length, 400);
  assert.equal(g.cells.length, 400);
  for (let i = 0; i < 70; i++) g.play(Math.floor(i / 20) * 2 + (i % 2), i % 20);
  assert.equal(g.moves.length, 70);
  assert.deepEqual(g.moves[69], [7, 9]);
});

test('AI: best move and optimal moves', () => {
  const g = new Game();
  const opening = g.bestMove();
  assert.equal(opening.score, 0, 'the empty 3x3 board is a draw');
  assert.equal(g.cell(opening.row, opening.col), 0);
  assert.equal(g.optimalMoves().length, 9, 'every opening move draws');
  g.play(0, 0);
  g.play(0, 1); // a losing reply: X wins in 5 plies (centre, then a fork)
  assert.equal(g.bestMove().score, 5);
  const h = Game.fromText('3,3,3:XX./OO./...:X');
  assert.deepEqual(h.bestMove(), { row: 0, col: 2, score: 1 });
  assert.ok(h.optimalMoves().some(([r, c]) => r === 0 && c === 2));
  assert.equal(h.toText(), '3,3,3:XX./OO./...:X', 'the search did not change the game');
  h.play(0, 2);
  assert.throws(() => h.bestMove(), { code: 'GAME_OVER' });
  assert.throws(() => h.optimalMoves(), { code: 'GAME_OVER' });
  const big = new Game({ rows: 15, cols: 15, k: 5 });
  assert.throws(() => big.bestMove(), { name: 'TicTacToeError', code: 'TOO_HARD' });
  assert.throws(() => big.optimalMoves(), { code: 'TOO_HARD' });
});

test('AI: forcedWinnerWithin names who wins with perfect play, and its errors', () => {
  // The player the score's sign names (player 2 may open), 0 for a draw.
  const cases = [
    ['3,3,3:.../.../...:X', 0], ['4,4,3:..../..../..../....:X', 1],
    ['4,4,3:..../..../..../....:O', 2], ['3,3,3:XX./OO./X..:O', 2],
  ];
  for (const [text, want] of cases) {
    const g = Game.fromText(text);
    assert.equal(g.forcedWinnerWithin({ maxNodes: 2 ** 20 }), want, text);
    assert.equal(g.forcedWinnerWithin({ maxNodes: 2n ** 20n, maxMillis: 60000 }), want, text);
    assert.equal(g.toText(), text, 'the game did not change');
  }
  const big = new Game(7, 7, 5);
  assert.throws(() => big.forcedWinnerWithin({ maxNodes: 1000 }), { name: 'TicTacToeError', code: 'TOO_HARD' });
  assert.throws(() => big.forcedWinnerWithin({}), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => big.forcedWinnerWithin(), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => big.forcedWinnerWithin({ maxNodes: -1 }), RangeError);
  assert.throws(() => big.forcedWinnerWithin({ maxNodes: 100, maxMillis: 2 ** 32 }), RangeError);
  assert.throws(() => big.forcedWinnerWithin({ maxNodes: 100, threads: 2 }), TypeError);
  const over = Game.fromText('3,3,3:XXX/OO./...:O');
  assert.throws(() => over.forcedWinnerWithin({ maxNodes: 100 }), { name: 'IllegalMoveError', code: 'GAME_OVER' });
});

test('AI: bestMove / optimalMoves under a budget answer as the default calls', () => {
  const budgets = [
    { maxNodes: 1000000 }, { maxNodes: 2n ** 64n - 1n }, { maxMillis: 60000 },
    { maxNodes: 1000000, maxMillis: 60000 },
  ];
  // 3x3 (empty, a forced win in 1, a win in 5), a 4x4 k=3 win, the empty 4x4 k=4 draw, and
  // 9,9,9 whose 81 drawing moves take optimalMoves' retry path for lists longer than 64.
  const positions = [
    ['3,3,3:.../.../...:X', 0], ['3,3,3:XX./OO./...:X', 1], ['3,3,3:XO./.../...:X', 5],
    ['4,4,3:X.../.O../..../....:X', 9], ['4,4,4:..../..../..../....:X', 0],
    [`9,9,9:${Array(9).fill('.'.repeat(9)).join('/')}:X`, 0],
  ];
  for (const [text, score] of positions) {
    const g = Game.fromText(text);
    const best = g.bestMove();
    const optimal = g.optimalMoves();
    assert.equal(best.score, score, text);
    for (const budget of budgets) {
      const what = `${text} ${Object.keys(budget)}`;
      assert.deepEqual(g.bestMove(budget), best, what);
      assert.deepEqual(g.optimalMoves(budget), optimal, what);
    }
    assert.deepEqual(g.bestMove(undefined), best);
    assert.deepEqual(g.optimalMoves(undefined), optimal);
    assert.equal(g.toText(), text, 'the solve did not change the game');
  }
  assert.deepEqual(Game.fromText('3,3,3:XX./OO./...:X').bestMove({ maxNodes: 1000 }),
    { row: 0, col: 2, score: 1 });
  // The empty 4x4 board with k=4: the default budget proves the draw, 100 steps do not.
  const g = new Game(4, 4, 4);
  for (const budget of [{ maxNodes: 100 }, { maxNodes: 100n }, { maxNodes: 100, maxMillis: 60000 }]) {
    assert.throws(() => g.bestMove(budget), { name: 'TicTacToeError', code: 'TOO_HARD' });
    assert.throws(() => g.optimalMoves(budget), { name: 'TicTacToeError', code: 'TOO_HARD' });
  }
  // Both limits 0, given or left out: the header's "at least one must be non-zero".
  for (const budget of [{}, { maxNodes: 0, maxMillis: 0 }, { maxNodes: 0n }]) {
    assert.throws(() => g.bestMove(budget), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
    assert.throws(() => g.optimalMoves(budget), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  }
  const won = Game.fromText('3,3,3:XX./OO./...:X');
  won.play(0, 2);
  for (const budget of [{ maxNodes: 1000 }, { maxMillis: 50 }, { maxNodes: 1000, maxMillis: 50 }]) {
    assert.throws(() => won.bestMove(budget), { name: 'IllegalMoveError', code: 'GAME_OVER' });
    assert.throws(() => won.optimalMoves(budget), { name: 'IllegalMoveError', code: 'GAME_OVER' });
  }
  // On threads: the one-thread score (the Rust tests cover the boards big enough to be
  // split), and the same errors; optimalMoves takes no threads.
  for (const text of ['3,3,3:X../.O./...:X', '4,4,4:..../..../..../....:X', '4,4,3:X.../.O../..../....:X']) {
    const h = Game.fromText(text);
    const want = h.bestMove({ maxNodes: 2 ** 24 }).score;
    for (const threads of [0, 1, 2, 3]) {
      const got = h.bestMove({ maxNodes: 2 ** 24, threads });
      assert.equal(got.score, want, `${text} on ${threads} threads`);
      assert.equal(h.cell(got.row, got.col), 0, `${text}: the move is on an empty cell`);
    }
    assert.equal(h.toText(), text);
  }
  assert.throws(() => g.bestMove({ maxNodes: 100, threads: 2 }), { name: 'TicTacToeError', code: 'TOO_HARD' });
  assert.throws(() => g.bestMove({ threads: 2 }), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => won.bestMove({ maxNodes: 100, threads: 2 }), { name: 'IllegalMoveError', code: 'GAME_OVER' });
  assert.throws(() => g.bestMove({ maxNodes: 100, threads: -1 }), RangeError);
  assert.throws(() => g.optimalMoves({ maxNodes: 100, threads: 2 }), TypeError);
  // A certificate names the position and its value; its errors are the solver's.
  assert.ok(new Game().certificate(100000).startsWith('certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n'));
  assert.equal(Game.fromText('3,3,3:XX./OO./...:X').certificate(100),
    'certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n');
  assert.throws(() => new Game(5, 5, 4).certificate(10), { name: 'TicTacToeError', code: 'TOO_HARD' });
  assert.throws(() => new Game(5, 5, 4).certificate(0), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => new Game(5, 5, 4).certificate(-1), RangeError);
  assert.throws(() => won.certificate(100), { name: 'IllegalMoveError', code: 'GAME_OVER' });
  // The budget is checked as search() checks it.
  for (const f of [(o) => g.bestMove(o), (o) => g.optimalMoves(o)]) {
    assert.throws(() => f({ maxNodes: -1 }), RangeError);
    assert.throws(() => f({ maxNodes: 1.5 }), RangeError);
    assert.throws(() => f({ maxNodes: 2 ** 53 }), RangeError);
    assert.throws(() => f({ maxNodes: -1n }), RangeError);
    assert.throws(() => f({ maxNodes: 2n ** 64n }), RangeError);
    assert.throws(() => f({ maxNodes: '10' }), TypeError);
    assert.throws(() => f({ maxMillis: -1 }), RangeError);
    assert.throws(() => f({ maxMillis: 2 ** 32 }), RangeError);
    assert.throws(() => f({ maxMillis: 50n }), TypeError);
    assert.throws(() => f(null), TypeError);
    assert.throws(() => f(50), TypeError);
  }
  assert.equal(g.moveCount, 0);
});

test('AI: a 50 ms budget stops the exact solve of an empty 7x7 k=5 board', () => {
  // The default budget spends seconds proving it drawn.
  const g = new Game(7, 7, 5);
  for (const f of [() => g.bestMove({ maxMillis: 50 }), () => g.optimalMoves({ maxMillis: 50 })]) {
    assert.throws(f, { code: 'TOO_HARD' });
  }
});

// 15x15, k=5. X: (10,0) (10,5) (12,9) (14,14); O: (3,0) (3,1) (3,2) (3,3). X to move must block
// O's four at (3,4); O's line is closed on the left by the board's edge.
function mustBlock() {
  const g = new Game({ rows: 15, cols: 15, k: 5 });
  for (const [r, c] of [[10, 0], [3, 0], [10, 5], [3, 1], [12, 9], [3, 2], [14, 14], [3, 3]]) {
    g.play(r, c);
  }
  return g;
}

test('AI: budgeted search wins, blocks, is deterministic and changes nothing', () => {
  const g = mustBlock();
  const before = g.toText();
  assert.deepEqual(g.search({ maxNodes: 5000, seed: 7 }), [3, 4]);
  assert.deepEqual(g.search({ maxNodes: 5000n, seed: 7n }), [3, 4]);
  assert.deepEqual(g.search({ maxMillis: 50 }), [3, 4]);
  assert.equal(g.toText(), before, 'the search did not change the game');
  // X: (7,3) (7,4) (7,5) (7,6), open at both ends; X to move wins at (7,2) or (7,7).
  const w = new Game({ rows: 15, cols: 15, k: 5 });
  for (const [r, c] of [[7, 3], [0, 0], [7, 4], [0, 2], [7, 5], [0, 4], [7, 6], [0, 6]]) w.play(r, c);
  const [r, c] = w.search({ maxNodes: 1000, seed: 2n ** 64n - 1n });
  assert.equal(w.play(r, c), 'A');
  assert.throws(() => w.search({ maxNodes: 10 }), { code: 'GAME_OVER' });
  assert.throws(() => g.search(), { name: 'InvalidArgumentError', code: 'INVALID_ARGUMENT' });
  assert.throws(() => g.search({ maxNodes: -1 }), RangeError);
  assert.throws(() => g.search({ maxNodes: 2 ** 53 }), RangeError);
  assert.throws(() => g.search({ maxNodes: 10, seed: 2n ** 64n }), RangeError);
  assert.throws(() => g.search({ maxNodes: 10, seed: -1n }), RangeError);
  assert.throws(() => g.search({ maxNodes: '10' }), TypeError);
  assert.throws(() => g.search({ maxMillis: 2 ** 32 }), RangeError);
});

test('AI: threatWin finds the open four of an open three, and nothing for O', () => {
  // X: (7,5) (7,6) (7,7), open at both ends, O far away; X to move makes an open four.
  const g = new Game({ rows: 15, cols: 15, k: 5 });
  for (const [r, c] of [[7, 5], [0, 0], [7, 6], [0, 2], [7, 7], [0, 4]]) g.play(r, c);
  const win = g.threatWin(10000);
  assert.ok(win.row === 7 && (win.col === 4 || win.col === 8), `threatWin played ${win.row},${win.col}`);
  assert.equal(win.plies, 3);
  assert.deepEqual(g.threatWin(10000n), win);
  assert.throws(() => g.threatWin(0), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => g.threatWin(-1), RangeError);
  const o = new Game({ rows: 15, cols: 15, k: 5 });
  for (const [r, c] of [[7, 5], [0, 0], [7, 6]]) o.play(r, c);
  assert.equal(o.threatWin(10000), null);
  const over = new Game();
  for (const [r, c] of [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2]]) over.play(r, c);
  assert.throws(() => over.threatWin(100), { code: 'GAME_OVER' });
});

test('AI: difficulty levels', () => {
  const g = mustBlock();
  for (const level of [ttt.Level.MEDIUM, ttt.Level.HARD, ttt.Level.PERFECT]) {
    assert.deepEqual(g.aiMove(level, 1), [3, 4], `level ${level} blocks the four`);
  }
  const [r, c] = g.aiMove(ttt.Level.RANDOM, 42);
  assert.equal(g.cell(r, c), 0, 'a random move is legal');
  assert.deepEqual(g.aiMove(ttt.Level.RANDOM, 42), [r, c], 'same seed, same move');
  assert.throws(() => g.aiMove(5), { code: 'INVALID_ARGUMENT' });
  assert.throws(() => g.aiMove(), TypeError);
  const t = new Game();
  t.play(0, 0);
  t.play(0, 1); // X now wins with best play
  const move = t.aiMove(ttt.Level.PERFECT);
  assert.ok(t.optimalMoves().some(([or, oc]) => or === move[0] && oc === move[1]), `${move}`);
});

test('cells is a Uint8Array of exactly rows x cols bytes, buffer included', () => {
  for (const [rows, cols] of [[3, 3], [20, 20], [1, 64], [8, 9]]) {
    const g = new Game({ rows, cols, k: 1 });
    g.play(rows - 1, cols - 1);
    const { cells } = g;
    assert.equal(cells.length, rows * cols);
    assert.equal(cells.buffer.byteLength, rows * cols, 'no stale bytes after the board');
    assert.equal(cells[rows * cols - 1], 1);
  }
});

test('a Verdict reads as its reason and compares loosely with true/false, like Python', () => {
  const bad = validate(['O  ', '   ', '   ']);
  const good = validate(['XOX', 'O O', 'XOX']);
  assert.equal(String(bad), bad.reason);
  assert.equal(`${good}`, 'valid');
  /* eslint-disable eqeqeq */
  assert.ok(bad == false && good == true && bad != true);
  /* eslint-enable eqeqeq */
  assert.equal(Number(good), 1);
});

test('an illegal move keeps the redo history and everything else', () => {
  const g = new Game();
  g.play(0, 0);
  g.play(1, 1);
  g.undo();
  const before = [g.toText(), g.moves, g.toMove, g.moveCount];
  assert.throws(() => g.play(0, 0), { code: 'CELL_OCCUPIED' });
  assert.throws(() => g.move(2, 2, 1), { code: 'WRONG_TURN' });
  assert.throws(() => g.play(0, 3), { code: 'OUT_OF_BOUNDS' });
  assert.throws(() => g.play(-1, 0), RangeError);
  assert.deepEqual([g.toText(), g.moves, g.toMove, g.moveCount], before);
  g.redo();
  assert.deepEqual(g.moves, [[0, 0], [1, 1]]);
});

test('text round trip mid-game when player 2 opened, and JSON.stringify gives the text', () => {
  const g = new Game();
  g.move(1, 1, 2);
  g.play(0, 0);
  g.play(2, 2);
  assert.deepEqual([g.toMove, g.firstPlayer], [1, 2]);
  const h = Game.fromText(g.toText());
  assert.deepEqual([h.toMove, h.firstPlayer, [...h.cells]], [1, 2, [...g.cells]]);
  assert.throws(() => h.move(0, 1, 2), { code: 'WRONG_TURN' });
  g.play(0, 2);
  h.play(0, 2);
  assert.equal(h.toText(), g.toText());
  assert.equal(JSON.stringify({ game: g }), JSON.stringify({ game: g.toText() }));
  assert.equal(Game.fromText(JSON.parse(JSON.stringify(g))).toText(), g.toText());
});

test('a 1000 x 1000 game: text, cells and lists round trip through the size retry', () => {
  const g = new Game({ rows: 1000, cols: 1000, k: 5 });
  g.play(999, 999);
  g.play(0, 0);
  g.play(500, 1);
  const text = g.toText();
  assert.equal(text.length, '1000,1000,5:'.length + 1000 * 1001 - 1 + 2);
  const h = Game.fromText(text);
  assert.equal(h.toText(), text);
  assert.deepEqual([h.cell(999, 999), h.cell(0, 0), h.cell(500, 1), h.toMove], [1, 2, 1, 2]);
  assert.deepEqual(h.cells, g.cells);
  assert.equal(h.legalMoves.length, 1000 * 1000 - 3);
  assert.deepEqual(g.moves, [[999, 999], [0, 0], [500, 1]]);
  g.close();
  h.close();
});
