// RulesTests.cs — the functions without a game: Judge / FindWinner ("Find Winner" seed),
// Validate ("Valid State" seed) with every verdict and error, and the names.
using System;
using System.Collections.Generic;

namespace TicTacToe.Tests
{
    internal static class RulesTests
    {
        private static int[][] M(params int[] flat)
        {
            var moves = new int[flat.Length / 2][];
            for (int i = 0; i < moves.Length; i++) moves[i] = new[] { flat[2 * i], flat[2 * i + 1] };
            return moves;
        }

        // The four examples of LeetCode 1275.
        internal static void FindWinnerSeed()
        {
            Assert.Equal("A", Ttt.FindWinner(M(0, 0, 2, 0, 1, 1, 2, 1, 2, 2)));
            Assert.Equal("B", Ttt.FindWinner(M(0, 0, 1, 1, 0, 1, 0, 2, 1, 0, 2, 0)));
            Assert.Equal("Draw", Ttt.FindWinner(M(0, 0, 1, 1, 2, 0, 1, 0, 1, 2, 2, 1, 0, 1, 0, 2, 2, 2)));
            Assert.Equal("Pending", Ttt.FindWinner(M(0, 0, 1, 1)));
            Assert.Equal("Pending", Ttt.FindWinner(M()));
            Assert.Equal(Result.AWins, Ttt.Judge(M(0, 0, 2, 0, 1, 1, 2, 1, 2, 2)));
            Assert.Equal(Result.BWins, Ttt.Judge(new[] { new Cell(0, 0), new Cell(1, 1), new Cell(0, 1), new Cell(0, 2),
                                                         new Cell(1, 0), new Cell(2, 0) }));
            Assert.Equal("B", Result.BWins.ToAnswer());
            Assert.Equal("Pending", Result.Pending.ToAnswer());
        }

        internal static void JudgeGeneralBoards()
        {
            Assert.Equal(Result.AWins, Ttt.Judge(M(0, 0, 0, 5, 0, 1, 0, 6, 0, 2), 1, 7, 3));
            // 15 x 15, k = 5: A plays a gapped row, B completes a column with the 10th move.
            var moves = new Cell[10];
            for (int i = 0; i < 5; i++)
            {
                moves[2 * i] = new Cell(0, 2 * i + 1);
                moves[2 * i + 1] = new Cell(5 + i, 9);
            }
            Assert.Equal(Result.BWins, Ttt.Judge(moves, 15, 15, 5));
            Assert.Equal(Result.Pending, Ttt.Judge(new ArraySegment<Cell>(moves, 0, 9), 15, 15, 5));
        }

