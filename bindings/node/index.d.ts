// Type declarations for the tictactoe Node binding (index.js).

// Symbol.dispose (for `using`) is in TypeScript's lib only from 'esnext' (lib.esnext.disposable)
// and in @types/node; declared here too, exactly as both declare it, so that a program built
// for es2020 or es2022 without @types/node still compiles against Game[Symbol.dispose].
declare global {
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}

export type ResultString = 'Pending' | 'A' | 'B' | 'Draw';
export type Player = 0 | 1 | 2;
export type Cell = [row: number, col: number];

export interface GameOptions { rows?: number; cols?: number; k?: number }

/** The budget of an exact solve: steps and/or milliseconds, each left out 0 (= no limit). */
export interface SolveBudget { maxNodes?: number | bigint; maxMillis?: number }

export class Game {
  /** An empty rows x cols game where k in a row wins (each defaults to 3). */
  constructor(options?: GameOptions);
  /** The same, positionally, as Python's Game(3, 3, 3). */
  constructor(rows: number, cols?: number, k?: number);
  /** "Design Tic-Tac-Toe": n x n, n in a row wins. */
  static ticTacToe(n: number): Game;
  /** Reads toText()'s format, e.g. "3,3,3:X.O/.X./...:O". */
  static fromText(text: string): Game;
  /** "Design Tic-Tac-Toe": player 1 or 2 moves; returns the winner (0 while none). */
  move(row: number, col: number, player: number): Player;
  /** The side to move plays; returns the result after the move. */
  play(row: number, col: number): ResultString;
  undo(): void;
  redo(): void;
  reset(): void;
  clone(): Game;
  cell(row: number, col: number): Player;
  /**
   * Perfect play: score 0 draw, +N win in N plies, -N loss in N plies (TOO_HARD if too big).
   * With a budget (as search's: at least one non-zero) instead of the library's default one;
   * with `threads` too (0: one per core), solved on that many threads sharing the budget.
   */
  bestMove(options?: SolveBudget & { threads?: number }): { row: number; col: number; score: number };
  /** The position's value as proof trees a checker verifies with the rules alone. */
  certificate(maxNodes: number | bigint): string;
  /**
   * Who wins with perfect play, without how fast: 1 or 2, or 0 for a draw, under a budget as
   * bestMove's (at least one non-zero; TOO_HARD when it runs out).
   */
  forcedWinnerWithin(options: SolveBudget): Player;
  /** Every move that keeps the position's value; with a budget as bestMove's. */
  optimalMoves(options?: SolveBudget): Cell[];
  /** A strong move under a node and/or time budget (at least one non-zero). */
  search(options?: { maxNodes?: number | bigint; maxMillis?: number; seed?: number | bigint }): Cell;
  /**
   * A forced win by threats found within maxNodes nodes: the first move and the plies until
   * the winning stone (this move counts 1); null when none was found (not proof of no win).
   */
  threatWin(maxNodes: number | bigint): { row: number; col: number; plies: number } | null;
  /** A move at a difficulty level (see Level); deterministic for a game, level and seed. */
  aiMove(level: number, seed?: number | bigint): Cell;
  toText(): string;
  /** The same as toText(), for JSON.stringify; Game.fromText reads it back. */
  toJSON(): string;
  toString(): string;
  /** Frees the native game now; idempotent. Later use throws GameClosedError. */
  close(): void;
  [Symbol.dispose](): void;
  readonly closed: boolean;
  readonly rows: number;
  readonly cols: number;
  readonly k: number;
  readonly result: ResultString;
  readonly winner: Player;
  readonly toMove: Player;
  readonly firstPlayer: 1 | 2;
  readonly moveCount: number;
  /** Row-major copy of the board: 0 empty, 1 or 2. */
  readonly cells: Uint8Array;
  readonly moves: Cell[];
  readonly legalMoves: Cell[];
  readonly winningLine: Cell[];
}

/** What Batch#randomMoves played: moves, and how the games that ended, ended. */
export interface BatchStats { moves: number; aWins: number; bWins: number; draws: number }

/**
 * `count` games of one shape stepped together, for self-play and training. Every game is
 * always in progress: a move that ends one reports its result and empties it (auto-reset).
 * Outputs are Uint8Arrays (a Buffer is one) written in place when you pass them.
 */
