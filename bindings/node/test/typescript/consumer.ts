// A TypeScript program that uses the package as its README shows, type-checked (not run) by
// test/typescript.test.js with tsc --strict for several targets: index.d.ts must compile in a
// user's build, and its types must be precise. Each @ts-expect-error line is a misuse that
// must stay an error: if a declaration decayed to `any`, tsc reports the directive as unused.
import {
  Game, judge, findWinner, validate, version, Verdict, Status, Level,
  TicTacToeError, IllegalMoveError, GameClosedError, Cell, Moves, ResultString, Player,
  Batch, BatchStats, BatchClosedError,
} from '../..';

// No @types/node here (the stricter case: nothing but the target's own library), so no console.
declare function show(...values: unknown[]): void;

const g = new Game({ rows: 3, cols: 3, k: 3 });
const h = new Game(3, 3, 3);
const n = Game.ticTacToe(4);
const r: ResultString = g.play(1, 1);
const w: Player = g.move(0, 0, 2);
show(r, w, g.result, g.toMove, g.firstPlayer, g.toText(), JSON.stringify(g));
try {
  g.play(1, 1);
} catch (e) {
  if (e instanceof IllegalMoveError) show(e.code, e.status, e.index);
  if (e instanceof TicTacToeError) show(e.message);
}

const moves: Moves = [[0, 0], [2, 0], [1, 1], [2, 1], [2, 2]] as const;
const answer: ResultString = judge(moves);
show(answer, judge(moves, { rows: 3, cols: 3, k: 3 }), judge(moves, 3, 3, 3), findWinner(moves));
const verdict: Verdict = validate(['XOX', ' X ', '   ']);
const reason: string | null = verdict.reason;
show(verdict.valid, verdict.code, verdict.name, reason, validate('XO./.../...', { k: 3 }).valid);

const best: { row: number; col: number; score: number } = h.bestMove();
const optimal: Cell[] = h.optimalMoves({ maxNodes: 10_000n, maxMillis: 50 });
const found: Cell = h.search({ maxNodes: 1000, seed: 7n });
const ai: Cell = h.aiMove(Level.HARD, 1);
const cells: Uint8Array = h.cells;
const line: Cell[] = h.winningLine;
show(best, optimal, found, ai, cells, line, h.moves, h.legalMoves, h.moveCount, version());
show(Status.CELL_OCCUPIED === 4, Game.fromText(h.toText()).clone().rows);

h.undo();
h.redo();
h.reset();
h[Symbol.dispose]();
n.close();
show(n.closed, new GameClosedError().code);

const batch = new Batch(4, 3, 3, 3, 7n);
const planes: Uint8Array = batch.observe(new Uint8Array(72));
const results: Uint8Array = batch.step([0, 1, 2, 3], new Uint8Array(4));
const stats: BatchStats = batch.randomMoves(10);
show(planes, results, stats.aWins, batch.legalMask(), batch.game(0).toText(), batch.count);
batch.reset();
batch.close();
show(batch.closed, new BatchClosedError().code);
// @ts-expect-error: observe writes bytes, not 32-bit numbers
batch.observe(new Uint32Array(72));

// @ts-expect-error: the result is one of four strings, not a number
const wrongResult: number = g.result;
// @ts-expect-error: rows is read-only
g.rows = 4;
// @ts-expect-error: play takes a row and a column
g.play(1);
// @ts-expect-error: a move list holds [row, col] pairs
judge([[0, 0, 0]]);
// @ts-expect-error: validate takes rows or one string
validate(42);
// @ts-expect-error: Status is read-only
Status.OK = 1;
// @ts-expect-error: an unknown option (a typo of seed) is refused, as it is at runtime
g.search({ maxNodes: 1000, sed: 7 });
show(wrongResult);
g.close();
