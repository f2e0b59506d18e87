// AuditTests.cs — an independent audit of the C# binding, written from docs/rules.md, docs/c-api.md,
// the Python binding's surface, include/tictactoe.h and bindings/csharp/README.md only,
// not from the binding's source. Every check compares the binding with a small reference written
// here — a brute-force reachability search, the validity rule, a replaying judge, a game model, a plain
// minimax — or with a number the header states, so a wrong binding or library fails it.
// Set TTT_AUDIT_VERBOSE=1 to print each test's comparison count and time.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace TicTacToe.Tests
{
    internal static class AuditTests
    {
        // Status numbers as the header lists them.
        private const int OK = 0, NULL_POINTER = 1, INVALID = 2, OOB = 3, OCCUPIED = 4, WRONG_TURN = 5, GAME_OVER = 6,
            NO_UNDO = 7, NO_REDO = 8, PARSE = 9, BUFFER = 10, TOO_LARGE = 11, OOM = 12, UNREACHABLE = 13, TOO_HARD = 14,
            INTERNAL = 15;

        private static readonly bool Verbose = Environment.GetEnvironmentVariable("TTT_AUDIT_VERBOSE") == "1";
        private static int checks;
        private static readonly Stopwatch Clock = new Stopwatch();

        private static void Begin()
        {
            checks = 0;
            Clock.Restart();
        }

        private static void End([CallerMemberName] string name = "")
        {
            if (Verbose) Console.WriteLine("  audit " + name + ": " + checks + " comparisons, " + Clock.ElapsedMilliseconds + " ms");
        }

        private static int I(object o) => Convert.ToInt32(o);

        /// <summary>One recorded failure for a list of mismatches (the first few are shown).</summary>
        private static void Report(List<string> errors, string what, [CallerLineNumber] int line = 0)
        {
            if (errors.Count > 0)
                Assert.True(false, what + ": " + errors.Count + " mismatch(es); first: " + string.Join(" || ", errors.Take(4)), line);
        }

        private static void Check(List<string> errors, string error, string context)
        {
            checks++;
            if (error != null) errors.Add(context + ": " + error);
        }

        // ---------------------------------------------------------------------------------------
        // Expected exceptions (README "Errors")

        private static Type ExceptionFor(int status)
        {
            switch (status)
            {
                case OOB: case OCCUPIED: case WRONG_TURN: case GAME_OVER: return typeof(IllegalMoveException);
                case INVALID: case TOO_LARGE: return typeof(InvalidRulesException);
                case NO_UNDO: case NO_REDO: return typeof(NoHistoryException);
                case PARSE: case UNREACHABLE: return typeof(ParseException);
                case TOO_HARD: return typeof(TooHardException);
                default: return typeof(TicTacToeException);
            }
        }

        /// <summary>null when <paramref name="action"/> threw the README's exception for
        /// <paramref name="status"/>, carrying that status; else what happened.</summary>
        private static string Expect(int status, Action action)
        {
            Type want = ExceptionFor(status);
            try
            {
                action();
            }
            catch (Exception e)
            {
                var t = e as TicTacToeException;
                if (t == null || !want.IsInstanceOfType(e))
                    return "expected " + want.Name + " (status " + status + "), got " + e.GetType().Name + ": " + e.Message;
                if (I(t.Status) != status) return "expected status " + status + ", got " + I(t.Status) + " (" + e.Message + ")";
                return null;
            }
            return "expected " + want.Name + " (status " + status + "), nothing was thrown";
        }

        private static string ExpectDotNet<T>(Action action) where T : Exception
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                return e is T ? null : "expected " + typeof(T).Name + ", got " + e.GetType().Name + ": " + e.Message;
            }
            return "expected " + typeof(T).Name + ", nothing was thrown";
        }

        private static string NoThrow(Action action)
        {
            try
            {
                action();
                return null;
            }
            catch (Exception e)
            {
                return "threw " + e.GetType().Name + ": " + e.Message;
            }
        }

        // ---------------------------------------------------------------------------------------
        // Board rules (the rules and the validity rule), written plainly. A board is int[rows*cols]: 0 empty, 1 X, 2 O.

        private static readonly int[] DR = { 0, 1, 1, 1 }, DC = { 1, 0, 1, -1 }; // → ↓ ↘ ↙

        /// <summary>The unbroken run of the stone at <paramref name="cell"/> in direction d, in
        /// ascending cell order.</summary>
        private static List<int> Run(int[] b, int rows, int cols, int cell, int d)
        {
            int p = b[cell], r = cell / cols, c = cell % cols;
            while (r - DR[d] >= 0 && r - DR[d] < rows && c - DC[d] >= 0 && c - DC[d] < cols && b[(r - DR[d]) * cols + c - DC[d]] == p)
            {
                r -= DR[d];
                c -= DC[d];
            }
            var run = new List<int>();
            while (r >= 0 && r < rows && c >= 0 && c < cols && b[r * cols + c] == p)
            {
                run.Add(r * cols + c);
                r += DR[d];
                c += DC[d];
            }
            run.Sort();
            return run;
        }

        private static int RunLength(int[] b, int rows, int cols, int cell, int d)
        {
            int p = b[cell], r0 = cell / cols, c0 = cell % cols, n = 1;
            for (int s = -1; s <= 1; s += 2)
            {
                int r = r0 + s * DR[d], c = c0 + s * DC[d];
                while (r >= 0 && r < rows && c >= 0 && c < cols && b[r * cols + c] == p)
                {
                    n++;
                    r += s * DR[d];
                    c += s * DC[d];
                }
            }
            return n;
        }

        private static bool Wins(int[] b, int rows, int cols, int k, int cell)
        {
            for (int d = 0; d < 4; d++)
                if (RunLength(b, rows, cols, cell, d) >= k) return true;
            return false;
        }

        /// <summary>The winning line the header describes: the whole run through the move, in the
        /// first direction (→ ↓ ↘ ↙) that reaches k; null when the move does not win.</summary>
        private static List<int> WinLine(int[] b, int rows, int cols, int k, int cell)
        {
            for (int d = 0; d < 4; d++)
            {
                List<int> run = Run(b, rows, cols, cell, d);
                if (run.Count >= k) return run;
            }
            return null;
        }

        /// <summary>Every line (k consecutive cells, the rules) made of <paramref name="p"/>'s stones.</summary>
        private static List<int[]> Lines(int[] b, int rows, int cols, int k, int p)
        {
            var lines = new List<int[]>();
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++)
                    for (int d = 0; d < 4; d++)
                    {
                        int er = r + (k - 1) * DR[d], ec = c + (k - 1) * DC[d];
                        if (er < 0 || er >= rows || ec < 0 || ec >= cols) continue;
                        bool all = true;
                        for (int i = 0; i < k && all; i++) all = b[(r + i * DR[d]) * cols + c + i * DC[d]] == p;
                        if (!all) continue;
                        var line = new int[k];
                        for (int i = 0; i < k; i++) line[i] = (r + i * DR[d]) * cols + c + i * DC[d];
                        lines.Add(line);
                    }
            return lines;
        }

        private static bool HasLine(int[] b, int rows, int cols, int k, int p) => Lines(b, rows, cols, k, p).Count > 0;

        private static bool ShareACell(List<int[]> lines, int cells)
        {
            var count = new int[cells];
            foreach (int[] line in lines)
                foreach (int c in line) count[c]++;
            return count.Any(n => n == lines.Count);
        }

        /// <summary>the validity rule, with the first reason in the header's order of TttVerdict.</summary>
        private static int RefVerdict(int[] b, int rows, int cols, int k)
        {
            int x = b.Count(v => v == 1), o = b.Count(v => v == 2);
            if (o > x) return 1;
            if (x > o + 1) return 2;
            List<int[]> xl = Lines(b, rows, cols, k, 1), ol = Lines(b, rows, cols, k, 2);
            if (xl.Count > 0 && ol.Count > 0) return 3;
            if (xl.Count > 0 && x == o) return 4;
            if (ol.Count > 0 && x != o) return 5;
            if (xl.Count > 0 && !ShareACell(xl, b.Length)) return 6;
            if (ol.Count > 0 && !ShareACell(ol, b.Length)) return 7;
            return 0;
        }

        private static long[] Powers(int n)
        {
            var pow = new long[n + 1];
            pow[0] = 1;
            for (int i = 1; i <= n; i++) pow[i] = pow[i - 1] * 3;
            return pow;
        }

        private static int[] Decode(long code, int n)
        {
            var b = new int[n];
            for (int i = 0; i < n; i++)
            {
                b[i] = (int)(code % 3);
                code /= 3;
            }
            return b;
        }

        /// <summary>Brute force: marks every position (base-3 code, cell i weighs 3^i) reachable in a
        /// legal game where <paramref name="side"/> moves first; records the first path to each
        /// unfinished position when <paramref name="paths"/> is given.</summary>
        private static void Reach(int[] b, int rows, int cols, int k, int side, long code, long[] pow, bool[] seen, int stones,
                                  List<int> path, Dictionary<long, int[]> paths)
        {
            if (seen[code]) return;
            seen[code] = true;
            if (paths != null) paths[code] = path.ToArray();
            for (int i = 0; i < b.Length; i++)
            {
                if (b[i] != 0) continue;
                b[i] = side;
                long next = code + side * pow[i];
                if (Wins(b, rows, cols, k, i) || stones + 1 == b.Length)
                {
                    seen[next] = true;
                }
                else
                {
                    path.Add(i);
                    Reach(b, rows, cols, k, 3 - side, next, pow, seen, stones + 1, path, paths);
                    path.RemoveAt(path.Count - 1);
                }
                b[i] = 0;
            }
        }

        private static bool[] Reachable(int rows, int cols, int k, int first, Dictionary<long, int[]> paths = null)
        {
            int n = rows * cols;
            long[] pow = Powers(n);
            var seen = new bool[pow[n]];
            Reach(new int[n], rows, cols, k, first, 0, pow, seen, 0, new List<int>(), paths);
            return seen;
        }

        private static char Ch(int v, char empty = '.') => v == 1 ? 'X' : v == 2 ? 'O' : empty;

        private static string[] RowStrings(int[] b, int rows, int cols, char empty = '.')
        {
            var result = new string[rows];
            for (int r = 0; r < rows; r++)
            {
                var sb = new StringBuilder(cols);
                for (int c = 0; c < cols; c++) sb.Append(Ch(b[r * cols + c], empty));
                result[r] = sb.ToString();
            }
            return result;
        }

        // ---------------------------------------------------------------------------------------
        // A model of a game (the rules, header ttt_game_*), independent of the library.

        // What the random sequences exercised: [status] for each expected failure, then the events below.
        private const int WINS = 16, DRAWS = 17, P2_OPENED = 18, TEXT_O_STARTED = 19, TEXT_WON = 20, MULTI_LINE_WIN = 21,
            CLONES = 22, UNDONE = 23, REDONE = 24, LONG_LISTS = 25;
        private static readonly int[] Coverage = new int[26];

        private sealed class Model
        {
            internal readonly int Rows, Cols, K;
            internal int[] B;
            internal List<int[]> Hist = new List<int[]>();      // {cell, player}, oldest first
            internal List<int[]> RedoStack = new List<int[]>(); // last undone at the end
            internal int First = 1, Res, Stones;
            internal int Start = 1;                             // who opens the empty board the game began with
            internal List<int> Line;                            // ascending; null when nobody has won
            internal bool Loaded;                               // the result came from text (no last move known)

            internal Model(int rows, int cols, int k)
            {
                Rows = rows;
                Cols = cols;
                K = k;
                B = new int[rows * cols];
            }

            internal int Side => Stones % 2 == 0 ? First : 3 - First;
            internal int ToMove => Res != 0 ? 0 : Side;
            internal int Winner => Res == 1 || Res == 2 ? Res : 0;

            private void Place(int cell, int p)
            {
                if (Stones == 0) First = p;
                B[cell] = p;
                Stones++;
                Hist.Add(new[] { cell, p });
                List<int> line = WinLine(B, Rows, Cols, K, cell);
                if (line != null && Enumerable.Range(0, 4).Count(d => RunLength(B, Rows, Cols, cell, d) >= K) > 1)
                    Interlocked.Increment(ref Coverage[MULTI_LINE_WIN]);
                if (line != null)
                {
                    Res = p;
                    Line = line;
                    Loaded = false;
                }
                else if (Stones == B.Length)
                {
                    Res = 3;
                }
            }

            /// <summary>ttt_game_move, checking in the header's order.</summary>
            internal int Move(int r, int c, int p, out int winner)
            {
                winner = 0;
                if (p != 1 && p != 2) return INVALID;
                if (r >= Rows || c >= Cols) return OOB;
                if (Res != 0) return GAME_OVER;
                if (Stones > 0 && p != Side) return WRONG_TURN;
                if (B[r * Cols + c] != 0) return OCCUPIED;
                Place(r * Cols + c, p);
                RedoStack.Clear();
                winner = Winner;
                return OK;
            }

            internal int Play(int r, int c)
            {
                if (r >= Rows || c >= Cols) return OOB;
                if (Res != 0) return GAME_OVER;
                if (B[r * Cols + c] != 0) return OCCUPIED;
                Place(r * Cols + c, Side);
                RedoStack.Clear();
                return OK;
            }

            internal int Undo()
            {
                if (Hist.Count == 0) return NO_UNDO;
                int[] h = Hist[Hist.Count - 1];
                Hist.RemoveAt(Hist.Count - 1);
                B[h[0]] = 0;
                Stones--;
                Res = 0;
                Line = null;
                Loaded = false;
                RedoStack.Add(h);
                if (Stones == 0) First = Start; // undo is a move's inverse, for player 2's opening too
                return OK;
            }

            internal int Redo()
            {
                if (RedoStack.Count == 0) return NO_REDO;
                int[] h = RedoStack[RedoStack.Count - 1];
                RedoStack.RemoveAt(RedoStack.Count - 1);
                Place(h[0], h[1]);
                return OK;
            }

            internal void Reset()
            {
                B = new int[Rows * Cols];
                Hist.Clear();
                RedoStack.Clear();
                First = Start = 1;
                Res = 0;
                Stones = 0;
                Line = null;
                Loaded = false;
            }

            internal Model Clone()
            {
                var m = (Model)MemberwiseClone();
                m.B = (int[])B.Clone();
                m.Hist = new List<int[]>(Hist);
                m.RedoStack = new List<int[]>(RedoStack);
                m.Line = Line == null ? null : new List<int>(Line);
                return m;
            }

            /// <summary>The header's text: rows,cols,k:BOARD:P, P by alternation.</summary>
            internal string Text() => Rows + "," + Cols + "," + K + ":" + string.Join("/", RowStrings(B, Rows, Cols)) + ":" + (Side == 1 ? 'X' : 'O');

            /// <summary>What ttt_game_from_text gives: same stones, no history; the winning line is
            /// expected to be the one before (the header says it is restored).</summary>
            internal Model AfterTextRoundTrip()
            {
                Model m = Clone();
                m.Hist.Clear();
                m.RedoStack.Clear();
                m.Loaded = Winner != 0;
                m.Start = m.First;
                return m;
            }

            internal static Model FromBoard(int[] b, int rows, int cols, int k, int p)
            {
                var m = new Model(rows, cols, k) { B = (int[])b.Clone() };
                int x = b.Count(v => v == 1), o = b.Count(v => v == 2);
                m.Stones = x + o;
                m.First = m.Start = x > o ? 1 : o > x ? 2 : p;
                if (HasLine(b, rows, cols, k, 1)) m.Res = 1;
                else if (HasLine(b, rows, cols, k, 2)) m.Res = 2;
                else if (m.Stones == b.Length) m.Res = 3;
                m.Loaded = m.Winner != 0;
                return m;
            }
        }

        private static int Idx(Cell c, int cols) => I(c.Row) * cols + I(c.Col);

        private static string Seq(IEnumerable<int> s) => "[" + string.Join(",", s) + "]";

        /// <summary>Compares every observable of <paramref name="g"/> with the model; null when equal.</summary>
        private static string Diff(Game g, Model m)
        {
            if (I(g.Rows) != m.Rows || I(g.Cols) != m.Cols || I(g.K) != m.K)
                return "size " + g.Rows + "," + g.Cols + "," + g.K + " != " + m.Rows + "," + m.Cols + "," + m.K;
            if (I(g.Result) != m.Res) return "Result " + I(g.Result) + " != " + m.Res;
            if (I(g.Winner) != m.Winner) return "Winner " + I(g.Winner) + " != " + m.Winner;
            if (I(g.ToMove) != m.ToMove) return "ToMove " + I(g.ToMove) + " != " + m.ToMove;
            if (I(g.FirstPlayer) != m.First) return "FirstPlayer " + I(g.FirstPlayer) + " != " + m.First;
            if (I(g.MoveCount) != m.Stones) return "MoveCount " + I(g.MoveCount) + " != " + m.Stones;
            IReadOnlyList<byte> cells = g.Cells;
            if (cells.Count != m.B.Length) return "Cells.Count " + cells.Count;
            for (int i = 0; i < m.B.Length; i++)
                if (cells[i] != m.B[i]) return "Cells[" + i + "] " + cells[i] + " != " + m.B[i];
            for (int r = 0; r < m.Rows; r++)
                for (int c = 0; c < m.Cols; c++)
                    if (m.B.Length <= 64 && I(g[r, c]) != m.B[r * m.Cols + c]) return "this[" + r + "," + c + "] " + I(g[r, c]);
            string moves = Seq(g.Moves.Select(c => Idx(c, m.Cols))), wantMoves = Seq(m.Hist.Select(h => h[0]));
            if (moves != wantMoves) return "Moves " + moves + " != " + wantMoves;
            string legal = Seq(g.LegalMoves.Select(c => Idx(c, m.Cols)));
            string wantLegal = Seq(m.Res != 0 ? new int[0] : Enumerable.Range(0, m.B.Length).Where(i => m.B[i] == 0));
            if (legal != wantLegal) return "LegalMoves " + legal + " != " + wantLegal;
            List<int> line = g.WinningLine.Select(c => Idx(c, m.Cols)).ToList();
            if (m.Winner == 0)
            {
                if (line.Count != 0) return "WinningLine " + Seq(line) + " with no winner";
            }
            else
            {
                bool same = m.Line != null && (Seq(line) == Seq(m.Line) || Seq(Enumerable.Reverse(line)) == Seq(m.Line));
                if (!m.Loaded && !same) return "WinningLine " + Seq(line) + " != " + Seq(m.Line);
                if (m.Loaded)
                {
                    string bad = ValidRun(line, m);
                    if (bad != null) return "WinningLine of a loaded game " + Seq(line) + ": " + bad;
                    // the header: "The result, winning line and side to move are restored"
                    if (m.Line != null && !same) return "WinningLine after a text round trip " + Seq(line) + ", before " + Seq(m.Line);
                }
            }
            string text = g.ToText();
            if (text != m.Text()) return "ToText " + text + " != " + m.Text();
            if (g.ToString() != text) return "ToString " + g + " != ToText";
            return null;
        }

        /// <summary>Is <paramref name="line"/> a maximal unbroken run (>= k) of the winner's stones?</summary>
        private static string ValidRun(List<int> line, Model m)
        {
            if (line.Count < m.K) return "shorter than k";
            if (line.Any(c => c < 0 || c >= m.B.Length || m.B[c] != m.Winner)) return "not all the winner's stones";
            var sorted = line.OrderBy(c => c).ToList();
            for (int d = 0; d < 4; d++)
                if (Seq(Run(m.B, m.Rows, m.Cols, sorted[0], d)) == Seq(sorted)) return null;
            return "not one whole run";
        }

        // ---------------------------------------------------------------------------------------
        // 1. Enums, names, version

        internal static void EnumsNamesAndVersion()
        {
            Begin();
            var e = new List<string>();
            var status = new Dictionary<Status, int>
            {
                { Status.NullPointer, 1 }, { Status.InvalidArgument, 2 }, { Status.OutOfBounds, 3 }, { Status.CellOccupied, 4 },
                { Status.WrongTurn, 5 }, { Status.GameOver, 6 }, { Status.NothingToUndo, 7 }, { Status.NothingToRedo, 8 },
                { Status.ParseError, 9 }, { Status.BufferTooSmall, 10 }, { Status.TooLarge, 11 }, { Status.OutOfMemory, 12 },
                { Status.UnreachableBoard, 13 }, { Status.TooHard, 14 }, { Status.InternalError, 15 },
            };
            foreach (var kv in status) Check(e, I(kv.Key) == kv.Value ? null : "is " + I(kv.Key), "Status." + kv.Key);
            var level = new Dictionary<Level, int> { { Level.Random, 0 }, { Level.Easy, 1 }, { Level.Medium, 2 }, { Level.Hard, 3 }, { Level.Perfect, 4 } };
            foreach (var kv in level) Check(e, I(kv.Key) == kv.Value ? null : "is " + I(kv.Key), "Level." + kv.Key);
            Check(e, I(Verdict.Valid) == 0 ? null : "not 0", "Verdict.Valid");
            foreach (Type t in new[] { typeof(Status), typeof(Result), typeof(Verdict), typeof(Level) })
                Check(e, Enum.GetUnderlyingType(t) == typeof(uint) ? null : Enum.GetUnderlyingType(t).Name, t.Name + " underlying type");
            // exactly the header's values, nothing more
            Check(e, Seq(Enum.GetValues(typeof(Status)).Cast<object>().Select(I).OrderBy(v => v)) == Seq(Enumerable.Range(0, 16)) ? null : "values differ", "Status values");
            Check(e, Seq(Enum.GetValues(typeof(Result)).Cast<object>().Select(I).OrderBy(v => v)) == Seq(Enumerable.Range(0, 4)) ? null : "values differ", "Result values");
            Check(e, Seq(Enum.GetValues(typeof(Verdict)).Cast<object>().Select(I).OrderBy(v => v)) == Seq(Enumerable.Range(0, 8)) ? null : "values differ", "Verdict values");
            Check(e, Seq(Enum.GetValues(typeof(Level)).Cast<object>().Select(I).OrderBy(v => v)) == Seq(Enumerable.Range(0, 5)) ? null : "values differ", "Level values");

            // ttt_result_str / ttt_status_str / ttt_verdict_str as the header words them
            string[] answers = { "Pending", "A", "B", "Draw" };
            for (uint r = 0; r < 4; r++) Check(e, ((Result)r).ToAnswer() == answers[r] ? null : ((Result)r).ToAnswer(), "ToAnswer " + r);
            Check(e, ((Result)4).ToAnswer() == "unknown" ? null : ((Result)4).ToAnswer(), "ToAnswer 4");
            Check(e, ((Status)4).Describe() == "cell occupied" ? null : ((Status)4).Describe(), "Describe CellOccupied");
            Check(e, ((Status)16).Describe() == "unknown status" ? null : ((Status)16).Describe(), "Describe 16");
            Check(e, ((Status)uint.MaxValue).Describe() == "unknown status" ? null : ((Status)uint.MaxValue).Describe(), "Describe max");
            var words = new HashSet<string>();
            for (uint s = 0; s < 16; s++)
            {
                string d = ((Status)s).Describe();
                Check(e, !string.IsNullOrEmpty(d) && d != "unknown status" && words.Add(d) ? null : "'" + d + "'", "Describe " + s);
            }
            Check(e, ((Verdict)3).Describe() == "both players have a line" ? null : ((Verdict)3).Describe(), "Verdict 3");
            Check(e, ((Verdict)8).Describe() == "unknown verdict" ? null : ((Verdict)8).Describe(), "Verdict 8");
            words.Clear();
            for (uint v = 0; v < 8; v++)
            {
                string d = ((Verdict)v).Describe();
                Check(e, !string.IsNullOrEmpty(d) && d != "unknown verdict" && words.Add(d) ? null : "'" + d + "'", "Verdict " + v);
            }
            string want = Environment.GetEnvironmentVariable("TTT_EXPECTED_VERSION");
            string version = Ttt.Version;
            Check(e, want != null ? (version == want ? null : version) :
                     System.Text.RegularExpressions.Regex.IsMatch(version ?? "", @"^\d+\.\d+\.\d+$") ? null : version, "Version");
            // the exception hierarchy the README's table implies
            foreach (Type t in new[] { typeof(IllegalMoveException), typeof(InvalidRulesException), typeof(NoHistoryException), typeof(ParseException), typeof(TooHardException) })
                Check(e, t.IsSubclassOf(typeof(TicTacToeException)) ? null : "not a TicTacToeException", t.Name);
            Report(e, "enums, names, version");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 2. Validate: every 3x3 board against a brute-force search of all games

        private static int[] verdict3x3; // RefVerdict of every 3x3 board (also used by the thread test)
        private static bool[] reach3x3X, reach3x3O;
        private static Dictionary<long, int[]> paths3x3X, paths3x3O;

        private static void Prepare3x3()
        {
            if (verdict3x3 != null) return;
            paths3x3X = new Dictionary<long, int[]>();
            paths3x3O = new Dictionary<long, int[]>();
            reach3x3X = Reachable(3, 3, 3, 1, paths3x3X);
            reach3x3O = Reachable(3, 3, 3, 2, paths3x3O);
            var v = new int[19683];
            for (int code = 0; code < v.Length; code++) v[code] = RefVerdict(Decode(code, 9), 3, 3, 3);
            verdict3x3 = v;
        }

        internal static void ValidateEvery3x3Board()
        {
            Begin();
            Prepare3x3();
            var e = new List<string>();
            int reachable = reach3x3X.Count(s => s);
            Check(e, reachable == 5478 ? null : reachable + " reachable", "brute force (the reference itself)");
            for (int code = 0; code < 19683; code++)
            {
                int[] b = Decode(code, 9);
                int want = verdict3x3[code];
                // the validity rule is the brute force (a check of the reference and of the validity rule's claim)
                Check(e, (want == 0) == reach3x3X[code] ? null : "rule " + want + " vs search " + reach3x3X[code], "the validity rule on " + code);
                string[] dots = RowStrings(b, 3, 3), spaces = RowStrings(b, 3, 3, ' ');
                string ctx = string.Join("/", dots);
                Check(e, V(() => Ttt.Validate(spaces)), want, ctx + " string[] k=null");
                Check(e, V(() => Ttt.Validate(dots, 3)), want, ctx + " string[] k=3");
                Check(e, V(() => Ttt.Validate(string.Join("/", dots))), want, ctx + " 'a/b/c'");
                Check(e, V(() => Ttt.Validate(string.Join("\n", spaces))), want, ctx + " 'a\\nb\\nc'");
                Check(e, V(() => Ttt.Validate(string.Concat(dots))), want, ctx + " unsplit");
                Check(e, V(() => Ttt.Validate(string.Join("\n", dots), 3, 3, 3)), want, ctx + " (board, 3, 3, 3)");
            }
            Report(e, "validate every 3x3 board");
            End();
        }

        private static string V(Func<Verdict> f, out int verdict)
        {
            verdict = -1;
            try
            {
                verdict = I(f());
                return null;
            }
            catch (Exception ex)
            {
                return ex.GetType().Name + ": " + ex.Message;
            }
        }

        private static string V(Func<Verdict> f) => V(f, out int v) ?? v.ToString();

        private static void Check(List<string> e, string got, int want, string context)
        {
            Check(e, got == want.ToString() ? null : "verdict " + got + ", want " + want, context);
        }

        // ---------------------------------------------------------------------------------------
        // 3. Validate other shapes: all boards of small shapes against brute force, random boards of
        //    many shapes against the validity rule

        internal static void ValidateOtherShapes()
        {
            Begin();
            var e = new List<string>();
            foreach (int[] s in new[] { new[] { 3, 4, 3 }, new[] { 2, 5, 2 }, new[] { 1, 9, 3 }, new[] { 3, 3, 2 }, new[] { 2, 2, 1 } })
            {
                int rows = s[0], cols = s[1], k = s[2], n = rows * cols;
                bool[] seen = Reachable(rows, cols, k, 1);
                long total = Powers(n)[n];
                for (long code = 0; code < total; code++)
                {
                    int[] b = Decode(code, n);
                    int want = RefVerdict(b, rows, cols, k);
                    Check(e, (want == 0) == seen[code] ? null : "rule " + want + " vs search " + seen[code], "the validity rule " + rows + "x" + cols + " k" + k + " code " + code);
                    string board = new string(b.Select(v => Ch(v)).ToArray());
                    Check(e, V(() => Ttt.Validate(board, rows, cols, k)), want, rows + "," + cols + "," + k + " " + board);
                }
            }
            var rnd = new System.Random(11);
            int[][] shapes =
            {
                new[] { 4, 4, 3 }, new[] { 3, 5, 3 }, new[] { 5, 3, 4 }, new[] { 6, 6, 4 }, new[] { 1, 8, 3 }, new[] { 8, 1, 3 },
                new[] { 4, 7, 4 }, new[] { 2, 9, 2 }, new[] { 5, 5, 5 }, new[] { 7, 7, 3 }, new[] { 3, 3, 1 }, new[] { 1, 1, 1 },
                new[] { 10, 10, 5 }, new[] { 9, 4, 9 },
            };
            for (int i = 0; i < 6000; i++)
            {
                int[] s = shapes[i % shapes.Length];
                int rows = s[0], cols = s[1], k = s[2];
                int[] b = RandomBoard(rnd, rows, cols, k);
                int want = RefVerdict(b, rows, cols, k);
                string[] rs = RowStrings(b, rows, cols, rnd.Next(2) == 0 ? '.' : ' ');
                string ctx = rows + "," + cols + "," + k + " " + string.Join("/", rs);
                Check(e, V(() => Ttt.Validate(rs, k)), want, ctx + " string[]");
                if (rows > 1) // one row has no separator, so it would be an unsplit (square-only) string
                    Check(e, V(() => Ttt.Validate(string.Join(rnd.Next(2) == 0 ? "/" : "\n", rs), k)), want, ctx + " joined");
                Check(e, V(() => Ttt.Validate(string.Concat(rs), rows, cols, k)), want, ctx + " (board, rows, cols, k)");
                if (rows == cols && k == rows) Check(e, V(() => Ttt.Validate(rs)), want, ctx + " k=null");
            }
            Report(e, "validate other shapes");
            End();
        }

        /// <summary>A third each: uniform noise, stone counts that pass rule 1, a random legal game
        /// (sometimes played on past its end).</summary>
        private static int[] RandomBoard(System.Random rnd, int rows, int cols, int k)
        {
            int n = rows * cols;
            var b = new int[n];
            int kind = rnd.Next(3);
            if (kind == 0)
            {
                for (int i = 0; i < n; i++) b[i] = rnd.Next(3);
                return b;
            }
            var order = Enumerable.Range(0, n).OrderBy(_ => rnd.Next()).ToList();
            int stones = rnd.Next(n + 1);
            bool stopAtWin = kind == 2 && rnd.Next(4) != 0;
            for (int i = 0; i < stones; i++)
            {
                b[order[i]] = i % 2 == 0 ? 1 : 2;
                if (stopAtWin && Wins(b, rows, cols, k, order[i])) break;
            }
            return b;
        }

        // ---------------------------------------------------------------------------------------
        // 4. Validate arguments and formats

        internal static void ValidateArguments()
        {
            Begin();
            var e = new List<string>();
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Validate((string)null)), "Validate((string)null)");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Validate((string[])null)), "Validate((string[])null)");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Validate(new[] { "XO.", null, "..." })), "a null row");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Validate(null, 3, 3, 3)), "Validate(null, 3, 3, 3)");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate(new[] { "X..", "...", "..." }, -1)), "k -1 (rows)");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate("X../.../...", -1)), "k -1 (string)");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate("X........", -3, 3, 3)), "rows -3");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate("X........", 3, -3, 3)), "cols -3");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate("X........", 3, 3, -3)), "k -3");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Validate("X........", int.MinValue, 3, 3)), "rows MinValue");

            Check(e, Expect(INVALID, () => Ttt.Validate(new[] { "XOX", "OXO" })), "non-square, k null");
            Check(e, V(() => Ttt.Validate(new[] { "XOX", "OXO" }, 3)), 0, "non-square with k");
            Check(e, Expect(INVALID, () => Ttt.Validate("XOX/OXO")), "non-square string, k null");
            Check(e, Expect(INVALID, () => Ttt.Validate(new[] { "X", "O" })), "2x1, k null");
            Check(e, Expect(PARSE, () => Ttt.Validate(new[] { "XO", "X" })), "rows of unequal length");
            Check(e, Expect(PARSE, () => Ttt.Validate(new[] { "X\0", "OX" })), "an embedded NUL in a row");
            Check(e, Expect(PARSE, () => Ttt.Validate(new[] { "XQ", "OX" })), "a bad character in a row");
            Check(e, Expect(PARSE, () => Ttt.Validate(new[] { "xo", ".." })), "lower case");
            Check(e, Expect(INVALID, () => Ttt.Validate("X..", 1, 3, 4)), "k > max(rows, cols)");
            Check(e, Expect(INVALID, () => Ttt.Validate("X..", 1, 3, 0)), "k 0 in (board, rows, cols, k)");
            Check(e, Expect(INVALID, () => Ttt.Validate("", 0, 3, 1)), "rows 0");
            Check(e, Expect(PARSE, () => Ttt.Validate("X...", 1, 3, 3)), "one cell too many");
            Check(e, Expect(PARSE, () => Ttt.Validate("X.", 1, 3, 3)), "one cell too few");
            Check(e, Expect(PARSE, () => Ttt.Validate("XO\0X", 2, 2, 2)), "a NUL byte in (board, rows, cols, k)");
            Check(e, Expect(PARSE, () => Ttt.Validate("X\u00c9..", 2, 2, 2)), "a non-ASCII character");
            Check(e, Expect(TOO_LARGE, () => Ttt.Validate("", 65536, 65536, 1)), "65536 x 65536 (2^32 cells: a u32 product would wrap to 0)");
            Check(e, Expect(TOO_LARGE, () => Ttt.Validate("", 8192, 8193, 5)), "TTT_MAX_CELLS + 8192");
            // separators are skipped wherever they appear: X at (0,0) and (1,1), O at (0,1)
            Check(e, V(() => Ttt.Validate("X/O\n/.//X", 2, 2, 2)), RefVerdict(new[] { 1, 2, 0, 1 }, 2, 2, 2), "separators anywhere");
            Check(e, V(() => Ttt.Validate("X", 1, 1, 1)), 0, "1x1 X");
            Check(e, V(() => Ttt.Validate("O", 1, 1, 1)), 1, "1x1 O");
            Check(e, V(() => Ttt.Validate(new[] { "XXX", "OO.", "..." })), 0, "X won last");
            Check(e, V(() => Ttt.Validate(new[] { "XXX", "OOO", "..." })), 3, "both won");
            Check(e, V(() => Ttt.Validate(new[] { "XXX", "OO.", "O.." })), 4, "O moved after X won");
            Check(e, V(() => Ttt.Validate(new[] { "XX.", "OOO", "XX." })), 5, "X moved after O won");
            Check(e, V(() => Ttt.Validate(new[] { "XXX", "OOX", "XOO" }, 3)), 0, "X's two lines share (0,2)");
            Check(e, V(() => Ttt.Validate(new[] { "XXX...", "OOOOO.", "XXX..." }, 3)), 3, "both (6 wide)");
            Check(e, V(() => Ttt.Validate(new[] { "XXX.XXX", "OO.O.O.", "O......" }, 3)), 6, "X's lines disjoint");
            Check(e, V(() => Ttt.Validate(new[] { "OOO.OOO", "XX.X.X.", "X.....X" }, 3)), 7, "O's lines disjoint");
            Check(e, V(() => Ttt.Validate(new[] { "XXXXX", "OO.OO", "....." }, 3)), 0, "a run of 5 (windows share the middle)");
            Check(e, V(() => Ttt.Validate(new[] { "XXX...", "O.O.O.", "......" }, 3)), 4, "x == o with an X line");

            // Not in the C# README: how one string splits into rows. The Python binding's surface is what other bindings mirror:
            // Python surface, whose README says: separators at either end are ignored, an empty row inside
            // (a doubled separator) is ParseError, a one-row board needs a trailing '/'.
            Check(e, V(() => Ttt.Validate("XOX/O O/XOX/")), 0, "one trailing '/'");
            Check(e, V(() => Ttt.Validate("/OOO/XX./XX.")), 5, "a leading '/' (O won, then X moved)");
            Check(e, V(() => Ttt.Validate("\nXOX\nO O\nXOX\n\n")), 0, "newlines at both ends");
            Check(e, Expect(PARSE, () => Ttt.Validate("XOX//O O/XOX")), "an empty row");
            Check(e, V(() => Ttt.Validate("X../", 3)), 0, "one row with a trailing '/'");
            Check(e, Expect(PARSE, () => Ttt.Validate("X..", 3)), "one row, unsplit, not square");
            Check(e, Expect(PARSE, () => Ttt.Validate("XOXOXOXO")), "8 cells unsplit");
            Check(e, V(() => Ttt.Validate("XO.......", 2)), 0, "9 cells unsplit is 3x3 whatever k");
            Check(e, V(() => Ttt.Validate("XO.\n.../...")), 0, "'\n' and '/' mixed");
            Check(e, Expect(PARSE, () => Ttt.Validate("XO.\r\n...\r\n...")), "CRLF ('\r' is another byte)");
            // k = 0 is the C API's "k = rows = cols"; the binding spells that null and rejects 0
            Check(e, Expect(INVALID, () => Ttt.Validate(new[] { "XO.", "...", "..." }, 0)), "k 0 (rows)");
            Check(e, Expect(INVALID, () => Ttt.Validate("XO./.../...", 0)), "k 0 (string)");
            Check(e, Expect(INVALID, () => Ttt.Validate(new string[0])), "no rows");
            Check(e, Expect(INVALID, () => Ttt.Validate("")), "an empty string");
            Report(e, "validate arguments");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 5. Judge and FindWinner against a replaying reference

        private static void RefJudge(int[][] moves, int rows, int cols, int k, out int status, out int result, out int bad)
        {
            var b = new int[rows * cols];
            result = 0;
            bad = -1;
            for (int i = 0; i < moves.Length; i++)
            {
                int r = moves[i][0], c = moves[i][1];
                status = r < 0 || c < 0 || r >= rows || c >= cols ? OOB : result != 0 ? GAME_OVER : b[r * cols + c] != 0 ? OCCUPIED : OK;
                if (status != OK)
                {
                    bad = i;
                    return;
                }
                int p = i % 2 == 0 ? 1 : 2;
                b[r * cols + c] = p;
                if (Wins(b, rows, cols, k, r * cols + c)) result = p;
                else if (i + 1 == b.Length) result = 3;
            }
            status = OK;
        }

        private static int[][] RandomMoveList(System.Random rnd, int rows, int cols, int k)
        {
            int n = rows * cols;
            var list = new List<int[]>();
            var empty = Enumerable.Range(0, n).ToList();
            var b = new int[n];
            bool stopAtEnd = rnd.Next(3) != 0, over = false;
            int len = rnd.Next(Math.Min(n, 40) + 3);
            for (int i = 0; i < len; i++)
            {
                int x = rnd.Next(100);
                if (x < 3) list.Add(new[] { rows + rnd.Next(3), rnd.Next(cols) });
                else if (x < 5) list.Add(new[] { rnd.Next(rows), x == 3 ? int.MaxValue : cols });
                else if (x < 9 && list.Count > 0) list.Add((int[])list[rnd.Next(list.Count)].Clone());
                else
                {
                    if (empty.Count == 0 || (over && stopAtEnd)) break;
                    int j = rnd.Next(empty.Count), cell = empty[j];
                    empty.RemoveAt(j);
                    list.Add(new[] { cell / cols, cell % cols });
                    b[cell] = list.Count % 2 == 1 ? 1 : 2;
                    if (Wins(b, rows, cols, k, cell)) over = true;
                }
            }
            return list.ToArray();
        }

        internal static void JudgeRandomMoveLists()
        {
            Begin();
            var e = new List<string>();
            var rnd = new System.Random(5);
            var seen = new int[4 + 16]; // results 0-3, then 4 + status
            int[][] shapes =
            {
                new[] { 3, 3, 3 }, new[] { 3, 3, 3 }, new[] { 3, 3, 3 }, new[] { 4, 4, 4 }, new[] { 5, 5, 4 }, new[] { 3, 7, 3 },
                new[] { 1, 6, 3 }, new[] { 6, 1, 2 }, new[] { 7, 6, 4 }, new[] { 10, 10, 5 }, new[] { 2, 2, 2 }, new[] { 1, 1, 1 },
                new[] { 15, 15, 5 }, new[] { 3, 3, 1 }, new[] { 4, 5, 2 }, new[] { 9, 9, 9 },
            };
            for (int t = 0; t < 6000; t++)
            {
                int[] s = shapes[t % shapes.Length];
                int rows = s[0], cols = s[1], k = s[2];
                int[][] moves = RandomMoveList(rnd, rows, cols, k);
                RefJudge(moves, rows, cols, k, out int status, out int result, out int bad);
                seen[status == OK ? result : 4 + status]++;
                string ctx = rows + "," + cols + "," + k + " " + string.Join(" ", moves.Select(m => m[0] + "," + m[1]));
                Check(e, JudgeOutcome(() => I(Ttt.Judge(moves, rows, cols, k)), status, result, bad), ctx + " Judge(int[][])");
                List<Cell> asCells = moves.Select(m => new Cell(m[0], m[1])).ToList();
                Check(e, JudgeOutcome(() => I(Ttt.Judge(asCells, rows, cols, k)), status, result, bad), ctx + " Judge(IList<Cell>)");
                if (rows == 3 && cols == 3 && k == 3)
                {
                    Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(moves)), status, result, bad), ctx + " FindWinner");
                    Check(e, JudgeOutcome(() => I(Ttt.Judge(moves)), status, result, bad), ctx + " Judge(moves) defaults");
                }
                // The same list with every off-board number made negative (README "Errors": in a move
                // list a negative row or col is a cell off the board, judged in order like any other).
                int[][] negated = moves.Select(m => new[] { Negated(m[0], rows), Negated(m[1], cols) }).ToArray();
                if (negated.Any(m => m[0] < 0 || m[1] < 0))
                {
                    RefJudge(negated, rows, cols, k, out status, out result, out bad);
                    string shown = bad < 0 ? null : "(" + negated[bad][0] + ", " + negated[bad][1] + ")";
                    ctx = rows + "," + cols + "," + k + " " + string.Join(" ", negated.Select(m => m[0] + "," + m[1]));
                    Check(e, JudgeOutcome(() => I(Ttt.Judge(negated, rows, cols, k)), status, result, bad, shown), ctx + " Judge(int[][])");
                    List<Cell> negCells = negated.Select(m => new Cell(m[0], m[1])).ToList();
                    Check(e, JudgeOutcome(() => I(Ttt.Judge(negCells, rows, cols, k)), status, result, bad, shown), ctx + " Judge(IList<Cell>)");
                    if (rows == 3 && cols == 3 && k == 3)
                        Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(negated)), status, result, bad, shown), ctx + " FindWinner");
                }
            }
            // the header's order: a move off the board after the end is OUT_OF_BOUNDS
            int[][] won = { new[] { 0, 0 }, new[] { 1, 0 }, new[] { 0, 1 }, new[] { 1, 1 }, new[] { 0, 2 } };
            Check(e, JudgeOutcome(() => I(Ttt.Judge(won.Concat(new[] { new[] { 5, 5 } }).ToArray())), OOB, 0, 5), "off the board after the end");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(won.Concat(new[] { new[] { 0, 0 } }).ToArray())), GAME_OVER, 0, 5), "occupied after the end");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(won)), OK, 1, -1), "A wins");
            foreach (int i in new[] { 0, 1, 2, 3, 4 + OOB, 4 + OCCUPIED, 4 + GAME_OVER })
                Check(e, seen[i] >= 20 ? null : "only " + seen[i], "coverage of outcome " + i);
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new int[0][])), OK, 0, -1), "no moves");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new List<Cell>())), OK, 0, -1), "no cells");
            Report(e, "judge random move lists");
            End();
        }

        /// <summary>FindWinner's answers, indexed by result number.</summary>
        private static readonly string[] Answers = { "Pending", "A", "B", "Draw" };

        /// <summary>An off-board coordinate (at least <paramref name="side"/>) as a negative one
        /// (int.MaxValue as int.MinValue); a coordinate on the board as it is.</summary>
        private static int Negated(int x, int side) => x < side ? x : x == int.MaxValue ? int.MinValue : side - 1 - x;

        /// <summary>null when <paramref name="judge"/> returned <paramref name="result"/> (status
        /// OK) or threw the IllegalMoveException for <paramref name="status"/> at move
        /// <paramref name="bad"/>, whose message names the move and, when given, contains
        /// <paramref name="shown"/> (the move's numbers as passed).</summary>
        private static string JudgeOutcome(Func<int> judge, int status, int result, int bad, string shown = null)
        {
            try
            {
                int got = judge();
                return status == OK ? (got == result ? null : "result " + got + ", want " + result) : "returned " + got + ", want status " + status + " at move " + bad;
            }
            catch (IllegalMoveException ex)
            {
                if (status == OK) return "threw " + ex.Message + ", want result " + result;
                if (I(ex.Status) != status) return "status " + I(ex.Status) + ", want " + status;
                if (I(ex.MoveIndex) != bad) return "MoveIndex " + ex.MoveIndex + ", want " + bad;
                if (!ex.Message.Contains(bad.ToString())) return "message does not name move " + bad + ": " + ex.Message;
                if (shown != null && !ex.Message.Contains(shown)) return "message does not show " + shown + ": " + ex.Message;
                return null;
            }
            catch (Exception ex)
            {
                return "threw " + ex.GetType().Name + ": " + ex.Message;
            }
        }

        internal static void JudgeArguments()
        {
            Begin();
            var e = new List<string>();
            int[][] one = { new[] { 0, 0 } };
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Judge((int[][])null)), "Judge(null int[][])");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Judge((IList<Cell>)null)), "Judge(null IList<Cell>)");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.FindWinner(null)), "FindWinner(null)");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.Judge(new[] { new[] { 0, 0 }, null })), "a null move");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Ttt.FindWinner(new[] { null, new[] { 0, 0 } })), "FindWinner: a null move");
            Check(e, ExpectDotNet<ArgumentException>(() => Ttt.Judge(new[] { new[] { 0 } })), "a one-number move");
            Check(e, ExpectDotNet<ArgumentException>(() => Ttt.Judge(new[] { new[] { 0, 0, 0 } })), "a three-number move");
            Check(e, ExpectDotNet<ArgumentException>(() => Ttt.FindWinner(new[] { new int[0] })), "FindWinner: an empty move");
            // README "Errors": in a move list a negative row or col is a cell off the board, judged in
            // order like any other; the message shows the numbers as passed.
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new[] { 0, 0 }, new[] { -1, 0 } })), OOB, 0, 1, "(-1, 0)"), "a negative row");
            Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(new[] { new[] { 0, int.MinValue } })), OOB, 0, 0, "(0, -2147483648)"), "a negative col");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new List<Cell> { new Cell(0, 0), new Cell(1, -1) })), OOB, 0, 1, "(1, -1)"), "Cell with col -1");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new Cell(-2, 0) }, 3, 3, 3)), OOB, 0, 0, "(-2, 0)"), "Cell with row -2");
            int[][] occupiedThenNegative = { new[] { 0, 0 }, new[] { 0, 0 }, new[] { -1, 0 } };
            Check(e, JudgeOutcome(() => I(Ttt.Judge(occupiedThenNegative)), OCCUPIED, 0, 1, "(0, 0)"), "occupied before a negative move");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(occupiedThenNegative.Select(m => new Cell(m[0], m[1])).ToList())), OCCUPIED, 0, 1, "(0, 0)"), "occupied before a negative Cell");
            Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(occupiedThenNegative)), OCCUPIED, 0, 1, "(0, 0)"), "FindWinner: occupied before a negative move");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new[] { 0, 0 }, new[] { -1, 5 }, new[] { 0, 0 } })), OOB, 0, 1, "(-1, 5)"), "a negative move before an occupied one");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new[] { 1, 1 }, new[] { -1, 0 } }, 15, 15, 5)), OOB, 0, 1, "(-1, 0)"), "a negative row on 15x15");
            int[][] won = { new[] { 0, 0 }, new[] { 1, 0 }, new[] { 0, 1 }, new[] { 1, 1 }, new[] { 0, 2 } };
            foreach (int[] neg in new[] { new[] { -1, 0 }, new[] { 0, -1 }, new[] { -7, -3 }, new[] { int.MinValue, 0 }, new[] { 1, int.MinValue }, new[] { int.MinValue, int.MinValue } })
            {
                string shown = "(" + neg[0] + ", " + neg[1] + ")", ctx = "move " + shown;
                Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { neg })), OOB, 0, 0, shown), "a lone " + ctx);
                Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new Cell(neg[0], neg[1]) })), OOB, 0, 0, shown), "a lone Cell " + shown);
                Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(new[] { neg })), OOB, 0, 0, shown), "FindWinner: a lone " + ctx);
                // After the end, C (ttt_judge_ex and ttt_find_winner) checks bounds first: OUT_OF_BOUNDS,
                // as for any other off-board move after the end.
                int[][] afterEnd = won.Concat(new[] { neg }).ToArray();
                Check(e, JudgeOutcome(() => I(Ttt.Judge(afterEnd)), OOB, 0, 5, shown), "a " + ctx + " after the end");
                Check(e, JudgeOutcome(() => I(Ttt.Judge(afterEnd.Select(m => new Cell(m[0], m[1])).ToList())), OOB, 0, 5, shown), "a Cell " + shown + " after the end");
                Check(e, JudgeOutcome(() => Array.IndexOf(Answers, Ttt.FindWinner(afterEnd)), OOB, 0, 5, shown), "FindWinner: a " + ctx + " after the end");
            }
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Judge(one, -1, 3, 3)), "rows -1");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Judge(one, 3, -1, 3)), "cols -1");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Ttt.Judge(one, 3, 3, -1)), "k -1");
            Check(e, Expect(INVALID, () => Ttt.Judge(one, 0, 3, 3)), "rows 0");
            Check(e, Expect(INVALID, () => Ttt.Judge(one, 3, 3, 0)), "k 0");
            Check(e, Expect(INVALID, () => Ttt.Judge(one, 3, 3, 4)), "k 4 on 3x3");
            Check(e, Expect(TOO_LARGE, () => Ttt.Judge(one, 65536, 65536, 1)), "65536 x 65536");
            Check(e, Expect(TOO_LARGE, () => Ttt.Judge(one, 65537, 65537, 3)), "65537 x 65537 (wraps to 131073 in u32)");
            Check(e, Expect(TOO_LARGE, () => Ttt.Judge(one, int.MaxValue, 2, 1)), "int.MaxValue x 2");
            Check(e, JudgeOutcome(() => I(Ttt.Judge(new[] { new[] { 0, 0 } }, 1, 67108864, 3)), OK, 0, -1), "1 x TTT_MAX_CELLS");
            Report(e, "judge arguments");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 6. The game against the model over random operation sequences

        private static readonly int[][] ModelShapes =
        {
            new[] { 3, 3, 3 }, new[] { 3, 3, 3 }, new[] { 4, 4, 3 }, new[] { 3, 5, 4 }, new[] { 1, 5, 2 }, new[] { 5, 5, 5 },
            new[] { 6, 4, 3 }, new[] { 1, 1, 1 }, new[] { 2, 3, 1 }, new[] { 7, 7, 4 }, new[] { 2, 2, 2 }, new[] { 3, 1, 3 },
            new[] { 4, 4, 4 }, new[] { 9, 9, 3 },
        };

        private static int Coord(System.Random rnd, int n)
        {
            int x = rnd.Next(100);
            return x < 4 ? n + rnd.Next(3) : x < 6 ? int.MaxValue : rnd.Next(n);
        }

        /// <summary>Runs random operation sequences on fresh games and compares everything with the
        /// model after each operation; returns the number of comparisons.</summary>
        private static int RunSequences(int seed, int sequences, int ops, List<string> errors)
        {
            var rnd = new System.Random(seed);
            int count = 0;
            for (int s = 0; s < sequences && errors.Count < 10; s++)
            {
                int[] shape = ModelShapes[rnd.Next(ModelShapes.Length)];
                var m = new Model(shape[0], shape[1], shape[2]);
                bool nnn = shape[0] == shape[1] && shape[1] == shape[2];
                Game g = nnn && rnd.Next(2) == 0 ? Game.TicTacToe(shape[0]) : new Game(shape[0], shape[1], shape[2]);
                var trail = new StringBuilder("new Game(" + string.Join(",", shape) + ")");
                try
                {
                    for (int o = 0; o < ops; o++)
                    {
                        int kind = rnd.Next(100);
                        string err = null;
                        if (kind < 30)
                        {
                            int r = Coord(rnd, m.Rows), c = Coord(rnd, m.Cols);
                            trail.Append(" Play(" + r + "," + c + ")");
                            int want = m.Play(r, c);
                            Interlocked.Increment(ref Coverage[want]);
                            if (want != OK) err = Expect(want, () => g.Play(r, c));
                            else
                            {
                                try
                                {
                                    int got = I(g.Play(r, c));
                                    if (got != m.Res) err = "Play returned " + got + ", want " + m.Res;
                                }
                                catch (Exception ex)
                                {
                                    err = "Play threw " + ex.GetType().Name + ": " + ex.Message;
                                }
                            }
                        }
                        else if (kind < 55)
                        {
                            int r = Coord(rnd, m.Rows), c = Coord(rnd, m.Cols), x = rnd.Next(100);
                            int p = x < 45 ? m.Side : x < 92 ? 3 - m.Side : x < 96 ? 0 : x < 98 ? 3 : int.MaxValue;
                            trail.Append(" Move(" + r + "," + c + "," + p + ")");
                            bool opening = m.Stones == 0;
                            int want = m.Move(r, c, p, out int winner);
                            Interlocked.Increment(ref Coverage[want]);
                            if (want == OK && opening && p == 2) Interlocked.Increment(ref Coverage[P2_OPENED]);
                            if (want != OK) err = Expect(want, () => g.Move(r, c, p));
                            else
                            {
                                try
                                {
                                    int got = g.Move(r, c, p);
                                    if (got != winner) err = "Move returned " + got + ", want " + winner;
                                }
                                catch (Exception ex)
                                {
                                    err = "Move threw " + ex.GetType().Name + ": " + ex.Message;
                                }
                            }
                        }
                        else if (kind < 68)
                        {
                            trail.Append(" Undo");
                            int want = m.Undo();
                            Interlocked.Increment(ref Coverage[want == OK ? UNDONE : want]);
                            err = want == OK ? NoThrow(() => g.Undo()) : Expect(want, () => g.Undo());
                        }
                        else if (kind < 80)
                        {
                            trail.Append(" Redo");
                            int want = m.Redo();
                            Interlocked.Increment(ref Coverage[want == OK ? REDONE : want]);
                            err = want == OK ? NoThrow(() => g.Redo()) : Expect(want, () => g.Redo());
                        }
                        else if (kind < 83)
                        {
                            trail.Append(" Reset");
                            m.Reset();
                            err = NoThrow(() => g.Reset());
                        }
                        else if (kind < 91)
                        {
                            trail.Append(" Clone");
                            Interlocked.Increment(ref Coverage[CLONES]);
                            Game copy = g.Clone();
                            Model mc = m.Clone();
                            err = Diff(copy, mc);
                            count++;
                            if (err == null)
                            {
                                // change the copy; the original must not see it
                                int cell = Array.IndexOf(mc.B, 0);
                                if (mc.Res == 0 && cell >= 0)
                                {
                                    mc.Play(cell / mc.Cols, cell % mc.Cols);
                                    copy.Play(cell / mc.Cols, cell % mc.Cols);
                                }
                                else
                                {
                                    mc.Reset();
                                    copy.Reset();
                                }
                                err = Diff(copy, mc) ?? Diff(g, m);
                                count += 2;
                            }
                            if (rnd.Next(2) == 0)
                            {
                                trail.Append("(continue with the changed clone)");
                                g.Dispose();
                                g = copy;
                                m = mc;
                            }
                            else
                            {
                                copy.Dispose();
                            }
                        }
                        else
                        {
                            string text = g.ToText();
                            trail.Append(" FromText(" + text + ")");
                            if (m.First == 2) Interlocked.Increment(ref Coverage[TEXT_O_STARTED]);
                            if (m.Winner != 0) Interlocked.Increment(ref Coverage[TEXT_WON]);
                            Game loaded = Game.FromText(text);
                            g.Dispose();
                            g = loaded;
                            m = m.AfterTextRoundTrip();
                        }
                        count++;
                        if (m.Res == 1 || m.Res == 2) Interlocked.Increment(ref Coverage[WINS]);
                        if (m.Res == 3) Interlocked.Increment(ref Coverage[DRAWS]);
                        if (m.B.Length > 64) Interlocked.Increment(ref Coverage[LONG_LISTS]);
                        if (err == null) err = Diff(g, m);
                        count++;
                        if (err != null)
                        {
                            errors.Add(trail + ": " + err);
                            break;
                        }
                    }
                }
                catch (Exception ex)
                {
                    errors.Add(trail + ": UNEXPECTED " + ex.GetType().Name + ": " + ex.Message);
                }
                finally
                {
                    g.Dispose();
                }
            }
            return count;
        }

        internal static void GameAgainstModel()
        {
            Begin();
            var e = new List<string>();
            Array.Clear(Coverage, 0, Coverage.Length);
            checks += RunSequences(2024, 600, 70, e);
            Report(e, "game vs model");
            // the random sequences must have reached every case they are meant to check
            var names = new Dictionary<int, string>
            {
                { INVALID, "invalid player" }, { OOB, "out of bounds" }, { OCCUPIED, "occupied" }, { WRONG_TURN, "wrong turn" },
                { GAME_OVER, "game over" }, { NO_UNDO, "nothing to undo" }, { NO_REDO, "nothing to redo" }, { WINS, "wins" },
                { DRAWS, "draws" }, { P2_OPENED, "player 2 openings" }, { TEXT_O_STARTED, "text round trips of O-started games" },
                { TEXT_WON, "text round trips of won games" }, { MULTI_LINE_WIN, "moves completing lines in two directions" },
                { CLONES, "clones" }, { UNDONE, "undos" }, { REDONE, "redos" }, { LONG_LISTS, "boards over 64 cells" },
            };
            foreach (var kv in names) Check(e, Coverage[kv.Key] >= 5 ? null : "only " + Coverage[kv.Key], "coverage: " + kv.Value);
            if (Verbose) Console.WriteLine("  audit coverage: " + string.Join(", ", names.Select(kv => kv.Value + " " + Coverage[kv.Key])));
            Report(e, "game vs model coverage");
            // Player 2 opening (the rules), its undo, redo, play and reset, step by step
            using (var g = new Game())
            {
                var m = new Model(3, 3, 3);
                Check(e, g.Move(1, 1, 2) == 0 && m.Move(1, 1, 2, out int w) == OK ? Diff(g, m) : "Move(1,1,2) failed", "player 2 opens");
                Check(e, g.ToText() == "3,3,3:.../.O./...:X" ? null : g.ToText(), "text after player 2 opened");
                g.Undo();
                m.Undo();
                Check(e, Diff(g, m), "after undoing player 2's opening");
                Check(e, I(g.ToMove) == 1 && I(g.FirstPlayer) == 1 ? null : "ToMove " + g.ToMove + " FirstPlayer " + g.FirstPlayer, "undo gives back the fresh game");
                Check(e, g.ToText() == "3,3,3:.../.../...:X" ? null : g.ToText(), "empty board, X to move");
                g.Redo();
                m.Redo();
                Check(e, Diff(g, m), "redo replays player 2's opening");
                Check(e, I(g.FirstPlayer) == 2 && g[1, 1] == 2 ? null : "FirstPlayer " + g.FirstPlayer, "player 2 opened again");
                g.Undo();
                m.Undo();
                g.Play(0, 0);
                m.Play(0, 0);
                Check(e, Diff(g, m), "Play opens for player 1");
                g.Reset();
                m.Reset();
                Check(e, Diff(g, m), "reset gives the first move back to player 1");
                Check(e, Expect(WRONG_TURN, () => { g.Move(0, 0, 1); g.Move(0, 1, 1); }), "player 1 twice");
            }
            Report(e, "player 2 opening");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 7. Text: every 3x3 board with either side to move; format edges

        internal static void FromTextEvery3x3Board()
        {
            Begin();
            Prepare3x3();
            var e = new List<string>();
            for (int code = 0; code < 19683; code++)
            {
                int[] b = Decode(code, 9);
                int x = b.Count(v => v == 1), o = b.Count(v => v == 2);
                for (int p = 1; p <= 2; p++)
                {
                    bool reachable = (reach3x3X[code] && p == (x == o ? 1 : 2)) || (reach3x3O[code] && p == (x == o ? 2 : 1));
                    string text = "3,3,3:" + string.Join("/", RowStrings(b, 3, 3)) + ":" + (p == 1 ? 'X' : 'O');
                    if (!reachable)
                    {
                        Check(e, Expect(UNREACHABLE, () => Game.FromText(text).Dispose()), text);
                        continue;
                    }
                    try
                    {
                        using (Game g = Game.FromText(text))
                        {
                            Model m = Model.FromBoard(b, 3, 3, 3, p);
                            Check(e, Diff(g, m), text);
                            Check(e, Expect(NO_UNDO, () => g.Undo()), text + " has no history");
                            Check(e, Diff(g, m), text + " after Undo failed");
                        }
                    }
                    catch (Exception ex)
                    {
                        Check(e, ex.GetType().Name + ": " + ex.Message, text);
                    }
                }
            }
            Report(e, "from_text on every 3x3 board");
            End();
        }

        internal static void TextFormatEdges()
        {
            Begin();
            var e = new List<string>();
            Func<string, string, string> Loads = (text, want) =>
            {
                try
                {
                    using (Game g = Game.FromText(text)) return g.ToText() == want ? null : "loaded as " + g.ToText();
                }
                catch (Exception ex)
                {
                    return ex.GetType().Name + ": " + ex.Message;
                }
            };
            Check(e, Loads("3,3,3:X.O/.X./...:O", "3,3,3:X.O/.X./...:O"), "the header's example");
            Check(e, Loads("03,003,3:X.O/.X./...:O", "3,3,3:X.O/.X./...:O"), "leading zeros");
            Check(e, Loads("3,3,3:X O\n X \n   :O", "3,3,3:X.O/.X./...:O"), "spaces and newlines (the validate format)");
            Check(e, Loads("3,3,3:X.O.X....:O", "3,3,3:X.O/.X./...:O"), "no row separators");
            Check(e, Loads("2,4,3:XO../....:X", "2,4,3:XO../....:X"), "2x4");
            Check(e, Loads("1,1,1:X:O", "1,1,1:X:O"), "1x1 won");
            Check(e, ExpectDotNet<ArgumentNullException>(() => Game.FromText(null)), "FromText(null)");
            Check(e, Expect(PARSE, () => Game.FromText("")), "empty text");
            Check(e, Expect(PARSE, () => Game.FromText("+3,3,3:........./:X")), "a sign");
            Check(e, Expect(PARSE, () => Game.FromText(" 3,3,3:.........:X")), "a space");
            Check(e, Expect(PARSE, () => Game.FromText("3,3:.........:X")), "two numbers");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:.........")), "no side to move");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:.........:Z")), "a bad side to move");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:........:X")), "8 cells");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:..........:X")), "10 cells");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:x........:O")), "lower case");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:X.......\u00e9:O")), "non-ASCII");
            Check(e, Expect(PARSE, () => Game.FromText("3,3,3:X....\0...:O")), "a NUL");
            Check(e, Expect(INVALID, () => Game.FromText("0,3,3::X")), "rows 0");
            Check(e, Expect(INVALID, () => Game.FromText("3,3,4:.........:X")), "k 4 on 3x3");
            Check(e, Expect(INVALID, () => Game.FromText("3,3,0:.........:X")), "k 0");
            Check(e, Expect(UNREACHABLE, () => Game.FromText("3,3,3:XX......./:O")), "two X, no O");
            Check(e, Expect(UNREACHABLE, () => Game.FromText("3,3,3:X........:X")), "X moved, X to move");
            // the README's example
            using (var g = new Game(rows: 3, cols: 3, k: 3))
            {
                g.Play(1, 1);
                Check(e, g.Move(0, 0, player: 2) == 0 ? null : "winner", "README example move");
                Check(e, g.ToString() == "3,3,3:O../.X./...:X" ? null : g.ToString(), "README example text");
            }
            Report(e, "text format edges");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 8. Every reachable error status maps to its exception; a failed call changes nothing

        internal static void ErrorsLeaveTheGameUnchanged()
        {
            Begin();
            var e = new List<string>();
            using (var g = new Game(3, 3, 3))
            {
                g.Play(0, 0);
                g.Play(1, 1);
                g.Play(0, 1);
                g.Undo(); // something to redo
                Func<string> Snapshot = () => g.ToText() + " moves " + Seq(g.Moves.Select(c => Idx(c, 3))) + " first " + g.FirstPlayer + " count " + g.MoveCount;
                string before = Snapshot();
                var cases = new List<KeyValuePair<string, KeyValuePair<int, Action>>>();
                Action<string, int, Action> Case = (name, status, a) => cases.Add(new KeyValuePair<string, KeyValuePair<int, Action>>(name, new KeyValuePair<int, Action>(status, a)));
                Case("Play off the board", OOB, () => g.Play(3, 0));
                Case("Play col off the board", OOB, () => g.Play(0, 3));
                Case("Play huge", OOB, () => g.Play(int.MaxValue, int.MaxValue));
                Case("Play occupied", OCCUPIED, () => g.Play(1, 1));
                Case("Move occupied", OCCUPIED, () => g.Move(0, 0, 1));
                Case("Move wrong turn", WRONG_TURN, () => g.Move(2, 2, 2));
                Case("Move wrong turn on occupied (turn first)", WRONG_TURN, () => g.Move(0, 0, 2));
                Case("Move player 0", INVALID, () => g.Move(2, 2, 0));
                Case("Move player 3", INVALID, () => g.Move(2, 2, 3));
                Case("Move player 3 off the board (player first)", INVALID, () => g.Move(9, 9, 3));
                Case("Move off the board", OOB, () => g.Move(3, 3, 1));
                Case("cell off the board", OOB, () => { var unused = g[3, 0]; });
                Case("cell huge", OOB, () => { var unused = g[0, int.MaxValue]; });
                Case("Search with no limit", INVALID, () => g.Search(0, 0, 0));
                Case("AiMove unknown level", INVALID, () => g.AiMove((Level)5));
                Case("AiMove huge level", INVALID, () => g.AiMove((Level)uint.MaxValue));
                foreach (var c in cases)
                {
                    Check(e, Expect(c.Value.Key, c.Value.Value), c.Key);
                    string after = Snapshot();
                    Check(e, after == before ? null : "game changed: " + after, c.Key + " leaves the game");
                }
                g.Redo(); // the redo list survived every failure
                Check(e, g.ToText() == "3,3,3:XX./.O./...:O" ? null : g.ToText(), "redo after the failures");
            }
            using (var g = new Game(3, 3, 3))
            {
                Check(e, Expect(NO_UNDO, () => g.Undo()), "undo on a new game");
                Check(e, Expect(NO_REDO, () => g.Redo()), "redo on a new game");
                foreach (int[] mv in new[] { new[] { 0, 0 }, new[] { 1, 0 }, new[] { 0, 1 }, new[] { 1, 1 }, new[] { 0, 2 } }) g.Play(mv[0], mv[1]);
                string before = g.ToText() + Seq(g.WinningLine.Select(c => Idx(c, 3)));
                Check(e, Expect(GAME_OVER, () => g.Play(2, 2)), "Play after the win");
                Check(e, Expect(GAME_OVER, () => g.Move(2, 2, 2)), "Move after the win");
                Check(e, Expect(GAME_OVER, () => g.Move(1, 1, 2)), "Move after the win, occupied (game over first)");
                Check(e, Expect(OOB, () => g.Move(3, 0, 2)), "Move after the win, off the board (bounds first)");
                Check(e, Expect(GAME_OVER, () => g.BestMove()), "BestMove after the win");
                Check(e, Expect(GAME_OVER, () => g.OptimalMoves()), "OptimalMoves after the win");
                Check(e, Expect(GAME_OVER, () => g.Search(100)), "Search after the win");
                Check(e, Expect(GAME_OVER, () => g.AiMove(Level.Random)), "AiMove after the win");
                Check(e, Expect(NO_REDO, () => g.Redo()), "redo with nothing undone");
                Check(e, (g.ToText() + Seq(g.WinningLine.Select(c => Idx(c, 3)))) == before ? null : "changed", "the won game is unchanged");
                var ex = Assert.Throws<IllegalMoveException>(() => g.Play(0, 0));
                Check(e, ex != null && ex.Message.Contains("Play") ? null : ex?.Message, "message names the call");
            }
            using (var g = new Game())
            {
                g.Play(1, 1);
                var ex = Assert.Throws<IllegalMoveException>(() => g.Play(1, 1));
                Check(e, ex != null && ex.Message == "Game.Play(1, 1): cell occupied" ? null : ex?.Message, "the README's message example");
                // "the message names the call, with the cell and player for a move, and the status"
                var wrong = Assert.Throws<IllegalMoveException>(() => g.Move(2, 0, 1));
                Check(e, wrong != null && wrong.Message.StartsWith("Game.Move(") && wrong.Message.Contains("2, 0") && wrong.Message.Contains("1")
                         && wrong.Message.EndsWith(Status.WrongTurn.Describe()) ? null : wrong?.Message, "a Move message");
            }
            using (var g = new Game(15, 15, 5))
            {
                Check(e, Expect(TOO_HARD, () => g.BestMove()), "BestMove on an empty 15x15");
                Check(e, Expect(TOO_HARD, () => g.OptimalMoves()), "OptimalMoves on an empty 15x15");
                Check(e, g.MoveCount == 0 && g.ToText().StartsWith("15,15,5:") ? null : "changed", "TooHard leaves the game");
            }
            // 12,12,8: past the 128-bit solver, > 18 empty, and no pairing proves it drawn (9,9,9 has one).
            using (var g = new Game(12, 12, 8))
                Check(e, Expect(TOO_HARD, () => g.BestMove()), "BestMove on an empty 12x12 k=8 (past the 128-bit solver, > 18 empty)");
            using (var g = new Game(9, 9, 9))
                Check(e, NoThrow(() => { if (g.BestMove().Score != 0) throw new Exception("not a draw"); }), "BestMove on an empty 9x9 k=9: a draw, proved by pairing");
            Check(e, Expect(PARSE, () => Game.FromText("nonsense")), "FromText nonsense");
            Check(e, Expect(UNREACHABLE, () => Game.FromText("3,3,3:XXX/OO./O..:X")), "FromText O after X won (X started)");
            Check(e, NoThrow(() => Game.FromText("3,3,3:XXX/OO./O..:O").Dispose()), "FromText X won last (O started)");
            Check(e, Expect(INVALID, () => new Game(0, 3, 3)), "new Game(0, 3, 3)");
            Check(e, Expect(TOO_LARGE, () => new Game(8193, 8192, 5)), "new Game too large");
            Report(e, "errors");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 9. Game arguments: negative, huge, limits

        internal static void GameArguments()
        {
            Begin();
            var e = new List<string>();
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => new Game(-1, 3, 3)), "rows -1");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => new Game(3, -1, 3)), "cols -1");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => new Game(3, 3, -1)), "k -1");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => new Game(int.MinValue, 3, 3)), "rows MinValue");
            Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => Game.TicTacToe(-1)), "TicTacToe(-1)");
            Check(e, Expect(INVALID, () => Game.TicTacToe(0)), "TicTacToe(0)");
            Check(e, Expect(INVALID, () => new Game(3, 0, 3)), "cols 0");
            Check(e, Expect(INVALID, () => new Game(3, 3, 0)), "k 0");
            Check(e, Expect(INVALID, () => new Game(1, 5, 6)), "k 6 on 1x5");
            Check(e, NoThrow(() => new Game(1, 5, 5).Dispose()), "k 5 on 1x5");
            Check(e, NoThrow(() => new Game(5, 1, 5).Dispose()), "k 5 on 5x1");
            Check(e, Expect(TOO_LARGE, () => new Game(65536, 65536, 1)), "65536 x 65536 (a u32 product wraps to 0)");
            Check(e, Expect(TOO_LARGE, () => new Game(65537, 65537, 3)), "65537 x 65537 (a u32 product wraps to 131073)");
            Check(e, Expect(TOO_LARGE, () => new Game(int.MaxValue, int.MaxValue, 5)), "int.MaxValue squared");
            Check(e, Expect(TOO_LARGE, () => new Game(1, 67108865, 1)), "TTT_MAX_CELLS + 1");
            Check(e, Expect(TOO_LARGE, () => Game.TicTacToe(8193)), "TicTacToe(8193)");
            using (Game g = Game.TicTacToe(1))
            {
                Check(e, I(g.Rows) == 1 && I(g.Cols) == 1 && I(g.K) == 1 ? null : "size", "TicTacToe(1)");
                Check(e, I(g.Play(0, 0)) == 1 ? null : "not A", "1x1: the first move wins");
            }
            using (var g = new Game())
            {
                g.Play(2, 2);
                string before = g.ToText();
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Move(-1, 0, 2)), "Move row -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Move(0, -1, 2)), "Move col -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Move(0, 0, -1)), "Move player -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Move(0, 0, int.MinValue)), "Move player MinValue");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Play(-1, 0)), "Play row -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Play(0, int.MinValue)), "Play col MinValue");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => { var x = g[-1, 0]; }), "this[-1, 0]");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => { var x = g[0, -1]; }), "this[0, -1]");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Search(-1)), "Search maxNodes -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Search(10, -1)), "Search maxMillis -1");
                Check(e, ExpectDotNet<ArgumentOutOfRangeException>(() => g.Search(long.MinValue, 5)), "Search maxNodes MinValue");
                Check(e, Expect(INVALID, () => g.Move(0, 0, int.MaxValue)), "Move player MaxValue");
                Check(e, Expect(OOB, () => g.Move(int.MaxValue, 0, 2)), "Move row MaxValue");
                Check(e, g.ToText() == before ? null : g.ToText(), "the game is unchanged");
            }
            Report(e, "game arguments");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 10. Best move: every 3x3 position (either opener) against a plain minimax

        private static int Rank(int v) => v > 0 ? 1000 - v : v < 0 ? -1000 - v : 0;

        /// <summary>Plain minimax with the C API's score convention: +N the side to move wins N plies from
        /// now (its own move counts as 1), -N it loses, 0 a draw. Memoized over the cells that
        /// were empty at the root.</summary>
        private sealed class Solver
        {
            private readonly int rows, cols, k;
            private readonly int[] slotOf;
            private readonly long[] pow;
            private readonly Dictionary<long, int> memo = new Dictionary<long, int>();

            internal Solver(int rows, int cols, int k, IList<int> slots)
            {
                this.rows = rows;
                this.cols = cols;
                this.k = k;
                slotOf = Enumerable.Repeat(-1, rows * cols).ToArray();
                for (int i = 0; i < slots.Count; i++) slotOf[slots[i]] = i;
                pow = Powers(slots.Count);
            }

            internal long Code(int[] b)
            {
                long code = 0;
                for (int c = 0; c < b.Length; c++)
                    if (slotOf[c] >= 0) code += b[c] * pow[slotOf[c]];
                return code;
            }

            internal int Value(int[] b, int side, long code, int empties)
            {
                long key = code * 3 + side;
                if (memo.TryGetValue(key, out int best)) return best;
                bool any = false;
                for (int c = 0; c < b.Length; c++)
                {
                    if (b[c] != 0) continue;
                    int v = MoveValue(b, side, code, empties, c);
                    if (!any || Rank(v) > Rank(best)) best = v;
                    any = true;
                }
                memo[key] = best;
                return best;
            }

            internal int MoveValue(int[] b, int side, long code, int empties, int cell)
            {
                b[cell] = side;
                int v;
                if (Wins(b, rows, cols, k, cell)) v = 1;
                else if (empties == 1) v = 0;
                else
                {
                    int child = Value(b, 3 - side, code + side * pow[slotOf[cell]], empties - 1);
                    v = child > 0 ? -(child + 1) : child < 0 ? 1 - child : 0;
                }
                b[cell] = 0;
                return v;
            }
        }

        /// <summary>Checks BestMove and OptimalMoves of <paramref name="g"/> (whose board is
        /// <paramref name="b"/>, <paramref name="side"/> to move) against the solver.</summary>
        private static string CheckBest(Game g, int[] b, int rows, int cols, int side, Solver solver)
        {
            long code = solver.Code(b);
            int empties = b.Count(v => v == 0);
            int value = solver.Value(b, side, code, empties);
            ScoredMove best = g.BestMove();
            if (best.Score != value) return "score " + best.Score + ", minimax " + value;
            int cell = I(best.Row) * cols + I(best.Col);
            if (I(best.Row) >= rows || I(best.Col) >= cols || b[cell] != 0) return "move " + best.Row + "," + best.Col + " is not legal";
            int mv = solver.MoveValue(b, side, code, empties, cell);
            if (mv != value) return "move " + best.Row + "," + best.Col + " is worth " + mv + ", not " + value;
            var want = new List<int>();
            for (int c = 0; c < b.Length; c++)
            {
                if (b[c] != 0) continue;
                int v = solver.MoveValue(b, side, code, empties, c);
                if (value > 0 ? v > 0 : value == 0 ? v == 0 : true) want.Add(c);
            }
            string got = Seq(g.OptimalMoves().Select(c => Idx(c, cols)));
            if (got != Seq(want)) return "OptimalMoves " + got + ", minimax " + Seq(want);
            return null;
        }

        internal static void BestMoveEvery3x3Position()
        {
            Begin();
            Prepare3x3();
            var e = new List<string>();
            var solver = new Solver(3, 3, 3, Enumerable.Range(0, 9).ToList());
            int n = 0;
            foreach (int first in new[] { 1, 2 })
            {
                foreach (var kv in first == 1 ? paths3x3X : paths3x3O)
                {
                    int[] path = kv.Value;
                    int[] b = Decode(kv.Key, 9);
                    int side = path.Length % 2 == 0 ? first : 3 - first;
                    string ctx = "opener " + first + " path " + Seq(path);
                    try
                    {
                        using (var g = new Game())
                        {
                            for (int i = 0; i < path.Length; i++)
                            {
                                int p = i % 2 == 0 ? first : 3 - first;
                                if ((i == 0 && first == 2) || (i + n) % 3 == 1) g.Move(path[i] / 3, path[i] % 3, p);
                                else g.Play(path[i] / 3, path[i] % 3);
                            }
                            string before = g.ToText() + Seq(g.Moves.Select(c => Idx(c, 3)));
                            Check(e, CheckBest(g, b, 3, 3, side, solver), ctx);
                            Check(e, g.ToText() + Seq(g.Moves.Select(c => Idx(c, 3))) == before ? null : "the AI changed the game", ctx);
                            if (n % 5 == 0)
                                using (Game loaded = Game.FromText(g.ToText()))
                                    Check(e, CheckBest(loaded, b, 3, 3, side, solver), ctx + " loaded from text");
                            if (n % 3 == 0)
                            {
                                // Level.Perfect keeps the value on 3x3 (the exact solver always proves it)
                                Cell ai = g.AiMove(Level.Perfect, (ulong)n);
                                long code = solver.Code(b);
                                int empties = b.Count(v => v == 0), value = solver.Value(b, side, code, empties);
                                int cell = Idx(ai, 3);
                                int mv = b[cell] == 0 ? solver.MoveValue(b, side, code, empties, cell) : int.MinValue;
                                Check(e, Math.Sign(mv) == Math.Sign(value) ? null : "AiMove(Perfect) " + cell + " worth " + mv + ", position " + value, ctx);
                            }
                        }
                    }
                    catch (Exception ex)
                    {
                        Check(e, ex.GetType().Name + ": " + ex.Message, ctx);
                    }
                    n++;
                }
            }
            Check(e, n == 4520 * 2 ? null : n + " unfinished positions", "the reference's position count");
            Report(e, "best move on every 3x3 position");
            End();
        }

        /// <summary>Random play to <paramref name="empties"/> empty cells with nobody winning; false
        /// when a game ended first.</summary>
        private static bool RandomPosition(System.Random rnd, int rows, int cols, int k, int empties, int first, out List<int> path, out int[] b)
        {
            b = new int[rows * cols];
            path = new List<int>();
            var empty = Enumerable.Range(0, b.Length).ToList();
            while (empty.Count > empties)
            {
                int j = rnd.Next(empty.Count), cell = empty[j];
                empty.RemoveAt(j);
                b[cell] = path.Count % 2 == 0 ? first : 3 - first;
                path.Add(cell);
                if (Wins(b, rows, cols, k, cell)) return false;
            }
            return true;
        }

        internal static void BestMoveLargerBoards()
        {
            Begin();
            var e = new List<string>();
            var rnd = new System.Random(7);
            // {rows, cols, k, empty cells, positions}; 9x9 and 8x8 are solved on 128-bit words
            int[][] plans =
            {
                new[] { 4, 4, 3, 9, 12 }, new[] { 4, 4, 4, 10, 12 }, new[] { 3, 5, 3, 9, 10 }, new[] { 5, 5, 4, 10, 8 },
                new[] { 6, 6, 5, 9, 6 }, new[] { 2, 7, 2, 8, 6 }, new[] { 9, 9, 9, 8, 4 }, new[] { 8, 8, 8, 9, 4 }, new[] { 1, 12, 3, 10, 6 },
            };
            foreach (int[] plan in plans)
            {
                int rows = plan[0], cols = plan[1], k = plan[2];
                for (int i = 0, tries = 0; i < plan[4] && tries < 2000; tries++)
                {
                    int first = rnd.Next(3) == 0 ? 2 : 1;
                    if (!RandomPosition(rnd, rows, cols, k, plan[3], first, out List<int> path, out int[] b)) continue;
                    i++;
                    int side = path.Count % 2 == 0 ? first : 3 - first;
                    var solver = new Solver(rows, cols, k, Enumerable.Range(0, b.Length).Where(c => b[c] == 0).ToList());
                    string ctx = rows + "," + cols + "," + k + " opener " + first + " path " + Seq(path);
                    try
                    {
                        using (var g = new Game(rows, cols, k))
                        {
                            for (int j = 0; j < path.Count; j++)
                            {
                                if (j == 0) g.Move(path[0] / cols, path[0] % cols, first);
                                else g.Play(path[j] / cols, path[j] % cols);
                            }
                            Check(e, CheckBest(g, b, rows, cols, side, solver), ctx);
                            using (Game loaded = Game.FromText(g.ToText()))
                                Check(e, CheckBest(loaded, b, rows, cols, side, solver), ctx + " loaded");
                        }
                    }
                    catch (Exception ex)
                    {
                        Check(e, ex.GetType().Name + ": " + ex.Message, ctx);
                    }
                }
            }
            using (var g = new Game(4, 4, 4))
            {
                ScoredMove s = g.BestMove();
                Check(e, s.Score == 0 ? null : "score " + s.Score, "4,4,4 is a draw");
            }
            using (var g = new Game(3, 3, 3))
            {
                g.Play(0, 0);
                g.Play(1, 0);
                g.Play(0, 1);
                g.Play(1, 1);
                ScoredMove s = g.BestMove(); // X wins at once at (0,2) (the diagonal is blocked)
                Check(e, s.Score == 1 && I(s.Row) == 0 && I(s.Col) == 2 ? null : s.Row + "," + s.Col + " " + s.Score, "win in one scores +1");
            }
            Report(e, "best move on larger boards");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 11. Budgeted search and levels: legal, pure, deterministic, win/block

        internal static void SearchAndLevels()
        {
            Begin();
            var e = new List<string>();
            var rnd = new System.Random(3);
            for (int i = 0, tries = 0; i < 16 && tries < 500; tries++)
            {
                int rows = 7, cols = 7, k = 4;
                if (!RandomPosition(rnd, rows, cols, k, 49 - 6 - rnd.Next(14), 1, out List<int> path, out int[] b)) continue;
                i++;
                int side = path.Count % 2 == 0 ? 1 : 2;
                var wins = new List<int>();
                var threats = new List<int>();
                for (int c = 0; c < b.Length; c++)
                {
                    if (b[c] != 0) continue;
                    b[c] = side;
                    if (Wins(b, rows, cols, k, c)) wins.Add(c);
                    b[c] = 3 - side;
                    if (Wins(b, rows, cols, k, c)) threats.Add(c);
                    b[c] = 0;
                }
                string ctx = "7,7,4 path " + Seq(path);
                using (var g = new Game(rows, cols, k))
                {
                    foreach (int c in path) g.Play(c / cols, c % cols);
                    string before = g.ToText() + Seq(g.Moves.Select(c => Idx(c, cols)));
                    Func<Cell, bool, string, string> Judge = (m, winBlock, who) =>
                    {
                        int c = Idx(m, cols);
                        if (I(m.Row) >= rows || I(m.Col) >= cols || b[c] != 0) return who + " illegal " + m.Row + "," + m.Col;
                        if (winBlock && wins.Count > 0 && !wins.Contains(c)) return who + " missed the win at " + Seq(wins) + ", played " + c;
                        if (winBlock && wins.Count == 0 && threats.Count > 0 && !threats.Contains(c)) return who + " did not block " + Seq(threats) + ", played " + c;
                        return null;
                    };
                    Cell s1 = g.Search(300, 0, (ulong)i);
                    Check(e, Judge(s1, true, "Search"), ctx);
                    Check(e, Idx(g.Search(300, 0, (ulong)i), cols) == Idx(s1, cols) ? null : "not reproducible", ctx + " Search");
                    Check(e, Judge(g.Search(0, 30, 1), true, "Search by time"), ctx);
                    Check(e, Judge(g.AiMove(Level.Random, (ulong)i), false, "Random"), ctx);
                    Check(e, Judge(g.AiMove(Level.Easy, (ulong)i), false, "Easy"), ctx);
                    if (wins.Count > 0) Check(e, wins.Contains(Idx(g.AiMove(Level.Easy, (ulong)i), cols)) ? null : "Easy missed the win", ctx);
                    Check(e, Judge(g.AiMove(Level.Medium, (ulong)i), true, "Medium"), ctx);
                    Cell h = g.AiMove(Level.Hard, (ulong)i);
                    Check(e, Judge(h, true, "Hard"), ctx);
                    Check(e, Idx(g.AiMove(Level.Hard, (ulong)i), cols) == Idx(h, cols) ? null : "Hard not reproducible", ctx);
                    Check(e, g.ToText() + Seq(g.Moves.Select(c => Idx(c, cols))) == before ? null : "the AI changed the game", ctx);
                }
            }
            Report(e, "search and levels");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 12. SafeHandle / Dispose

        internal static void DisposeSemantics()
        {
            Begin();
            var e = new List<string>();
            var g = new Game();
            Check(e, g is IDisposable ? null : "not IDisposable", "Game");
            g.Play(1, 1);
            Check(e, NoThrow(() => g.Dispose()), "first Dispose");
            Check(e, NoThrow(() => g.Dispose()), "second Dispose");
            var uses = new Dictionary<string, Action>
            {
                { "Play", () => g.Play(0, 0) }, { "Move", () => g.Move(0, 0, 2) }, { "Undo", () => g.Undo() }, { "Redo", () => g.Redo() },
                { "Reset", () => g.Reset() }, { "Clone", () => g.Clone() }, { "ToText", () => g.ToText() },
                { "Rows", () => { var x = g.Rows; } }, { "Cols", () => { var x = g.Cols; } }, { "K", () => { var x = g.K; } },
                { "ToMove", () => { var x = g.ToMove; } }, { "FirstPlayer", () => { var x = g.FirstPlayer; } },
                { "Result", () => { var x = g.Result; } }, { "Winner", () => { var x = g.Winner; } }, { "this[]", () => { var x = g[0, 0]; } },
                { "MoveCount", () => { var x = g.MoveCount; } }, { "Cells", () => { var x = g.Cells; } }, { "Moves", () => { var x = g.Moves; } },
                { "LegalMoves", () => { var x = g.LegalMoves; } }, { "WinningLine", () => { var x = g.WinningLine; } },
                { "BestMove", () => g.BestMove() }, { "OptimalMoves", () => g.OptimalMoves() }, { "Search", () => g.Search(10) },
                { "AiMove", () => g.AiMove(Level.Random) },
                // argument checks must not hide the disposal either way; a negative argument on a disposed game
                // may report either, so only valid arguments are used above
            };
            foreach (var u in uses) Check(e, ExpectDotNet<ObjectDisposedException>(u.Value), u.Key + " after Dispose");
            // README: ToString() and IsDisposed are the two that keep answering.
            Check(e, g.ToString() == "Game (disposed)" ? null : "ToString() = " + g.ToString(), "ToString after Dispose");
            Check(e, g.IsDisposed ? null : "IsDisposed is false", "IsDisposed after Dispose");
            Game after;
            using (after = new Game()) after.Play(0, 0);
            Check(e, ExpectDotNet<ObjectDisposedException>(() => after.Play(1, 1)), "use after using");

            // a clone outlives its original and the other way round
            var a = new Game(4, 4, 3);
            a.Play(0, 0);
            Game b = a.Clone();
            a.Dispose();
            Check(e, NoThrow(() => b.Play(1, 1)), "clone after the original's Dispose");
            Check(e, b.ToText() == "4,4,3:X.../.O../..../....:X" ? null : b.ToText(), "the clone's board");
            Game c = b.Clone();
            b.Dispose();
            Check(e, c.ToText() == "4,4,3:X.../.O../..../....:X" ? null : c.ToText(), "clone of a clone");
            c.Dispose();

            // lists are managed copies: they do not follow the game
            using (var d = new Game())
            {
                d.Play(0, 0);
                IReadOnlyList<Cell> moves = d.Moves;
                IReadOnlyList<byte> cells = d.Cells;
                IReadOnlyList<Cell> legal = d.LegalMoves;
                d.Play(1, 1);
                Check(e, moves.Count == 1 && cells[4] == 0 && legal.Count == 8 ? null : "a list changed", "lists are copies");
            }

            // many threads disposing one game at once
            for (int round = 0; round < 20; round++)
            {
                var shared = new Game();
                int failures = 0;
                var threads = Enumerable.Range(0, 4).Select(_ => new Thread(() =>
                {
                    try { shared.Dispose(); } catch { Interlocked.Increment(ref failures); }
                })).ToList();
                threads.ForEach(t => t.Start());
                threads.ForEach(t => t.Join());
                Check(e, failures == 0 ? null : failures + " Dispose calls threw", "concurrent Dispose");
                Check(e, ExpectDotNet<ObjectDisposedException>(() => shared.Play(0, 0)), "after concurrent Dispose");
            }
            Report(e, "dispose");
            End();
        }

        [DllImport("libc", EntryPoint = "malloc_trim")]
        private static extern int MallocTrim(UIntPtr pad);

        /// <summary>The resident set in kB after handing freed heap memory back to the system (so
        /// that what a freed game leaves in the allocator's pool does not hide a leak); -1 where
        /// that cannot be measured (no /proc or no glibc).</summary>
        private static long RssKb()
        {
            try
            {
                MallocTrim(UIntPtr.Zero);
            }
            catch (Exception ex) when (ex is DllNotFoundException || ex is EntryPointNotFoundException)
            {
                return -1;
            }
            try
            {
                foreach (string line in File.ReadAllLines("/proc/self/status"))
                    if (line.StartsWith("VmRSS:")) return long.Parse(line.Substring(6).Trim().Split(' ')[0]);
            }
            catch (IOException)
            {
            }
            return -1;
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static WeakReference Abandon(Game source) => new WeakReference(source.Clone());

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void AbandonMany(Game source, int count)
        {
            for (int i = 0; i < count; i++)
            {
                source.Clone(); // never disposed: only the finalizer can free it
                if (i % 20 == 19)
                {
                    GC.Collect();
                    GC.WaitForPendingFinalizers();
                }
            }
        }

        private static void Collect()
        {
            for (int i = 0; i < 3; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
        }

        internal static void FinalizerFreesNativeGames()
        {
            Begin();
            var e = new List<string>();
            // a full 1024x1024 board (draw, no line of 5), so a clone's memory is all written
            const int n = 1024;
            var rows = new string[n];
            for (int r = 0; r < n; r++)
            {
                var sb = new StringBuilder(n);
                for (int c = 0; c < n; c++) sb.Append((c + r / 2) % 2 == 0 ? 'X' : 'O');
                rows[r] = sb.ToString();
            }
            using (Game source = Game.FromText(n + "," + n + ",5:" + string.Join("/", rows) + ":X"))
            {
                Check(e, I(source.Result) == 3 ? null : "result " + source.Result, "the full board is a draw");
                Collect();
                long r0 = RssKb();
                if (r0 >= 0)
                {
                    // first, what 60 live clones take (on memory the allocator has not seen freed yet)
                    var held = Enumerable.Range(0, 60).Select(_ => source.Clone()).ToList();
                    long perSixty = RssKb() - r0;
                    held.ForEach(h => h.Dispose());
                    held.Clear();
                    Collect();
                    Check(e, perSixty > 4096 ? null : "60 clones take only " + perSixty + " kB: the leak check below would be blind", "clone memory");
                    // 300 leaked clones would take five times that
                    long r1 = RssKb();
                    AbandonMany(source, 300);
                    Collect();
                    long grew = RssKb() - r1;
                    Check(e, grew < perSixty ? null : "RSS grew " + grew + " kB after 300 abandoned clones (60 live clones: " + perSixty + " kB)", "the finalizer frees native games");
                    long r2 = RssKb();
                    for (int i = 0; i < 300; i++) source.Clone().Dispose();
                    long grew2 = RssKb() - r2;
                    Check(e, grew2 < perSixty ? null : "RSS grew " + grew2 + " kB after 300 disposed clones", "Dispose frees native games");
                    if (Verbose) Console.WriteLine("  audit finalizer: 60 live clones " + perSixty + " kB; after 300 abandoned " + grew + " kB; after 300 disposed " + grew2 + " kB");
                }
                var weak = Enumerable.Range(0, 40).Select(_ => Abandon(source)).ToList();
                Collect();
                int alive = weak.Count(w => w.IsAlive);
                Check(e, alive <= 4 ? null : alive + " of 40 abandoned games still alive", "abandoned games are collected");
                Check(e, I(source.MoveCount) == n * n ? null : "source changed", "the source is intact");
            }
            Report(e, "finalizer");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 13. Threads: distinct games at once; static calls at once; AI reads of one game at once

        internal static void DistinctGamesOnThreads()
        {
            Begin();
            Prepare3x3();
            var perThread = Enumerable.Range(0, 6).Select(_ => new List<string>()).ToArray();
            var counts = new int[6];
            var threads = new List<Thread>();
            for (int t = 0; t < 4; t++)
            {
                int id = t;
                threads.Add(new Thread(() =>
                {
                    try { counts[id] = RunSequences(100 + id, 150, 60, perThread[id]); }
                    catch (Exception ex) { perThread[id].Add("UNEXPECTED " + ex); }
                }));
            }
            threads.Add(new Thread(() =>
            {
                try
                {
                    for (int code = 0; code < 19683; code++)
                    {
                        int[] b = Decode(code, 9);
                        int got = I(Ttt.Validate(string.Join("/", RowStrings(b, 3, 3))));
                        counts[4]++;
                        if (got != verdict3x3[code]) perThread[4].Add("validate " + code + ": " + got);
                    }
                }
                catch (Exception ex) { perThread[4].Add("UNEXPECTED " + ex); }
            }));
            threads.Add(new Thread(() =>
            {
                try
                {
                    var rnd = new System.Random(9);
                    for (int i = 0; i < 3000; i++)
                    {
                        int[][] moves = RandomMoveList(rnd, 4, 5, 3);
                        RefJudge(moves, 4, 5, 3, out int status, out int result, out int bad);
                        string err = JudgeOutcome(() => I(Ttt.Judge(moves, 4, 5, 3)), status, result, bad);
                        counts[5]++;
                        if (err != null) perThread[5].Add("judge: " + err);
                    }
                }
                catch (Exception ex) { perThread[5].Add("UNEXPECTED " + ex); }
            }));
            threads.ForEach(t => t.Start());
            threads.ForEach(t => t.Join());
            checks += counts.Sum();
            var e = perThread.SelectMany(l => l).ToList();

            // README "Threading": several threads may run the AI on one game at once
            using (var g = new Game(4, 4, 4))
            {
                int[] path = { 5, 10, 0, 15, 6 };
                var b = new int[16];
                for (int i = 0; i < path.Length; i++)
                {
                    g.Play(path[i] / 4, path[i] % 4);
                    b[path[i]] = i % 2 == 0 ? 1 : 2;
                }
                var solver = new Solver(4, 4, 4, Enumerable.Range(0, 16).Where(c => b[c] == 0).ToList());
                int value = solver.Value(b, 2, solver.Code(b), 11);
                var scores = new int[4];
                var aiThreads = Enumerable.Range(0, 4).Select(i => new Thread(() =>
                {
                    try { scores[i] = i % 2 == 0 ? g.BestMove().Score : g.OptimalMoves().Count; }
                    catch (Exception ex) { lock (e) e.Add("AI on threads: " + ex.GetType().Name + ": " + ex.Message); }
                })).ToList();
                aiThreads.ForEach(t => t.Start());
                aiThreads.ForEach(t => t.Join());
                Check(e, scores[0] == value && scores[2] == value ? null : "scores " + scores[0] + "," + scores[2] + ", minimax " + value, "BestMove on two threads");
                Check(e, scores[1] == scores[3] && scores[1] == g.OptimalMoves().Count ? null : "counts " + scores[1] + "," + scores[3], "OptimalMoves on two threads");
            }
            Report(e, "threads");
            End();
        }

        internal static void DisposeDuringBestMove()
        {
            Begin();
            var e = new List<string>();
            var g = new Game(5, 5, 4); // about 0.1 s to solve from empty (header); 5,5,4 is a draw
            int score = int.MinValue;
            string outcome = null;
            var t = new Thread(() =>
            {
                try { score = g.BestMove().Score; }
                catch (ObjectDisposedException) { outcome = "disposed first"; }
                catch (Exception ex) { outcome = ex.GetType().Name + ": " + ex.Message; }
            });
            t.Start();
            Thread.Sleep(20); // well inside the solve, so Dispose meets a call in progress
            g.Dispose();
            t.Join();
            Check(e, outcome == null ? (score == 0 ? null : "score " + score) : outcome == "disposed first" ? null : outcome, "BestMove while disposed");
            Check(e, ExpectDotNet<ObjectDisposedException>(() => g.Play(0, 0)), "after");
            Report(e, "dispose during best move");
            End();
        }

        // ---------------------------------------------------------------------------------------
        // 14. Large boards and the size limit

        internal static void LargeBoardsAndLimits()
        {
            Begin();
            var e = new List<string>();
            using (var g = new Game(4096, 4096, 5))
            {
                g.Play(4095, 4095);
                Check(e, g.Move(0, 0, 2) == 0 ? null : "winner", "4096: move");
                g.Play(4095, 0);
                Check(e, I(g.MoveCount) == 3 && I(g[4095, 4095]) == 1 && I(g[0, 0]) == 2 && I(g[4095, 0]) == 1 ? null : "cells", "4096: cells");
                Check(e, Seq(g.Moves.Select(c => Idx(c, 4096))) == Seq(new[] { 4096 * 4096 - 1, 0, 4095 * 4096 }) ? null : "moves", "4096: moves");
                IReadOnlyList<byte> cells = g.Cells;
                Check(e, cells.Count == 4096 * 4096 && cells[cells.Count - 1] == 1 && cells[0] == 2 ? null : "Cells", "4096: Cells");
                string text = g.ToText();
                Check(e, text.Length == "4096,4096,5:".Length + 4096 * 4097 - 1 + 2 && text.StartsWith("4096,4096,5:O...") && text.EndsWith("...X:O") ? null : "length " + text.Length, "4096: text");
                using (Game loaded = Game.FromText(text))
                    Check(e, I(loaded.MoveCount) == 3 && I(loaded.ToMove) == 2 && loaded.ToText() == text ? null : "round trip", "4096: text round trip");
                g.Undo();
                Check(e, I(g.MoveCount) == 2 && I(g[4095, 0]) == 0 ? null : "undo", "4096: undo");
            }
            using (var g = new Game(8192, 8192, 5))
                Check(e, I(g.Rows) == 8192 && g.Play(8191, 8191) == (Result)0 ? null : "size", "exactly TTT_MAX_CELLS works");
            using (var g = new Game(1, 67108864, 3))
                Check(e, g.Play(0, 67108863) == (Result)0 ? null : "play", "1 x TTT_MAX_CELLS works");
            Check(e, Expect(TOO_LARGE, () => new Game(8192, 8193, 5)), "TTT_MAX_CELLS + 8192");
            Report(e, "large boards");
            End();
        }
    }
}
