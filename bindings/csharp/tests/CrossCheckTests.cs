// CrossCheckTests.cs — Judge, FindWinner, Validate and BestMove / OptimalMoves against small
// independent implementations written here from the rules, the C API's score convention and the validity rule: every 3x3 board for
// Validate (and every position reachable in play for the solver), seeded random inputs on other
// sizes. The reference code is deliberately naive: plain loops over every line, no shortcuts.
using System;
using System.Collections.Generic;
using System.Linq;

namespace TicTacToe.Tests
{
    internal static class CrossCheckTests
    {
        // ---- the reference rules ----

        private static readonly int[][] Directions = { new[] { 0, 1 }, new[] { 1, 0 }, new[] { 1, 1 }, new[] { 1, -1 } };

        /// <summary>Every line (k cells in one direction) wholly of <paramref name="stone"/>.</summary>
        private static List<int[]> Lines(char[] b, int rows, int cols, int k, char stone)
        {
            var lines = new List<int[]>();
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++)
                    foreach (int[] d in Directions)
                    {
                        int er = r + d[0] * (k - 1), ec = c + d[1] * (k - 1);
                        if (er < 0 || er >= rows || ec < 0 || ec >= cols) continue;
                        var line = new int[k];
                        bool all = true;
                        for (int i = 0; i < k && all; i++)
                        {
                            line[i] = (r + d[0] * i) * cols + c + d[1] * i;
                            all = b[line[i]] == stone;
                        }
                        if (all) lines.Add(line);
                    }
            return lines;
        }

        private static bool SharedCell(List<int[]> lines)
        {
            IEnumerable<int> common = lines[0];
            foreach (int[] line in lines) common = common.Intersect(line);
            return common.Any();
        }

        /// <summary>the validity rule, reasons in the order TttVerdict lists them.</summary>
        private static Verdict ReferenceVerdict(char[] b, int rows, int cols, int k)
        {
            int x = b.Count(ch => ch == 'X'), o = b.Count(ch => ch == 'O');
            if (o > x) return Verdict.TooManyO;
            if (x > o + 1) return Verdict.TooManyX;
            List<int[]> xl = Lines(b, rows, cols, k, 'X'), ol = Lines(b, rows, cols, k, 'O');
            if (xl.Count > 0 && ol.Count > 0) return Verdict.BothWin;
            if (xl.Count > 0 && x != o + 1) return Verdict.XWonThenOMoved;
            if (ol.Count > 0 && x != o) return Verdict.OWonThenXMoved;
            if (xl.Count > 0 && !SharedCell(xl)) return Verdict.XLinesDisjoint;
            if (ol.Count > 0 && !SharedCell(ol)) return Verdict.OLinesDisjoint;
            return Verdict.Valid;
        }

        /// <summary>the rules and ttt_judge: the result, or the status and index of the first bad move.</summary>
        private static string ReferenceJudge(IList<Cell> moves, int rows, int cols, int k)
        {
            var b = new char[rows * cols];
            for (int i = 0; i < b.Length; i++) b[i] = '.';
            Result result = Result.Pending;
            for (int i = 0; i < moves.Count; i++)
            {
                Cell m = moves[i];
                if (m.Row >= rows || m.Col >= cols) return Status.OutOfBounds + "@" + i;
                if (result != Result.Pending) return Status.GameOver + "@" + i;
                if (b[m.Row * cols + m.Col] != '.') return Status.CellOccupied + "@" + i;
                char stone = i % 2 == 0 ? 'X' : 'O';
                b[m.Row * cols + m.Col] = stone;
                if (Lines(b, rows, cols, k, stone).Count > 0) result = stone == 'X' ? Result.AWins : Result.BWins;
                else if (i + 1 == b.Length) result = Result.Draw;
            }
            return result.ToString();
        }

        private static string BindingJudge(IList<Cell> moves, int rows, int cols, int k)
        {
            try
            {
                return Ttt.Judge(moves, rows, cols, k).ToString();
            }
            catch (IllegalMoveException e)
            {
                return e.Status + "@" + e.MoveIndex;
            }
        }

