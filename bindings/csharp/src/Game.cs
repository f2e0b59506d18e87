// Game.cs — an m,n,k-game owned through a GameHandle. Every member is one native call (a list
// may take a second one when it outgrows the first buffer); no rule is implemented here.
using System;
using System.Collections.Generic;
using System.Text;

namespace TicTacToe
{
    /// <summary>
    /// An m,n,k-game: a <c>rows x cols</c> board where <c>k</c> in a row wins. Dispose it (or
    /// <c>using</c>) to free the native game at once; a Game that is only collected is freed by
    /// its handle's finalizer. Using a disposed Game throws <see cref="ObjectDisposedException"/>.
    /// Not thread-safe: do not use one Game from two threads at once. Distinct Games are independent.
    /// </summary>
    public sealed class Game : IDisposable
    {
        private readonly GameHandle handle;

        /// <summary>An empty board; player 1 (X) moves first. Defaults: classic 3,3,3.</summary>
        public Game(int rows = 3, int cols = 3, int k = 3)
        {
            uint r = Errors.U32(rows, nameof(rows)), c = Errors.U32(cols, nameof(cols)), kk = Errors.U32(k, nameof(k));
            handle = Adopt(Native.ttt_game_new(r, c, kk, out GameHandle h), h, "Game");
        }

        private Game(GameHandle owned) { handle = owned; }

        /// <summary>"Design Tic-Tac-Toe": n x n, n in a row wins.</summary>
        public static Game TicTacToe(int n)
        {
            uint nn = Errors.U32(n, nameof(n));
            return new Game(Adopt(Native.ttt_tictactoe_new(nn, out GameHandle h), h, "Game.TicTacToe"));
        }

        /// <summary>Reads <see cref="ToText"/>'s format, e.g. <c>3,3,3:X.O/.X./...:O</c>.</summary>
        public static Game FromText(string text)
        {
            if (text == null) throw new ArgumentNullException(nameof(text));
            byte[] bytes = Encoding.UTF8.GetBytes(text);
            Status s = Native.ttt_game_from_text(bytes, (UIntPtr)bytes.Length, out GameHandle h);
            return new Game(Adopt(s, h, "Game.FromText"));
        }

        /// <summary>An independent copy: board, turn, result and undo/redo history.</summary>
        public Game Clone()
        {
            return new Game(Adopt(Native.ttt_game_clone(Handle, out GameHandle h), h, "Game.Clone"));
        }

        /// <summary>"Design Tic-Tac-Toe": player 1 or 2 moves; returns 0 (no winner yet), 1 or 2.</summary>
        public int Move(int row, int col, int player)
        {
            GameHandle h = Handle; // a disposed game says so before any argument is checked
            uint r = Errors.U32(row, nameof(row)), c = Errors.U32(col, nameof(col)), p = Errors.U32(player, nameof(player));
            Status s = Native.ttt_game_move(h, r, c, p, out uint winner);
            if (s != Status.Ok) Errors.Check(s, "Game.Move(" + row + ", " + col + ", player " + player + ")");
            return (int)winner;
        }

        /// <summary>The side to move plays (row, col); returns the result after the move.</summary>
        public Result Play(int row, int col)
        {
            GameHandle h = Handle;
            uint r = Errors.U32(row, nameof(row)), c = Errors.U32(col, nameof(col));
            Status s = Native.ttt_game_play(h, r, c, out Result result);
            if (s != Status.Ok) Errors.Check(s, "Game.Play(" + row + ", " + col + ")");
            return result;
        }

        public void Undo() { Errors.Check(Native.ttt_game_undo(Handle), "Game.Undo"); }
        public void Redo() { Errors.Check(Native.ttt_game_redo(Handle), "Game.Redo"); }

        /// <summary>Empties the board and the history; the size and k stay.</summary>
        public void Reset() { Errors.Check(Native.ttt_game_reset(Handle), "Game.Reset"); }

        public int Rows { get { return Size(out _, out _); } }
        public int Cols { get { Size(out int cols, out _); return cols; } }
        public int K { get { Size(out _, out int k); return k; } }

        /// <summary>1 or 2; 0 once the game is over.</summary>
        public int ToMove
        {
            get
            {
                Errors.Check(Native.ttt_game_to_move(Handle, out uint p), "Game.ToMove");
                return (int)p;
            }
        }

        /// <summary>Who made (or will make) the first move: 1, or 2 if player 2 opened with Move.</summary>
        public int FirstPlayer
        {
            get
            {
                Errors.Check(Native.ttt_game_first_player(Handle, out uint p), "Game.FirstPlayer");
                return (int)p;
            }
        }

