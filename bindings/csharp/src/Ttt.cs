// Ttt.cs — the functions that take no game: judge ("Find Winner"), validate ("Valid State"),
// version, and the names of statuses, results and verdicts (as extension methods).
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace TicTacToe
{
    /// <summary>Judging, validating and naming. Safe to call from any thread.</summary>
    public static class Ttt
    {
        /// <summary>The native library's version, "MAJOR.MINOR.PATCH".</summary>
        public static string Version { get { return Marshal.PtrToStringAnsi(Native.ttt_version()); } }

        /// <summary>A few words naming a status, e.g. "cell occupied".</summary>
        public static string Describe(this Status status) { return Marshal.PtrToStringAnsi(Native.ttt_status_str(status)); }

        /// <summary>A sentence naming why a board is unreachable (or that it is reachable).</summary>
        public static string Describe(this Verdict verdict) { return Marshal.PtrToStringAnsi(Native.ttt_verdict_str(verdict)); }

        /// <summary>"Pending", "A", "B" or "Draw" — the "Find Winner" answers.</summary>
        public static string ToAnswer(this Result result) { return Marshal.PtrToStringAnsi(Native.ttt_result_str(result)); }

        /// <summary>"Find Winner", generalized: replays moves (A first) on an empty rows x cols board.
        /// The first illegal move in the list throws <see cref="IllegalMoveException"/> whose
        /// MoveIndex says which: off the board (a negative row or col included), game over, or an
        /// occupied cell, checked in that order for each move. A negative rows, cols or k throws
        /// <see cref="ArgumentOutOfRangeException"/>.</summary>
        public static Result Judge(IList<Cell> moves, int rows = 3, int cols = 3, int k = 3)
        {
            return JudgeFlat(moves, Flatten(moves), rows, cols, k);
        }

        /// <summary><see cref="Judge(IList{Cell}, int, int, int)"/> with LeetCode's
        /// <c>int[][] moves</c>, each move <c>{row, col}</c> (a negative number is off the board,
        /// as there).</summary>
        public static Result Judge(int[][] moves, int rows = 3, int cols = 3, int k = 3)
        {
            Cell[] cells = ToCells(moves);
            return JudgeFlat(cells, Flatten(cells), rows, cols, k);
        }

        /// <summary>LeetCode 1275 on 3 x 3: "A", "B", "Draw" or "Pending". The first illegal move
        /// (a negative row or col is off the board) throws <see cref="IllegalMoveException"/> with
        /// its MoveIndex, as <see cref="Judge(int[][], int, int, int)"/> does.</summary>
        public static string FindWinner(int[][] moves)
        {
            Cell[] cells = ToCells(moves);
            uint[] flat = Flatten(cells);
            Status s = Native.ttt_find_winner(flat, (UIntPtr)(flat.Length / 2), out IntPtr answer);
            if (s != Status.Ok)
            {
                // ttt_find_winner does not say which move broke the rules; ttt_judge_ex does.
                JudgeFlat(cells, flat, 3, 3, 3, "Ttt.FindWinner");
                Errors.Check(s, "Ttt.FindWinner");
            }
            return Marshal.PtrToStringAnsi(answer);
        }

        /// <summary>"Valid State" (the Python binding's <c>validate(board, k=None)</c>): is this board
        /// reachable in a legal game of k in a row with X first? <paramref name="board"/> is one
        /// string whose rows are split by '/' or '\n' (separators at either end are ignored), or, with
        /// no separator, a square board of n x n cells. Cells are 'X', 'O', and ' ' or '.' for
        /// empty. <paramref name="k"/> null means k = rows = cols, which needs a square board.</summary>
        public static Verdict Validate(string board, int? k = null)
        {
            if (board == null) throw new ArgumentNullException(nameof(board));
            return Validate(SplitRows(board), k);
        }

        /// <summary>"Valid State" on a board of exactly <paramref name="rows"/> x
        /// <paramref name="cols"/> cells given row-major in one string ('/' and '\n' are skipped
        /// wherever they appear).</summary>
        public static Verdict Validate(string board, int rows, int cols, int k = 3)
        {
            if (board == null) throw new ArgumentNullException(nameof(board));
            uint r = Errors.U32(rows, nameof(rows)), c = Errors.U32(cols, nameof(cols)), kk = Errors.U32(k, nameof(k));
            byte[] bytes = Encoding.UTF8.GetBytes(board);
            Errors.Check(Native.ttt_validate(bytes, (UIntPtr)bytes.Length, r, c, kk, out Verdict v), "Ttt.Validate");
            return v;
        }

        /// <summary>LeetCode 794 shape: one string per row, all the same length.
        /// <paramref name="k"/> null means k = rows = cols (square boards only).</summary>
        public static Verdict Validate(string[] board, int? k = null)
        {
            if (board == null) throw new ArgumentNullException(nameof(board));
            uint kk = 0;  // the C API's "k = rows = cols"
            if (k.HasValue)
            {
                kk = Errors.U32(k.Value, nameof(k));
                if (kk == 0) throw new InvalidRulesException(Status.InvalidArgument, "Ttt.Validate: k must be at least 1 (omit it for k = rows = cols)");
            }
            foreach (string row in board)
            {
                if (row == null) throw new ArgumentNullException(nameof(board), "a row is null");
                // Rows go to C as NUL-terminated strings; an embedded NUL would silently cut one.
                if (row.IndexOf('\0') >= 0) throw new ParseException(Status.ParseError, "Ttt.Validate: a row contains a NUL character");
            }
            // Each row as UTF-8 and a NUL, all in one pinned buffer (the runtime's LPStr would use
            // the ANSI code page on Windows, best-fit mapping e.g. a fullwidth 'Ｘ' to 'X').
            var offsets = new int[board.Length];
            int size = 0;
            for (int i = 0; i < board.Length; i++)
            {
                offsets[i] = size;
                size = checked(size + Encoding.UTF8.GetByteCount(board[i]) + 1);
            }
            var bytes = new byte[size];
            for (int i = 0; i < board.Length; i++) Encoding.UTF8.GetBytes(board[i], 0, board[i].Length, bytes, offsets[i]);
            GCHandle pin = GCHandle.Alloc(bytes, GCHandleType.Pinned);
            try
            {
                IntPtr start = pin.AddrOfPinnedObject();
                var rows = new IntPtr[board.Length];
                for (int i = 0; i < rows.Length; i++) rows[i] = IntPtr.Add(start, offsets[i]);
                Status status = Native.ttt_validate_rows(rows, (UIntPtr)rows.Length, kk, out Verdict v);
                if (status != Status.Ok)
                {
                    string detail = ShapeDetail(status, board, k);
                    throw Errors.For(status, "Ttt.Validate: " + status.Describe() + (detail == null ? "" : " (" + detail + ")"), null);
                }
                return v;
            }
            finally
            {
                pin.Free();
            }
        }

        /// <summary>What was wrong with the shape of a board <c>Validate</c> refused; null when
        /// the status is not about its shape.</summary>
        private static string ShapeDetail(Status status, string[] board, int? k)
        {
            int cols = board.Length > 0 ? board[0].Length : 0;
            bool ragged = false;
            foreach (string row in board) ragged |= row.Length != cols;
            string shape = board.Length + "x" + cols;
            if (status == Status.ParseError)
            {
                // A verbatim @"..." board in a file saved with Windows line endings has a '\r'
                // before each '\n'; say so rather than only that the rows differ.
                foreach (string row in board)
                    if (row.IndexOf('\r') >= 0) return "'\\r' is not a cell: rows are split by '\\n' or '/' (Windows line endings?)";
                return ragged ? "rows of unequal length" : null;
            }
            if (status != Status.InvalidArgument) return null;
            if (board.Length == 0 || cols == 0) return "an empty board (" + shape + ")";
            if (!k.HasValue && board.Length != cols) return "k = null means k = rows = cols, but the board is " + shape + ": pass k";
            return "k = " + k + " is more than the " + shape + " board's longest side";
        }

        /// <summary>One board string as rows, as the Python binding reads it.</summary>
        private static string[] SplitRows(string board)
        {
            if (board.IndexOf('/') < 0 && board.IndexOf('\n') < 0)
            {
                long side = (long)Math.Sqrt(board.Length);
                while (side * side > board.Length) side--;
                while ((side + 1) * (side + 1) <= board.Length) side++;
                if (side * side != board.Length)
                    throw new ParseException(Status.ParseError, "Ttt.Validate: an unsplit board of " + board.Length + " cells is not square");
                var square = new string[side];
                for (int i = 0; i < side; i++) square[i] = board.Substring(i * (int)side, (int)side);
                return square;
            }
            // Separators at either end make no row: a verbatim-string board starts and ends with one.
            return board.Replace('\n', '/').Trim('/').Split('/');
        }

        /// <summary>Judges <paramref name="flat"/>, the moves as <see cref="Flatten"/> made them;
        /// <paramref name="moves"/> are the caller's cells, named in the message as given.</summary>
        private static Result JudgeFlat(IList<Cell> moves, uint[] flat, int rows, int cols, int k, string where = "Ttt.Judge")
        {
            uint r = Errors.U32(rows, nameof(rows)), c = Errors.U32(cols, nameof(cols)), kk = Errors.U32(k, nameof(k));
            Status s = Native.ttt_judge_ex(flat, (UIntPtr)(flat.Length / 2), r, c, kk, out Result result, out UIntPtr bad);
            if (s == Status.OutOfBounds || s == Status.CellOccupied || s == Status.GameOver)
            {
                int i = (int)(ulong)bad;
                Cell m = moves[i];
                throw Errors.For(s, where + ": " + s.Describe() + ": move " + i + " (" + m.Row + ", " + m.Col + ")", i);
            }
            Errors.Check(s, where);
            return result;
        }

        /// <summary>Moves as C's <c>row0, col0, row1, col1, ...</c>. A negative row or col is a cell
        /// off the board: it goes to C as <see cref="uint.MaxValue"/>, past any board's side (at
        /// most 2^26 cells), so that C judges the list in order and reports OutOfBounds at that
        /// move unless an earlier move broke the rules.</summary>
        private static uint[] Flatten(IList<Cell> moves)
        {
            if (moves == null) throw new ArgumentNullException(nameof(moves));
            var flat = new uint[moves.Count * 2];
            for (int i = 0; i < moves.Count; i++)
            {
                Cell m = moves[i];
                flat[2 * i] = m.Row < 0 ? uint.MaxValue : (uint)m.Row;
                flat[2 * i + 1] = m.Col < 0 ? uint.MaxValue : (uint)m.Col;
            }
            return flat;
        }

        /// <summary>LeetCode's moves, each <c>{row, col}</c>, as cells.</summary>
        private static Cell[] ToCells(int[][] moves)
        {
            if (moves == null) throw new ArgumentNullException(nameof(moves));
            var cells = new Cell[moves.Length];
            for (int i = 0; i < moves.Length; i++)
            {
                if (moves[i] == null) throw new ArgumentNullException("moves[" + i + "]", "each move must be {row, col}, not null");
                if (moves[i].Length != 2)
                    throw new ArgumentException("each move must be {row, col}, not " + moves[i].Length + " numbers", "moves[" + i + "]");
                cells[i] = new Cell(moves[i][0], moves[i][1]);
            }
            return cells;
        }
    }
}