        // ---- Validate ----

        // All 3^9 boards, through both string forms, against the validity rule and, for the yes/no answer,
        // against the set of positions actually reached by playing every legal game.
        internal static void ValidateEvery3x3Board()
        {
            var reachable = new HashSet<string>();
            Explore(new string('.', 9).ToCharArray(), 'X', reachable);
            Assert.Equal(5478, reachable.Count);  // the well-known number of legal tic-tac-toe positions
            int mismatches = 0, valid = 0;
            var b = new char[9];
            for (int n = 0; n < 19683; n++)
            {
                for (int i = 0, v = n; i < 9; i++, v /= 3) b[i] = ".XO"[v % 3];
                var s = new string(b);
                Verdict expected = ReferenceVerdict(b, 3, 3, 3);
                Verdict rows = Ttt.Validate(new[] { s.Substring(0, 3), s.Substring(3, 3), s.Substring(6, 3) });
                Verdict flat = Ttt.Validate(s.Replace('.', ' '));
                if (expected != rows || expected != flat || (expected == Verdict.Valid) != reachable.Contains(s))
                {
                    if (mismatches++ < 5) Assert.True(false, s + ": reference " + expected + ", rows " + rows + ", string " + flat);
                }
                if (expected == Verdict.Valid) valid++;
            }
            Assert.Equal(0, mismatches);
            Assert.Equal(5478, valid);
        }

        private static void Explore(char[] b, char turn, HashSet<string> seen)
        {
            if (!seen.Add(new string(b))) return;
            if (Lines(b, 3, 3, 3, 'X').Count > 0 || Lines(b, 3, 3, 3, 'O').Count > 0) return;
            for (int i = 0; i < 9; i++)
            {
                if (b[i] != '.') continue;
                b[i] = turn;
                Explore(b, turn == 'X' ? 'O' : 'X', seen);
                b[i] = '.';
            }
        }

        // Random boards of other shapes (stone counts near equal, so every verdict turns up).
        internal static void ValidateRandomBoards()
        {
            var rng = new Random(1275);
            int[][] shapes = { new[] { 4, 4, 3 }, new[] { 3, 5, 3 }, new[] { 5, 5, 4 }, new[] { 1, 7, 3 }, new[] { 6, 2, 2 },
                               new[] { 4, 4, 4 }, new[] { 9, 9, 5 }, new[] { 2, 2, 1 } };
            var seenVerdicts = new HashSet<Verdict>();
            int mismatches = 0;
            for (int t = 0; t < 6000; t++)
            {
                int[] sh = shapes[t % shapes.Length];
                int rows = sh[0], cols = sh[1], k = sh[2], cells = rows * cols;
                var b = new char[cells];
                int stones = rng.Next(cells + 1), x = Math.Min(cells, (stones + rng.Next(-1, 3)) / 2 + stones % 2);
                for (int i = 0; i < cells; i++) b[i] = '.';
                var order = Enumerable.Range(0, cells).OrderBy(i => rng.Next()).ToArray();
                for (int i = 0; i < stones; i++) b[order[i]] = i < x ? 'X' : 'O';
                var s = new string(b);
                Verdict expected = ReferenceVerdict(b, rows, cols, k);
                Verdict flat = Ttt.Validate(s, rows, cols, k);
                var split = new string[rows];
                for (int r = 0; r < rows; r++) split[r] = s.Substring(r * cols, cols);
                Verdict byRows = Ttt.Validate(split, k);
                string sep = t % 2 == 0 ? "/" : "\n";  // a trailing one keeps a 1-row board from reading as unsplit
                Verdict joined = Ttt.Validate(string.Join(sep, split) + sep, k);
                seenVerdicts.Add(expected);
                if (expected != flat || expected != byRows || expected != joined)
                {
                    if (mismatches++ < 5)
                        Assert.True(false, rows + "x" + cols + " k" + k + " " + s + ": reference " + expected + ", got " + flat + "/" + byRows + "/" + joined);
                }
            }
            Assert.Equal(0, mismatches);
            Assert.Equal(8, seenVerdicts.Count);  // the random boards reached every verdict
        }