export class Batch {
  /** `count` empty games of rows x cols, k in a row (each 3 by default); seed seeds randomMoves. */
  constructor(count: number | bigint, rows?: number, cols?: number, k?: number, seed?: number | bigint);
  /**
   * One move in every game: actions[i] is a cell (row * cols + col) of game i. Returns the
   * results (0 pending, 1 A wins, 2 B wins, 3 draw), into `results` when given. An illegal
   * action changes no game and throws an IllegalMoveError whose `index` is the first bad game.
   */
  step(actions: Uint32Array | readonly number[], results?: Uint8Array): Uint8Array;
  /** Planes [count][2][rows][cols]: the side to move's stones, then the opponent's. */
  observe(out?: Uint8Array): Uint8Array;
  /** Legal-move masks [count][rows * cols]: 1 where the cell is empty. */
  legalMask(out?: Uint8Array): Uint8Array;
  /** Uniformly random legal moves in every game, on `threads` threads (0: one per core). */
  randomMoves(movesPerGame: number | bigint, threads?: number): BatchStats;
  /**
   * The most threads step, observe and legalMask run on: 1 (the default) the calling thread,
   * 0 one per core; a call splits only from 2^22 cells a thread, with the same results.
   */
  setThreads(threads: number): void;
  /** A copy of game `index` (its stones and side to move; no move history). */
  game(index: number): Game;
  /** Every game back to the empty board; the random generator goes on. */
  reset(): void;
  toString(): string;
  /** Frees the native batch now; idempotent. Later use throws BatchClosedError. */
  close(): void;
  [Symbol.dispose](): void;
  readonly closed: boolean;
  readonly count: number;
  readonly rows: number;
  readonly cols: number;
  readonly k: number;
}

/**
 * A list of moves as [row, col] pairs; `as const` lists are fine. An integer row or column
 * below 0 or above 4294967295 is a cell off the board (an IllegalMoveError OUT_OF_BOUNDS at its
 * index, if no earlier move broke the rules); a non-integer is a RangeError, a non-number a
 * TypeError.
 */
export type Moves = ReadonlyArray<readonly [row: number, col: number]>;

/**
 * "Find Winner" on a rows x cols board, k in a row (each defaults to 3); A moves first. The
 * first move that breaks the rules throws an IllegalMoveError with its `index`.
 */
export function judge(moves: Moves, size?: GameOptions): ResultString;
export function judge(moves: Moves, rows: number, cols?: number, k?: number): ResultString;
/** LeetCode 1275 on 3 x 3. */
export function findWinner(moves: Moves): ResultString;
/** "Valid State": rows of equal length, or one string with rows split by '/' or '\n'. */
export function validate(board: string | readonly string[], options?: { k?: number } | number): Verdict;
export function version(): string;

export class Verdict {
  constructor(code: number);
  readonly code: number;
  readonly name: string;
  readonly valid: boolean;
  readonly reason: string | null;
  /** The reason, or "valid". */
  toString(): string;
  /** `valid`: so `verdict == false` works (an object is still truthy: test `.valid`). */
  valueOf(): boolean;
}

export const Status: Readonly<{
  OK: 0; NULL_POINTER: 1; INVALID_ARGUMENT: 2; OUT_OF_BOUNDS: 3; CELL_OCCUPIED: 4; WRONG_TURN: 5;
  GAME_OVER: 6; NOTHING_TO_UNDO: 7; NOTHING_TO_REDO: 8; PARSE_ERROR: 9; BUFFER_TOO_SMALL: 10;
  TOO_LARGE: 11; OUT_OF_MEMORY: 12; UNREACHABLE_BOARD: 13; TOO_HARD: 14; INTERNAL_ERROR: 15;
}>;
export const Level: Readonly<{ RANDOM: 0; EASY: 1; MEDIUM: 2; HARD: 3; PERFECT: 4 }>;

export class TicTacToeError extends Error {
  /** The TttStatus number; null for GameClosedError, which is not a library status. */
  readonly status: number | null;
  /** The status's name, e.g. 'CELL_OCCUPIED'; 'GAME_CLOSED' for GameClosedError. */
  readonly code: string;
}
export class IllegalMoveError extends TicTacToeError {
  /**
   * Set by judge() and findWinner(): the position in `moves` of the first move that broke the
   * rules; by Batch#step: the first game whose action was illegal.
   */
  readonly index?: number;
}
export class HistoryError extends TicTacToeError {}
export class ParseError extends TicTacToeError {}
export class InvalidArgumentError extends TicTacToeError {}
export class GameClosedError extends TicTacToeError {}
export class BatchClosedError extends TicTacToeError {}