        // The offending move's index comes with the exception.
        internal static void JudgeErrors()
        {
            var e = Assert.Status<IllegalMoveException>(Status.CellOccupied, () => Ttt.Judge(M(0, 0, 1, 1, 0, 0)));
            Assert.Equal((int?)2, e != null ? e.MoveIndex : null);
            e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => Ttt.Judge(M(1, 1, 3, 0)));
            Assert.Equal((int?)1, e != null ? e.MoveIndex : null);
            e = Assert.Status<IllegalMoveException>(Status.GameOver, () => Ttt.Judge(M(0, 0, 1, 0, 0, 1, 1, 1, 0, 2, 2, 2)));
            Assert.Equal((int?)5, e != null ? e.MoveIndex : null);
            Assert.True(e != null && e.Message == "Ttt.Judge: game is over: move 5 (2, 2)", "the message names the move: " + (e != null ? e.Message : null));
            e = Assert.Status<IllegalMoveException>(Status.CellOccupied, () => Ttt.FindWinner(M(0, 0, 0, 0)));
            Assert.Equal((int?)1, e != null ? e.MoveIndex : null);  // FindWinner tells which move, as Judge does
            Assert.True(e != null && e.Message == "Ttt.FindWinner: cell occupied: move 1 (0, 0)", "the message names the move: " + (e != null ? e.Message : null));
            e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => Ttt.FindWinner(M(0, 0, 1, 1, 0, 3)));
            Assert.Equal((int?)2, e != null ? e.MoveIndex : null);
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Judge(M(), 0, 3, 3));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Judge(M(), 3, 3, 4));
            Assert.Throws<ArgumentOutOfRangeException>(() => Ttt.Judge(M(), -3, 3, 3));
            // In a move list a negative number is a cell off the board, judged in order like any other.
            e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => Ttt.Judge(M(0, -1)));
            Assert.Equal((int?)0, e != null ? e.MoveIndex : null);
            Assert.True(e != null && e.Message == "Ttt.Judge: cell out of bounds: move 0 (0, -1)", "the message shows the numbers passed: " + (e != null ? e.Message : null));
            e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => Ttt.FindWinner(M(1, 1, -1, 0)));
            Assert.Equal((int?)1, e != null ? e.MoveIndex : null);
            Assert.True(e != null && e.Message == "Ttt.FindWinner: cell out of bounds: move 1 (-1, 0)", "the message shows the numbers passed: " + (e != null ? e.Message : null));
            e = Assert.Status<IllegalMoveException>(Status.CellOccupied, () => Ttt.Judge(M(0, 0, 0, 0, -1, 0)));
            Assert.Equal((int?)1, e != null ? e.MoveIndex : null);  // the earlier illegal move is the one reported
            Assert.Throws<ArgumentException>(() => Ttt.Judge(new[] { new[] { 0, 0, 0 } }));
            Assert.Throws<ArgumentException>(() => Ttt.FindWinner(new[] { new[] { 0, 0 }, new[] { 1 } }));
            var n = Assert.Throws<ArgumentNullException>(() => Ttt.Judge(new[] { new[] { 0, 0 }, null }));
            Assert.Equal("moves[1]", n != null ? n.ParamName : null);
            Assert.Throws<ArgumentNullException>(() => Ttt.FindWinner(new int[][] { null }));
            Assert.Throws<ArgumentNullException>(() => Ttt.Judge((int[][])null));
        }

        // The three examples of LeetCode 794, as rows and as one string.
        internal static void ValidStateSeed()
        {
            Assert.Equal(Verdict.TooManyO, Ttt.Validate(new[] { "O  ", "   ", "   " }));
            Assert.Equal(Verdict.TooManyX, Ttt.Validate(new[] { "XOX", " X ", "   " }));
            Assert.Equal(Verdict.Valid, Ttt.Validate(new[] { "XOX", "O O", "XOX" }));
            Assert.Equal(Verdict.TooManyO, Ttt.Validate("O  /   /   "));
            Assert.Equal(Verdict.TooManyX, Ttt.Validate("XOX\n X \n   "));
            Assert.Equal(Verdict.Valid, Ttt.Validate("XOXO OXOX"));
        }

        // As Python's validate(board, k=None), board one string (rows split by '/' or '\n'; an
        // unsplit string must be square) or a list of rows; no k means k = rows = cols, which
        // needs a square board; k itself is at least 1.
        internal static void ValidateShapesAsInSpec()
        {
            Assert.Equal(Verdict.Valid, Ttt.Validate("X..../...../...../...../....."));
            Assert.Equal(Verdict.Valid, Ttt.Validate("X..............."));  // 16 cells: 4 x 4
            Assert.Equal(Verdict.Valid, Ttt.Validate("XXXX/OOO./..../....", 4));
            Assert.Equal(Verdict.BothWin, Ttt.Validate("XXXX\nOOO.\n....\n....", k: 3));
            Assert.Equal(Verdict.Valid, Ttt.Validate("XOX/O O/XOX/"));  // one trailing separator
            Assert.Equal(Verdict.Valid, Ttt.Validate("X..../.....", 3));
            var nonSquare = Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate("X..../....."));
            Assert.True(nonSquare.Message.EndsWith("(k = null means k = rows = cols, but the board is 2x5: pass k)"), nonSquare.Message);
            var longK = Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate("X..../.....", 6));
            Assert.True(longK.Message.EndsWith("(k = 6 is more than the 2x5 board's longest side)"), longK.Message);
            var ragged = Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "X..", "..", "..." }));
            Assert.True(ragged.Message.EndsWith("(rows of unequal length)"), ragged.Message);
            var empty = Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(new string[0]));
            Assert.True(empty.Message.EndsWith("(an empty board (0x0))"), empty.Message);
            var badChar = Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "XQ.", "...", "..." }));
            Assert.True(badChar.Message.EndsWith("text could not be parsed"), badChar.Message);
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("X......."));  // 8 cells, not square
            // A verbatim board from a file with Windows line endings: the message names the '\r'.
            var crlf = Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("X..\r\n.O.\r\n..."));
            Assert.True(crlf.Message.Contains("'\\r' is not a cell"), crlf.Message);
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("XO./.../..", 3));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(""));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(new string[0]));
            // k = 0 is not "k = rows = cols" (that is k omitted): the rules need k >= 1.
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate("X........", 0));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(new[] { "X..", "...", "..." }, 0));
            Assert.Throws<ArgumentOutOfRangeException>(() => Ttt.Validate("X........", -1));
            Assert.Equal(Verdict.Valid, Ttt.Validate(new[] { "X..", "...", "..." }, null));
            // The explicit-size form reads one string of rows x cols cells (ttt_validate).
            Assert.Equal(Verdict.Valid, Ttt.Validate("X......", 1, 7, 3));
            Assert.Equal(Verdict.TooManyX, Ttt.Validate("XX.../.....", 2, 5, 3));
        }

        // Strings reach C as the UTF-8 bytes the binding encodes, never through the runtime's
        // LPStr marshalling: on Windows .NET that is the ANSI code page with best-fit mapping,
        // which turns a fullwidth 'Ｘ' into 'X' and would pass a wrong character as a stone.
        internal static void StringsGoToCAsUtf8()
        {
            foreach (var method in typeof(Game).Assembly.GetType("TicTacToe.Native")
                         .GetMethods(System.Reflection.BindingFlags.Static | System.Reflection.BindingFlags.NonPublic))
                foreach (var parameter in method.GetParameters())
                    Assert.True(parameter.ParameterType != typeof(string) && parameter.ParameterType != typeof(string[]),
                                method.Name + "(" + parameter.Name + ") is not marshalled by the runtime as a string");
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "\uFF38..", "...", "..." }));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "X\u00D8.", "...", "..." }));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("\uFF38........"));
            Assert.Equal(Verdict.Valid, Ttt.Validate(new[] { "XO.", "...", "X.O" }));
            Assert.Equal(Verdict.TooManyX, Ttt.Validate(new[] { "XX", "X.", "..", "O." }, 2));  // rows to C in order
        }

        // One board per verdict, each worked out by hand from the validity rule.
        internal static void EveryVerdict()
        {
            Assert.Equal(Verdict.BothWin, Ttt.Validate("XXX/OOO/..."));
            Assert.Equal(Verdict.XWonThenOMoved, Ttt.Validate("XXX/OO./O.."));
            Assert.Equal(Verdict.OWonThenXMoved, Ttt.Validate("OOO/XX./XX."));
            Assert.Equal(Verdict.XLinesDisjoint, Ttt.Validate("XXX../....O/O..O./.O..O/XXX..", 5, 5, 3));
            Assert.Equal(Verdict.OLinesDisjoint, Ttt.Validate("OOO../....X/X..X./.X..X/OOOX.", 5, 5, 3));
            Assert.Equal(Verdict.Valid, Ttt.Validate("XXX/OO./..."));
            Assert.Equal(Verdict.BothWin, Ttt.Validate("XO./XO./XO."));
            Assert.Equal(Verdict.Valid, Ttt.Validate(new[] { "XO.", "XO.", "X.." }, 3));
            Assert.Equal(Verdict.Valid, Ttt.Validate(new[] { "X....", "....." }, 2));
            Assert.True(Verdict.BothWin.Describe() != Verdict.TooManyX.Describe(), "verdicts have distinct descriptions");
        }

        internal static void ValidateErrors()
        {
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("XOQ/.../..."));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate("XO/.../..."));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "XÖ.", "...", "..." }));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate("", 0, 3, 3));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(".........", 3, 3, 4));
            Assert.Throws<ArgumentOutOfRangeException>(() => Ttt.Validate(".........", 3, -3, 3));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Ttt.Validate(new[] { "X..", "..." }));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "X..", ".." }, 2));
            Assert.Status<ParseException>(Status.ParseError, () => Ttt.Validate(new[] { "X\0.", "...", "..." }));
            Assert.Throws<ArgumentOutOfRangeException>(() => Ttt.Validate(new[] { "X..", "...", "..." }, -1));
            Assert.Throws<ArgumentNullException>(() => Ttt.Validate(new[] { "X..", null, "..." }));
            Assert.Throws<ArgumentNullException>(() => Ttt.Validate((string)null));
        }

        // Every status maps to its exception class and keeps its number (including those the
        // tests cannot provoke through the API, such as OutOfMemory).
        internal static void EveryStatusHasItsException()
        {
            var expected = new Dictionary<Status, Type>
            {
                { Status.NullPointer, typeof(TicTacToeException) },
                { Status.InvalidArgument, typeof(InvalidRulesException) },
                { Status.OutOfBounds, typeof(IllegalMoveException) },
                { Status.CellOccupied, typeof(IllegalMoveException) },
                { Status.WrongTurn, typeof(IllegalMoveException) },
                { Status.GameOver, typeof(IllegalMoveException) },
                { Status.NothingToUndo, typeof(NoHistoryException) },
                { Status.NothingToRedo, typeof(NoHistoryException) },
                { Status.ParseError, typeof(ParseException) },
                { Status.BufferTooSmall, typeof(TicTacToeException) },
                { Status.TooLarge, typeof(InvalidRulesException) },
                { Status.OutOfMemory, typeof(TicTacToeException) },
                { Status.UnreachableBoard, typeof(ParseException) },
                { Status.TooHard, typeof(TooHardException) },
                { Status.InternalError, typeof(TicTacToeException) },
            };
            Assert.Equal(Enum.GetValues(typeof(Status)).Length - 1, expected.Count);  // all but Ok
            foreach (var pair in expected)
            {
                TicTacToeException e = TicTacToe.Errors.For(pair.Key, "test", null);
                Assert.Equal(pair.Value, e.GetType());
                Assert.Equal(pair.Key, e.Status);
            }
        }

        // Status, Result, Verdict and Level repeat the C numbers; test.sh passes the header's
        // constants ("TTT_CELL_OCCUPIED = 4", "TTT_LEVEL_HARD = 3" lines) so any drift fails here.
        internal static void EnumsMatchTheHeader()
        {
            string path = Environment.GetEnvironmentVariable("TTT_HEADER_ENUMS");
            Assert.True(!string.IsNullOrEmpty(path), "test.sh passes TTT_HEADER_ENUMS");
            var csharp = new Dictionary<string, uint>();
            foreach (Type type in new[] { typeof(Status), typeof(Result), typeof(Verdict), typeof(Level) })
                foreach (object value in Enum.GetValues(type))
                    csharp.Add((type == typeof(Level) ? "level" : "") + value.ToString().ToLowerInvariant(), Convert.ToUInt32(value));
            string[] lines = System.IO.File.ReadAllLines(path);
            Assert.Equal(csharp.Count, lines.Length);
            foreach (string line in lines)
            {
                string[] parts = line.Trim().Split(new[] { " = " }, StringSplitOptions.None);
                string name = parts[0].Substring("TTT_".Length).Replace("_", "").ToLowerInvariant();
                uint number;
                Assert.True(csharp.TryGetValue(name, out number), parts[0] + " has a C# member");
                Assert.Equal(uint.Parse(parts[1]), number);
            }
        }

        internal static void Names()
        {
            string expected = Environment.GetEnvironmentVariable("TTT_EXPECTED_VERSION");
            Assert.True(!string.IsNullOrEmpty(expected), "test.sh passes TTT_EXPECTED_VERSION");
            Assert.Equal(expected, Ttt.Version);
            Assert.Equal("unknown status", ((Status)999).Describe());
            Assert.Equal("unknown verdict", ((Verdict)999).Describe());
            Assert.True(Status.CellOccupied.Describe().Contains("occupied"), "status names");
        }
    }
}