        // ---- Judge ----

        internal static void JudgeRandomMoveLists()
        {
            var rng = new Random(348);
            int[][] shapes = { new[] { 3, 3, 3 }, new[] { 4, 4, 3 }, new[] { 3, 5, 4 }, new[] { 1, 6, 2 }, new[] { 5, 5, 5 }, new[] { 7, 7, 4 } };
            var outcomes = new HashSet<string>();
            int mismatches = 0;
            for (int t = 0; t < 6000; t++)
            {
                int[] sh = shapes[t % shapes.Length];
                int rows = sh[0], cols = sh[1], k = sh[2];
                // Mostly distinct cells in random order, now and then a repeat or one off the board.
                var order = Enumerable.Range(0, rows * cols).OrderBy(i => rng.Next()).ToList();
                int count = rng.Next(order.Count + 2);
                var moves = new List<Cell>();
                for (int i = 0; i < count; i++)
                {
                    int roll = rng.Next(60);
                    if (roll == 0) moves.Add(new Cell(rng.Next(rows + 2), rng.Next(cols + 2)));
                    else if (roll == 1 && moves.Count > 0) moves.Add(moves[rng.Next(moves.Count)]);
                    else if (i < order.Count) moves.Add(new Cell(order[i] / cols, order[i] % cols));
                }
                string expected = ReferenceJudge(moves, rows, cols, k);
                string got = BindingJudge(moves, rows, cols, k);
                outcomes.Add(expected.Split('@')[0]);
                if (expected != got && mismatches++ < 5)
                    Assert.True(false, rows + "x" + cols + " k" + k + " [" + string.Join(" ", moves) + "]: reference " + expected + ", got " + got);
                if (rows == 3 && cols == 3 && !expected.Contains("@"))
                {
                    int[][] leet = moves.Select(m => new[] { m.Row, m.Col }).ToArray();
                    string answer = Ttt.FindWinner(leet);
                    if (answer != ((Result)Enum.Parse(typeof(Result), expected)).ToAnswer() && mismatches++ < 5)
                        Assert.True(false, "FindWinner " + answer + ", reference " + expected);
                    if (Ttt.Judge(leet).ToString() != expected && mismatches++ < 5)
                        Assert.True(false, "Judge(int[][]) differs from the reference " + expected);
                }
            }
            Assert.Equal(0, mismatches);
            foreach (string o in new[] { "Pending", "AWins", "BWins", "Draw", "OutOfBounds", "CellOccupied", "GameOver" })
                Assert.True(outcomes.Contains(o), "the random lists reached " + o);
        }

        // ---- BestMove / OptimalMoves ----

        /// <summary>The value for the side to move (the C API's score convention): +N win ending N plies from now,
        /// -N loss, 0 draw. <paramref name="b"/> is a position where the game is not over.</summary>
        private static int Negamax(char[] b, int rows, int cols, int k, char turn, Dictionary<string, int> memo)
        {
            string key = new string(b) + turn;
            int value;
            if (memo.TryGetValue(key, out value)) return value;
            bool any = false;
            int best = int.MinValue;
            for (int i = 0; i < b.Length; i++)
            {
                if (b[i] != '.') continue;
                int v = MoveValue(b, rows, cols, k, turn, i, memo);
                any = true;
                if (Better(v, best)) best = v;
            }
            value = any ? best : 0;
            memo[key] = value;
            return value;
        }

        /// <summary>The value for <paramref name="turn"/> of playing cell <paramref name="i"/>.</summary>
        private static int MoveValue(char[] b, int rows, int cols, int k, char turn, int i, Dictionary<string, int> memo)
        {
            b[i] = turn;
            int v;
            if (Lines(b, rows, cols, k, turn).Count > 0) v = 1;
            else if (!b.Contains('.')) v = 0;
            else
            {
                int child = Negamax(b, rows, cols, k, turn == 'X' ? 'O' : 'X', memo);
                v = child > 0 ? -(child + 1) : child < 0 ? -child + 1 : 0;
            }
            b[i] = '.';
            return v;
        }

