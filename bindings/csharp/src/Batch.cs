// Batch.cs — many games of one shape stepped together, owned through a BatchHandle. Outputs go
// into caller arrays, so a training loop allocates nothing; no rule is implemented here.
using System;

namespace TicTacToe
{
    /// <summary>What <see cref="Batch.RandomMoves"/> played: moves, and how the games that ended, ended.</summary>
    public struct BatchStats
    {
        public BatchStats(ulong moves, ulong aWins, ulong bWins, ulong draws)
        {
            Moves = moves;
            AWins = aWins;
            BWins = bWins;
            Draws = draws;
        }

        public ulong Moves { get; }
        public ulong AWins { get; }
        public ulong BWins { get; }
        public ulong Draws { get; }

        public override string ToString()
        {
            return Moves + " moves, " + AWins + " A wins, " + BWins + " B wins, " + Draws + " draws";
        }
    }

    /// <summary>
    /// <c>count</c> games of one shape for self-play and training. Every game is always in
    /// progress: a move that ends one reports its result and empties it (auto-reset). Dispose
    /// it (or <c>using</c>) to free the native batch at once; a Batch that is only collected is
    /// freed by its handle's finalizer. Not thread-safe: do not use one Batch from two threads
    /// at once (<see cref="RandomMoves"/> starts native threads of its own and waits for them).
    /// </summary>
    public sealed class Batch : IDisposable
    {
        private readonly BatchHandle handle;

        /// <summary><paramref name="count"/> empty games of rows x cols, k in a row, player 1 to
        /// move in each; <paramref name="seed"/> seeds <see cref="RandomMoves"/>.</summary>
        public Batch(int count, int rows = 3, int cols = 3, int k = 3, ulong seed = 0)
        {
            uint n = Errors.U32(count, nameof(count));
            uint r = Errors.U32(rows, nameof(rows)), c = Errors.U32(cols, nameof(cols)), kk = Errors.U32(k, nameof(k));
            Status s = Native.ttt_batch_new(r, c, kk, (UIntPtr)n, seed, out BatchHandle h);
            if (s != Status.Ok)
            {
                h.Dispose();
                Errors.Check(s, "Batch(" + count + ", " + rows + ", " + cols + ", " + k + ")");
            }
            handle = h;
            Count = count;
            Rows = rows;
            Cols = cols;
            K = k;
        }

        public int Count { get; }
        public int Rows { get; }
        public int Cols { get; }
        public int K { get; }

        /// <summary>The bytes <see cref="Observe(byte[])"/> writes: Count * 2 * Rows * Cols.</summary>
        public int ObservationLength { get { return checked(Count * 2 * Rows * Cols); } }

        /// <summary>The bytes <see cref="LegalMask(byte[])"/> writes: Count * Rows * Cols.</summary>
        public int LegalMaskLength { get { return checked(Count * Rows * Cols); } }

        private int threads = 1;

        /// <summary>The most native threads <see cref="Step(int[], byte[])"/>,
        /// <see cref="Observe(byte[])"/> and <see cref="LegalMask(byte[])"/> run on: 1 (the
        /// default) the calling thread, 0 one per core. A call splits only from 2^22 cells
        /// (games times cells) a thread, and gives the same results whatever the setting; its
        /// threads end before it returns. Under load a split call can wait for its threads
        /// longer than one thread would take.</summary>
        public int Threads
        {
            get { return threads; }
            set
            {
                BatchHandle h = Handle;
                uint t = Errors.U32(value, nameof(Threads));
                Errors.Check(Native.ttt_batch_set_threads(h, t), "Batch.Threads");
                threads = value;
            }
        }

        /// <summary>Every game back to the empty board; the random generator goes on.</summary>
        public void Reset() { Errors.Check(Native.ttt_batch_reset(Handle), "Batch.Reset"); }

        /// <summary>
        /// One move in every game: <c>actions[i]</c> is a cell (row * cols + col) of game i.
        /// <c>results[i]</c> receives game i's <see cref="Result"/> after the move, as a byte; a
        /// game that ended is emptied at once. If any action is illegal (off the board, a
        /// negative cell included, or on a stone) no game changes and an
        /// <see cref="IllegalMoveException"/> names the first bad game in its
        /// <see cref="IllegalMoveException.GameIndex"/>. Both arrays hold at least Count items.
        /// </summary>
        public void Step(int[] actions, byte[] results)
        {
            BatchHandle h = Handle;
            Need(actions, Count, nameof(actions));
            Need(results, Count, nameof(results));
            Status s = Native.ttt_batch_step(h, actions, (UIntPtr)Count, results, out UIntPtr bad);
            if (s == Status.OutOfBounds || s == Status.CellOccupied)
            {
                int game = (int)(ulong)bad;
                string message = "Batch.Step: " + s.Describe() + " (game " + game + ", action " + actions[game] + ")";
                throw new IllegalMoveException(s, message, null, game);
            }
            Errors.Check(s, "Batch.Step");
        }