        public Result Result
        {
            get
            {
                Errors.Check(Native.ttt_game_result(Handle, out Result r), "Game.Result");
                return r;
            }
        }

        /// <summary>The winner, 1 or 2; 0 while nobody has won or after a draw.</summary>
        public int Winner
        {
            get
            {
                Result r = Result;
                return r == Result.AWins ? 1 : r == Result.BWins ? 2 : 0;
            }
        }

        /// <summary>The stone on (row, col): 0 empty, 1 or 2.</summary>
        public int this[int row, int col]
        {
            get
            {
                GameHandle h = Handle;
                uint r = Errors.U32(row, nameof(row)), c = Errors.U32(col, nameof(col));
                Status s = Native.ttt_game_cell(h, r, c, out uint p);
                if (s != Status.Ok) Errors.Check(s, "Game[" + row + ", " + col + "]");
                return (int)p;
            }
        }

        /// <summary>The number of stones on the board.</summary>
        public int MoveCount
        {
            get
            {
                Errors.Check(Native.ttt_game_move_count(Handle, out UIntPtr n), "Game.MoveCount");
                return checked((int)(ulong)n);
            }
        }

        /// <summary>The whole board, row-major, one byte per cell: 0 empty, 1 or 2.</summary>
        public IReadOnlyList<byte> Cells
        {
            get
            {
                GameHandle h = Handle;
                return Fetch((byte[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_cells(h, b, cap, out n), "Game.Cells");
            }
        }

        /// <summary>Moves played so far, oldest first (none for a game loaded from text).</summary>
        public IReadOnlyList<Cell> Moves
        {
            get
            {
                GameHandle h = Handle;
                return CellList((uint[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_moves(h, b, cap, out n), "Game.Moves");
            }
        }

        /// <summary>The cells the side to move may play, row-major; none once the game is over.</summary>
        public IReadOnlyList<Cell> LegalMoves
        {
            get
            {
                GameHandle h = Handle;
                return CellList((uint[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_legal_moves(h, b, cap, out n), "Game.LegalMoves");
            }
        }

        /// <summary>The winning run end to end; empty while nobody has won.</summary>
        public IReadOnlyList<Cell> WinningLine
        {
            get
            {
                GameHandle h = Handle;
                return CellList((uint[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_winning_line(h, b, cap, out n), "Game.WinningLine");
            }
        }

        /// <summary>Perfect play for the side to move: the fastest win, else a draw, else the
        /// slowest loss, with the position's value. Throws <see cref="IllegalMoveException"/>
        /// (GameOver) on a finished game and <see cref="TooHardException"/> when the position is
        /// too big to solve exactly. Never changes the game.</summary>
        public ScoredMove BestMove()
        {
            Errors.Check(Native.ttt_game_best_move(Handle, out uint row, out uint col, out int score), "Game.BestMove");
            return new ScoredMove(new Cell((int)row, (int)col), score);
        }

        /// <summary>Every move that keeps the position's value (for a lost position, every move),
        /// row-major. Throws as <see cref="BestMove()"/> does.</summary>
        public IReadOnlyList<Cell> OptimalMoves()
        {
            GameHandle h = Handle;
            return CellList((uint[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_optimal_moves(h, b, cap, out n), "Game.OptimalMoves");
        }

        /// <summary><see cref="BestMove()"/> under the caller's budget instead of the default 2^24
        /// steps: <paramref name="maxNodes"/> steps of the exact search and/or
        /// <paramref name="maxMillis"/> milliseconds (0 = no limit of that kind; at least one must
        /// be set, else <see cref="InvalidRulesException"/>). Throws <see cref="TooHardException"/>
        /// when the budget runs out (whatever is answered is exact), otherwise as
        /// <see cref="BestMove()"/> does. A step budget alone is reproducible. Never changes the game.</summary>
        public ScoredMove BestMove(long maxNodes, int maxMillis = 0)
        {
            GameHandle h = Handle;
            uint millis = Budget(maxNodes, maxMillis);
            Errors.Check(Native.ttt_game_best_move_within(h, (ulong)maxNodes, millis, out uint row, out uint col, out int score), "Game.BestMove");
            return new ScoredMove(new Cell((int)row, (int)col), score);
        }

        /// <summary><see cref="BestMove(long, int)"/> on <paramref name="threads"/> threads (0 = one
        /// per core): the position's moves are solved as independent subproblems drawing on one
        /// shared budget of <paramref name="maxNodes"/> steps. The score is
        /// <see cref="BestMove(long, int)"/>'s; the move is one with that score. The threads have
        /// ended when it returns. Throws as <see cref="BestMove(long, int)"/> does.</summary>
        public ScoredMove BestMoveThreads(long maxNodes, int maxMillis = 0, int threads = 0)
        {
            GameHandle h = Handle;
            uint millis = Budget(maxNodes, maxMillis);
            uint count = Errors.U32(threads, nameof(threads));
            Errors.Check(Native.ttt_game_best_move_threads(h, (ulong)maxNodes, millis, count, out uint row, out uint col, out int score), "Game.BestMoveThreads");
            return new ScoredMove(new Cell((int)row, (int)col), score);
        }

        /// <summary>Who wins with perfect play, without how fast: the player (1 or 2) who wins
        /// against any defence, or 0 for a draw, under the caller's budget as
        /// <see cref="BestMove(long, int)"/> takes it (shared by the two proofs it may take). It
        /// reaches further than <see cref="BestMove()"/>, which must also find the fastest win.
        /// Throws as <see cref="BestMove(long, int)"/> does.</summary>
        public int ForcedWinnerWithin(long maxNodes, int maxMillis = 0)
        {
            GameHandle h = Handle;
            uint millis = Budget(maxNodes, maxMillis);
            Errors.Check(Native.ttt_game_forced_winner_within(h, (ulong)maxNodes, millis, out uint player), "Game.ForcedWinnerWithin");
            return (int)player;
        }

        /// <summary><see cref="OptimalMoves()"/> under the caller's budget, as
        /// <see cref="BestMove(long, int)"/> takes it; throws as that does.</summary>
        public IReadOnlyList<Cell> OptimalMoves(long maxNodes, int maxMillis = 0)
        {
            GameHandle h = Handle;
            uint millis = Budget(maxNodes, maxMillis);
            ulong nodes = (ulong)maxNodes;
            return CellList((uint[] b, UIntPtr cap, out UIntPtr n) => Native.ttt_game_optimal_moves_within(h, nodes, millis, b, cap, out n), "Game.OptimalMoves");
        }

        /// <summary>A strong move on any board within <paramref name="maxNodes"/> search nodes
        /// and/or <paramref name="maxMillis"/> milliseconds (0 = no limit; at least one must be
        /// set, else <see cref="InvalidRulesException"/>). Takes a win in one, else blocks a loss in
        /// one. A node budget alone is reproducible: the same game, budget and seed give the same
        /// move. Throws <see cref="IllegalMoveException"/> (GameOver) on a finished game.</summary>
        public Cell Search(long maxNodes = 0, int maxMillis = 0, ulong seed = 0)
        {
            GameHandle h = Handle;
            uint millis = Budget(maxNodes, maxMillis);
            Errors.Check(Native.ttt_game_search(h, (ulong)maxNodes, millis, seed, out uint row, out uint col), "Game.Search");
            return new Cell((int)row, (int)col);
        }

        /// <summary>A forced win for the side to move by threats (continuous fours, or fours and
        /// threes), found within <paramref name="maxNodes"/> search nodes and proved against every
        /// defence; null when none was found, which does not mean there is no win. Deterministic.
        /// Throws <see cref="InvalidRulesException"/> for maxNodes 0 and
        /// <see cref="IllegalMoveException"/> (GameOver) on a finished game.</summary>
        public TicTacToe.ThreatWin? ThreatWin(long maxNodes)
        {
            Budget(maxNodes, 0);
            Status status = Native.ttt_game_threat_win(Handle, (ulong)maxNodes, out uint row, out uint col, out uint plies);
            if (status == Status.TooHard) return null;
            Errors.Check(status, "Game.ThreatWin");
            return new TicTacToe.ThreatWin(new Cell((int)row, (int)col), (int)plies);
        }

        /// <summary>A move at a difficulty level; the same game, level and seed give the same move.</summary>
        public Cell AiMove(Level level, ulong seed = 0)
        {
            Errors.Check(Native.ttt_game_ai_move(Handle, level, seed, out uint row, out uint col), "Game.AiMove");
            return new Cell((int)row, (int)col);
        }

        /// <summary>A certificate of the position's value: proof trees in text that a checker
        /// verifies with the rules alone (docs/ai.md, "Certificates"), of at most
        /// <paramref name="maxNodes"/> nodes. Throws <see cref="TooHardException"/> when more are
        /// needed, as <see cref="BestMove()"/> does otherwise.</summary>
        public string Certificate(long maxNodes)
        {
            GameHandle h = Handle;
            if (maxNodes < 0) throw new ArgumentOutOfRangeException(nameof(maxNodes), maxNodes, "maxNodes must not be negative");
            Status probe = Native.ttt_game_certificate(h, (ulong)maxNodes, null, UIntPtr.Zero, out UIntPtr len);
            if (probe != Status.BufferTooSmall) Errors.Check(probe, "Game.Certificate");
            var buffer = new byte[checked((int)(ulong)len + 1)];  // the C function also writes a NUL
            Errors.Check(Native.ttt_game_certificate(h, (ulong)maxNodes, buffer, (UIntPtr)buffer.Length, out len), "Game.Certificate");
            return Encoding.ASCII.GetString(buffer, 0, (int)(ulong)len);
        }

        /// <summary><c>rows,cols,k:BOARD:P</c>; keeps whose turn it is. <see cref="FromText"/> reads it back.</summary>
        public string ToText()
        {
            GameHandle h = Handle;
            Status probe = Native.ttt_game_to_text(h, null, UIntPtr.Zero, out UIntPtr len);
            if (probe != Status.BufferTooSmall) Errors.Check(probe, "Game.ToText");
            var buffer = new byte[checked((int)(ulong)len + 1)];  // the C function also writes a NUL
            Errors.Check(Native.ttt_game_to_text(h, buffer, (UIntPtr)buffer.Length, out len), "Game.ToText");
            return Encoding.ASCII.GetString(buffer, 0, (int)(ulong)len);
        }

        /// <summary>The text form, or a marker once disposed (safe to call from a debugger).</summary>
        public override string ToString() { return IsDisposed ? "Game (disposed)" : ToText(); }

        public bool IsDisposed { get { return handle.IsClosed; } }

        /// <summary>Frees the native game now. Idempotent.</summary>
        public void Dispose() { handle.Dispose(); }

        private GameHandle Handle
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException(nameof(Game));
                return handle;
            }
        }

        /// <summary>A Game owning a handle the library just returned (Batch.Game).</summary>
        internal static Game Owning(Status status, GameHandle h, string where)
        {
            return new Game(Adopt(status, h, where));
        }

        private static GameHandle Adopt(Status status, GameHandle h, string where)
        {
            if (status != Status.Ok)
            {
                h.Dispose();  // invalid (NULL) on failure: nothing to free, but no finalizer work
                Errors.Check(status, where);
            }
            return h;
        }

        /// <summary>Checks a budget before the native call (a negative number would wrap to a huge
        /// unsigned one); returns the milliseconds as the C API takes them. Both 0 is the C API's
        /// InvalidArgument to report.</summary>
        private static uint Budget(long maxNodes, int maxMillis)
        {
            if (maxNodes < 0) throw new ArgumentOutOfRangeException(nameof(maxNodes), maxNodes, "maxNodes must not be negative");
            return Errors.U32(maxMillis, nameof(maxMillis));
        }

        private int Size(out int cols, out int k)
        {
            Errors.Check(Native.ttt_game_size(Handle, out uint r, out uint c, out uint kk), "Game.Size");
            cols = (int)c;
            k = (int)kk;
            return (int)r;
        }

        private delegate Status Fill<T>(T[] buffer, UIntPtr capacity, out UIntPtr count);

        /// <summary>For the C functions that fill a caller buffer and report the needed count.
        /// Most lists are short, so one call into a 64-entry buffer usually does; a longer one is
        /// retried at the reported size (a probe call first would cost OptimalMoves a second solve).</summary>
        private static T[] Fetch<T>(Fill<T> fill, string where)
        {
            var buffer = new T[64];
            Status status = fill(buffer, (UIntPtr)buffer.Length, out UIntPtr count);
            if (status == Status.BufferTooSmall)
            {
                buffer = new T[checked((int)(ulong)count)];
                status = fill(buffer, (UIntPtr)buffer.Length, out count);
            }
            Errors.Check(status, where);
            Array.Resize(ref buffer, (int)(ulong)count);
            return buffer;
        }

        /// <summary>For the C functions that list cells as row * cols + col.</summary>
        private Cell[] CellList(Fill<uint> fill, string where)
        {
            uint[] index = Fetch(fill, where);
            uint cols = (uint)Cols;
            var cells = new Cell[index.Length];
            for (int i = 0; i < index.Length; i++) cells[i] = new Cell((int)(index[i] / cols), (int)(index[i] % cols));
            return cells;
        }
    }
}