        /// <summary>Fastest win, else draw, else slowest loss.</summary>
        private static bool Better(int v, int than)
        {
            if (than == int.MinValue) return true;
            if (Rank(v) != Rank(than)) return Rank(v) > Rank(than);
            return v > 0 ? v < than : v < 0 && v < than;  // a win: fewer plies; a loss: more plies (more negative)
        }

        private static int Rank(int score) { return score > 0 ? 2 : score == 0 ? 1 : 0; }

        // Every 3x3 position reachable in play and not over, each with X or O to move as the
        // game says; and 3x4 k=3 positions from random play.
        internal static void BestMoveMatchesAReferenceSolver()
        {
            var memo = new Dictionary<string, int>();
            var positions = new List<string>();
            var reachable = new HashSet<string>();
            Explore(new string('.', 9).ToCharArray(), 'X', reachable);
            foreach (string s in reachable)
            {
                char[] b = s.ToCharArray();
                if (Lines(b, 3, 3, 3, 'X').Count > 0 || Lines(b, 3, 3, 3, 'O').Count > 0 || !s.Contains('.')) continue;
                positions.Add(s);
            }
            int mismatches = 0;
            var scores = new HashSet<int>();
            foreach (string s in positions)
                mismatches += CheckSolver(s, 3, 3, 3, memo, scores, mismatches);
            var rng = new Random(794);
            var memo34 = new Dictionary<string, int>();
            for (int t = 0; t < 150; t++)
            {
                using (var g = new Game(3, 4, 3))
                {
                    for (int plies = 4 + rng.Next(5); plies > 0 && g.Result == Result.Pending; plies--)
                    {
                        var legal = g.LegalMoves;
                        Cell c = legal[rng.Next(legal.Count)];
                        g.Play(c.Row, c.Col);
                    }
                    if (g.Result != Result.Pending) continue;
                    string board = g.ToText().Split(':')[1].Replace("/", "");
                    mismatches += CheckSolver(board, 3, 4, 3, memo34, scores, mismatches);
                }
            }
            Assert.Equal(0, mismatches);
            foreach (int score in new[] { 1, 3, 5, 0, -2, -4 })
                Assert.True(scores.Contains(score), "positions with score " + score + " were checked");
        }

        private static int CheckSolver(string s, int rows, int cols, int k, Dictionary<string, int> memo, HashSet<int> scores, int reported)
        {
            char[] b = s.ToCharArray();
            int x = b.Count(ch => ch == 'X'), o = b.Count(ch => ch == 'O');
            char turn = x == o ? 'X' : 'O';
            int expected = Negamax(b, rows, cols, k, turn, memo);
            scores.Add(expected);
            var values = new Dictionary<int, int>();
            for (int i = 0; i < b.Length; i++)
                if (b[i] == '.') values[i] = MoveValue(b, rows, cols, k, turn, i, memo);
            var keep = values.Where(p => expected > 0 ? p.Value > 0 : expected == 0 ? p.Value == 0 : true)
                             .Select(p => new Cell(p.Key / cols, p.Key % cols)).OrderBy(c => c.Row * cols + c.Col);
            string text = rows + "," + cols + "," + k + ":" + s + ":" + turn;
            using (Game g = Game.FromText(text))
            {
                ScoredMove best = g.BestMove();
                int bestIndex = best.Row * cols + best.Col;
                bool ok = best.Score == expected && values.ContainsKey(bestIndex) && values[bestIndex] == expected
                          && string.Join(" ", keep) == string.Join(" ", g.OptimalMoves());
                if (!ok && reported < 5)
                    Assert.True(false, text + ": reference score " + expected + " optimal [" + string.Join(" ", keep) + "], got " + best
                                       + " optimal [" + string.Join(" ", g.OptimalMoves()) + "]");
                return ok ? 0 : 1;
            }
        }
    }
}