        /// <summary><see cref="Step(int[], byte[])"/> into a new array of results.</summary>
        public Result[] Step(int[] actions)
        {
            var raw = new byte[Count];
            Step(actions, raw);
            var results = new Result[Count];
            for (int i = 0; i < raw.Length; i++) results[i] = (Result)raw[i];
            return results;
        }

        /// <summary>Every game's observation planes, C order [Count][2][Rows][Cols]: plane 0 the
        /// stones of the side to move in that game, plane 1 the opponent's (1 where a stone is).
        /// <paramref name="planes"/> holds at least <see cref="ObservationLength"/> bytes.</summary>
        public void Observe(byte[] planes)
        {
            BatchHandle h = Handle;
            Need(planes, ObservationLength, nameof(planes));
            Errors.Check(Native.ttt_batch_observe(h, planes, (UIntPtr)planes.Length), "Batch.Observe");
        }

        /// <summary><see cref="Observe(byte[])"/> into a new array.</summary>
        public byte[] Observe()
        {
            var planes = new byte[ObservationLength];
            Observe(planes);
            return planes;
        }

        /// <summary>Every game's legal-move mask, [Count][Rows * Cols]: 1 where the cell is empty.
        /// <paramref name="mask"/> holds at least <see cref="LegalMaskLength"/> bytes.</summary>
        public void LegalMask(byte[] mask)
        {
            BatchHandle h = Handle;
            Need(mask, LegalMaskLength, nameof(mask));
            Errors.Check(Native.ttt_batch_legal_mask(h, mask, (UIntPtr)mask.Length), "Batch.LegalMask");
        }

        /// <summary><see cref="LegalMask(byte[])"/> into a new array.</summary>
        public byte[] LegalMask()
        {
            var mask = new byte[LegalMaskLength];
            LegalMask(mask);
            return mask;
        }

        /// <summary>Random self-play: <paramref name="movesPerGame"/> uniformly random legal moves
        /// in every game (a game that ends starts again), on <paramref name="threads"/> native
        /// threads (0: one per core) that end before it returns. The same seed, count and calls
        /// give the same games whatever the thread count.</summary>
        public BatchStats RandomMoves(long movesPerGame, int threads = 0)
        {
            BatchHandle h = Handle;
            if (movesPerGame < 0) throw new ArgumentOutOfRangeException(nameof(movesPerGame), movesPerGame, "movesPerGame must not be negative");
            uint t = Errors.U32(threads, nameof(threads));
            var stats = new Native.TttBatchStats();
            Errors.Check(Native.ttt_batch_random_moves(h, (ulong)movesPerGame, t, ref stats), "Batch.RandomMoves");
            return new BatchStats(stats.moves, stats.a_wins, stats.b_wins, stats.draws);
        }

        /// <summary>A copy of game <paramref name="index"/> as a <see cref="Game"/>: its stones and
        /// side to move, no move history.</summary>
        public Game Game(int index)
        {
            BatchHandle h = Handle;
            uint i = Errors.U32(index, nameof(index));
            Status s = Native.ttt_batch_game(h, (UIntPtr)i, out GameHandle g);
            return TicTacToe.Game.Owning(s, g, "Batch.Game(" + index + ")");
        }

        public override string ToString()
        {
            return "Batch(" + Count + " x " + Rows + "," + Cols + "," + K + (IsDisposed ? ", disposed)" : ")");
        }

        public bool IsDisposed { get { return handle.IsClosed; } }

        /// <summary>Frees the native batch now. Idempotent.</summary>
        public void Dispose() { handle.Dispose(); }

        private BatchHandle Handle
        {
            get
            {
                if (handle.IsClosed) throw new ObjectDisposedException(nameof(Batch));
                return handle;
            }
        }

        private static void Need<T>(T[] array, int length, string name)
        {
            if (array == null) throw new ArgumentNullException(name);
            if (array.Length < length)
                throw new ArgumentException(name + " holds " + array.Length + " items, " + length + " are needed", name);
        }
    }
}
