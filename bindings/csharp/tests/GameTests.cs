// GameTests.cs — the Game class: the "Design Tic-Tac-Toe" seed, every operation, every error
// path, and ownership (Dispose, ObjectDisposedException, GC frees exactly once).
using System;
using System.Runtime.CompilerServices;
using System.Threading;

namespace TicTacToe.Tests
{
    internal static class GameTests
    {
        // LeetCode 348's example.
        internal static void DesignTicTacToeSeed()
        {
            using (Game g = Game.TicTacToe(3))
            {
                int[][] script = { new[] { 0, 0, 1, 0 }, new[] { 0, 2, 2, 0 }, new[] { 2, 2, 1, 0 }, new[] { 1, 1, 2, 0 },
                                   new[] { 2, 0, 1, 0 }, new[] { 1, 0, 2, 0 }, new[] { 2, 1, 1, 1 } };
                foreach (int[] m in script) Assert.Equal(m[3], g.Move(m[0], m[1], m[2]));
                Assert.Equal(Result.AWins, g.Result);
                Assert.Equal(1, g.Winner);
                Assert.Equal(0, g.ToMove);
                Assert.Sequence(new[] { new Cell(2, 0), new Cell(2, 1), new Cell(2, 2) }, g.WinningLine);
                Assert.Equal(0, g.LegalMoves.Count);
                Assert.Status<IllegalMoveException>(Status.GameOver, () => g.Move(0, 1, 2));
            }
        }

        // the rules: the raw move accepts player 2 first; then player 2 is the one who started.
        internal static void PlayerTwoMayOpen()
        {
            using (var g = new Game())
            {
                Assert.Equal(1, g.FirstPlayer);
                Assert.Equal(0, g.Move(1, 1, 2));
                Assert.Equal(2, g.FirstPlayer);
                Assert.Equal(1, g.ToMove);
                Assert.Status<IllegalMoveException>(Status.WrongTurn, () => g.Move(0, 0, 2));
            }
        }

        internal static void QueriesAndHistory()
        {
            using (var g = new Game(3, 4, 3))
            {
                Assert.Equal(3, g.Rows);
                Assert.Equal(4, g.Cols);
                Assert.Equal(3, g.K);
                Assert.Equal(12, g.LegalMoves.Count);
                Assert.Equal(Result.Pending, g.Play(0, 3));
                Assert.Equal(Result.Pending, g.Play(2, 1));
                Assert.Equal(1, g[0, 3]);
                Assert.Equal(2, g[2, 1]);
                Assert.Equal(0, g[1, 1]);
                Assert.Equal(2, g.MoveCount);
                Assert.Sequence(new[] { new Cell(0, 3), new Cell(2, 1) }, g.Moves);
                Assert.Sequence(new byte[] { 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0 }, g.Cells);
                Assert.Equal(10, g.LegalMoves.Count);
                Assert.Equal(new Cell(0, 0), g.LegalMoves[0]);
                Assert.Equal(0, g.WinningLine.Count);

                g.Undo();
                Assert.Equal(1, g.MoveCount);
                Assert.Equal(2, g.ToMove);
                g.Redo();
                Assert.Sequence(new[] { new Cell(0, 3), new Cell(2, 1) }, g.Moves);
                Assert.Status<NoHistoryException>(Status.NothingToRedo, g.Redo);
                g.Undo();
                g.Play(1, 1);  // a new move clears what could be redone
                Assert.Status<NoHistoryException>(Status.NothingToRedo, g.Redo);

                g.Reset();
                Assert.Equal(0, g.MoveCount);
                Assert.Equal(3, g.K);
                Assert.Status<NoHistoryException>(Status.NothingToUndo, g.Undo);
            }
        }

        internal static void DrawAndBWins()
        {
            using (var d = new Game())
            {
                int[][] draw = { new[] { 0, 0 }, new[] { 1, 1 }, new[] { 2, 0 }, new[] { 1, 0 }, new[] { 1, 2 },
                                 new[] { 2, 1 }, new[] { 0, 1 }, new[] { 0, 2 }, new[] { 2, 2 } };
                foreach (int[] m in draw) d.Play(m[0], m[1]);
                Assert.Equal(Result.Draw, d.Result);
                Assert.Equal(0, d.Winner);
                Assert.Equal("Draw", d.Result.ToAnswer());
            }
            using (var b = new Game())
            {
                foreach (int[] m in new[] { new[] { 0, 0 }, new[] { 1, 1 }, new[] { 0, 1 }, new[] { 0, 2 }, new[] { 1, 0 } })
                    Assert.Equal(Result.Pending, b.Play(m[0], m[1]));
                Assert.Equal(Result.BWins, b.Play(2, 0));
                Assert.Equal(2, b.Winner);
                Assert.Sequence(new[] { new Cell(0, 2), new Cell(1, 1), new Cell(2, 0) }, b.WinningLine);
            }
        }

        internal static void CloneIsIndependent()
        {
            using (var a = new Game())
            {
                a.Play(0, 0);
                using (Game b = a.Clone())
                {
                    b.Play(1, 1);
                    Assert.Equal(1, a.MoveCount);
                    Assert.Equal(2, b.MoveCount);
                    b.Undo();
                    b.Undo();  // the clone keeps the history
                    Assert.Equal(0, b.MoveCount);
                    Assert.Equal(1, a[0, 0]);
                }
                Assert.Equal(1, a.MoveCount);  // disposing the clone leaves the original alone
            }
        }

        internal static void TextRoundTrip()
        {
            using (var g = new Game())
            {
                g.Play(0, 0);
                g.Play(0, 2);
                g.Play(1, 1);
                Assert.Equal("3,3,3:X.O/.X./...:O", g.ToText());
                Assert.Equal(g.ToText(), g.ToString());
                using (Game back = Game.FromText(g.ToText()))
                {
                    Assert.Equal(g.ToText(), back.ToText());
                    Assert.Equal(2, back.ToMove);
                    Assert.Equal(0, back.Moves.Count);  // text keeps the position, not the history
                }
            }
            using (var o = new Game())
            {
                o.Move(1, 1, 2);  // player 2 opened: the text must say so
                using (Game o2 = Game.FromText(o.ToText()))
                {
                    Assert.Equal(2, o2.FirstPlayer);
                    Assert.Equal(1, o2.ToMove);
                }
            }
            Assert.Status<ParseException>(Status.ParseError, () => Game.FromText("3,3,3:X.Q/.../...:O"));
            Assert.Status<ParseException>(Status.ParseError, () => Game.FromText("nonsense"));
            Assert.Status<ParseException>(Status.ParseError, () => Game.FromText("3,3,3:XéO/.../...:O"));
            Assert.Status<ParseException>(Status.UnreachableBoard, () => Game.FromText("3,3,3:XXX/XXX/...:O"));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Game.FromText("0,3,3:...:X"));
            Assert.Throws<ArgumentNullException>(() => Game.FromText(null));
        }

        // Who started survives the text form in every state: an undone player-2 opening (empty
        // board, O to move), and a game player 2 opened and both then continued with Play.
        internal static void TextKeepsWhoStarted()
        {
            using (var g = new Game())
            {
                g.Move(1, 1, 2);
                g.Undo();  // the exact inverse: the fresh game again
                Assert.Equal("3,3,3:.../.../...:X", g.ToText());
                Assert.Equal(1, g.FirstPlayer);
                g.Redo();
                Assert.Equal(2, g.FirstPlayer);
                // A text of an empty board may name player 2 to open.
                using (Game back = Game.FromText("3,3,3:.../.../...:O"))
                {
                    Assert.Equal(2, back.FirstPlayer);
                    Assert.Equal(2, back.ToMove);
                    Assert.Equal(Result.Pending, back.Play(0, 0));
                    Assert.Equal(2, back[0, 0]);
                }
            }
            using (var g = new Game())
            {
                g.Move(0, 0, 2);
                g.Play(1, 1);
                g.Play(0, 1);
                using (Game back = Game.FromText(g.ToText()))
                {
                    Assert.Equal("3,3,3:OO./.X./...:X", back.ToText());
                    Assert.Equal(2, back.FirstPlayer);
                    Assert.Equal(1, back.ToMove);
                    Assert.Status<IllegalMoveException>(Status.WrongTurn, () => back.Move(0, 2, 2));
                    Assert.Equal(0, back.Move(2, 2, 1));
                    Assert.Equal(2, back.Move(0, 2, 2));  // O completes the top row
                    Assert.Equal(Result.BWins, back.Result);
                }
            }
        }

        // Lists longer than the first 64-entry buffer and a 1000 x 1000 text: the binding asks
        // again at the reported size and returns everything.
        internal static void LongListsAndTexts()
        {
            using (var g = new Game(2, 200, 100))
            {
                Result r = Result.Pending;
                for (int c = 0; r == Result.Pending; c++)
                {
                    r = g.Play(0, c);
                    if (r == Result.Pending) g.Play(1, c);
                }
                Assert.Equal(Result.AWins, r);
                Assert.Equal(199, g.Moves.Count);
                Assert.Equal(new Cell(1, 98), g.Moves[197]);
                Assert.Equal(100, g.WinningLine.Count);
                Assert.Equal(new Cell(0, 99), g.WinningLine[99]);
                Assert.Equal(400, g.Cells.Count);
                Assert.Equal((byte)2, g.Cells[200 + 98]);
            }
            using (var g = new Game(1000, 1000, 5))
            {
                for (int i = 0; i < 99; i++) g.Play(i, 999 - 3 * (i % 2));
                string text = g.ToText();
                Assert.Equal("1000,1000,5:".Length + 1000 * 1000 + 999 + ":O".Length, text.Length);
                Assert.True(text.EndsWith(":O"), "O to move");
                using (Game back = Game.FromText(text))
                {
                    Assert.Equal(text, back.ToText());
                    Assert.Equal(2, back.ToMove);
                    Assert.Equal(99, back.MoveCount);
                    Assert.Equal(1000 * 1000 - 99, back.LegalMoves.Count);
                    Assert.Equal(1, back[98, 999]);
                }
                Assert.Equal(99, g.Moves.Count);
            }
        }

        internal static void ConstructionErrors()
        {
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => new Game(0, 3, 3));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => new Game(3, 3, 4));
            Assert.Status<InvalidRulesException>(Status.TooLarge, () => new Game(100000, 100000, 5));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => Game.TicTacToe(0));
            var e = Assert.Throws<ArgumentOutOfRangeException>(() => new Game(-1, 3, 3));
            Assert.Equal("rows", e != null ? e.ParamName : null);
            Assert.Throws<ArgumentOutOfRangeException>(() => new Game(3, 3, int.MinValue));
            Assert.Throws<ArgumentOutOfRangeException>(() => Game.TicTacToe(-3));
            var t = Assert.Throws<TicTacToeException>(() => new Game(0, 0, 0));
            Assert.True(t != null && t.Message.Contains("invalid argument"), "the message names the status");
        }

        // A failed call throws the right exception and leaves the game unchanged.
        internal static void MoveErrorsChangeNothing()
        {
            using (var g = new Game())
            {
                g.Play(1, 1);
                string before = g.ToText();
                Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => g.Play(3, 0));
                Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => g.Play(0, 3));
                Assert.Status<IllegalMoveException>(Status.CellOccupied, () => g.Play(1, 1));
                Assert.Status<IllegalMoveException>(Status.WrongTurn, () => g.Move(0, 0, 1));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.Move(0, 0, 3));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.Move(0, 0, 0));
                Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => { int unused = g[0, 7]; });
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Play(-1, 0));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Move(0, 0, -2));
                Assert.Throws<ArgumentOutOfRangeException>(() => { int unused = g[0, -1]; });
                Assert.Equal(before, g.ToText());
                Assert.Equal(1, g.MoveCount);
                // The message names the call, its cell (and player) and the status.
                var e = Assert.Throws<IllegalMoveException>(() => g.Play(1, 1));
                Assert.Equal("Game.Play(1, 1): cell occupied", e != null ? e.Message : null);
                e = Assert.Throws<IllegalMoveException>(() => g.Move(0, 0, 1));
                Assert.Equal("Game.Move(0, 0, player 1): not this player's turn", e != null ? e.Message : null);
                e = Assert.Throws<IllegalMoveException>(() => { int unused = g[0, 7]; });
                Assert.Equal("Game[0, 7]: cell out of bounds", e != null ? e.Message : null);
            }
        }

        internal static void DisposedGameThrows()
        {
            var g = new Game();
            g.Play(0, 0);
            Assert.True(!g.IsDisposed, "live before Dispose");
            g.Dispose();
            g.Dispose();  // idempotent
            Assert.True(g.IsDisposed, "disposed");
            Assert.Equal("Game (disposed)", g.ToString());
            Assert.Throws<ObjectDisposedException>(() => g.Play(1, 1));
            Assert.Throws<ObjectDisposedException>(() => g.Move(1, 1, 2));
            Assert.Throws<ObjectDisposedException>(() => g.Clone());
            Assert.Throws<ObjectDisposedException>(g.Undo);
            Assert.Throws<ObjectDisposedException>(g.Reset);
            Assert.Throws<ObjectDisposedException>(() => g.ToText());
            Assert.Throws<ObjectDisposedException>(() => { int unused = g.MoveCount; });
            Assert.Throws<ObjectDisposedException>(() => { int unused = g[0, 0]; });
            Assert.Throws<ObjectDisposedException>(() => { var unused = g.LegalMoves; });
            Assert.Throws<ObjectDisposedException>(() => { var unused = g.Cells; });
        }

        // Every member of a disposed game throws ObjectDisposedException (none reaches C).
        internal static void EveryMemberOfADisposedGameThrows()
        {
            var g = new Game();
            g.Dispose();
            var calls = new Action[]
            {
                () => g.Redo(), () => g.Play(0, 0), () => { var x = g.Rows; }, () => { var x = g.Cols; }, () => { var x = g.K; },
                () => { var x = g.ToMove; }, () => { var x = g.FirstPlayer; }, () => { var x = g.Result; }, () => { var x = g.Winner; },
                () => { var x = g.Moves; }, () => { var x = g.WinningLine; }, () => g.BestMove(), () => g.OptimalMoves(),
                () => g.Search(10), () => g.AiMove(Level.Random),
                // A disposed game is reported before a bad argument is.
                () => g.Play(-1, 0), () => g.Move(0, 0, -1), () => { var x = g[-1, 0]; },
                () => g.BestMove(-1), () => g.OptimalMoves(-1), () => g.Search(-1),
            };
            foreach (Action call in calls) Assert.Throws<ObjectDisposedException>(call);
        }

        // Dispose while another thread is using the game: that thread's calls either complete on
        // live memory or throw ObjectDisposedException, nothing else; the game is freed once,
        // after the last call that held it has returned.
        internal static void DisposeWhileAnotherThreadUsesTheGame()
        {
            for (int round = 0; round < 20; round++)
            {
                long before = GameHandle.Releases;
                var g = new Game(30, 30, 5);
                Exception ended = null;
                int calls = 0;
                var running = new ManualResetEventSlim();
                var worker = new Thread(() =>
                {
                    try
                    {
                        for (int i = 0; ; i++)
                        {
                            g.Play(i % 30, i / 30 % 30);
                            var legal = g.LegalMoves;
                            string text = g.ToText();
                            g.Undo();
                            if (legal.Count != 899 || text.Length == 0) throw new InvalidOperationException("a wrong answer");
                            calls = i;
                            if (i == 50) running.Set();
                        }
                    }
                    catch (Exception e)
                    {
                        ended = e;
                        running.Set();
                    }
                });
                worker.Start();
                running.Wait();
                g.Dispose();
                worker.Join();
                Assert.True(ended is ObjectDisposedException, "the worker stops with ObjectDisposedException: " + ended);
                Assert.True(calls >= 50, "the worker ran before the Dispose");
                Assert.Equal(before + 1, GameHandle.Releases);
            }
        }

        internal static void DisposeFreesOnce()
        {
            long before = Collect.Settled(() => GameHandle.Releases);
            var g = new Game();
            g.Dispose();
            g.Dispose();
            Assert.Equal(before + 1, GameHandle.Releases);
            Collect.All();
            GC.KeepAlive(g);
            Assert.Equal(before + 1, GameHandle.Releases);  // the finalizer does not free it again
            // A failed constructor has nothing to free.
            Assert.Throws<InvalidRulesException>(() => new Game(0, 3, 3));
            Collect.All();
            Assert.Equal(before + 1, GameHandle.Releases);
        }

        // Games that are never disposed are freed by the GC, each exactly once.
        internal static void CollectedGamesFreedOnce()
        {
            const int count = 200;
            long before = Collect.Settled(() => GameHandle.Releases);
            // On a thread that then ends, so no stale stack slot keeps the last game reachable
            // (Mono scans stacks conservatively).
            var maker = new Thread(() => Abandon(count));
            maker.Start();
            maker.Join();
            for (int i = 0; i < 20 && GameHandle.Releases - before < count; i++) Collect.All();
            Assert.Equal((long)count, GameHandle.Releases - before);
            Collect.All();
            Assert.Equal((long)count, GameHandle.Releases - before);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Abandon(int count)
        {
            for (int i = 0; i < count; i++)
            {
                var g = new Game(4, 4, 3);
                g.Play(i % 4, i / 4 % 4);
            }
        }

        // Distinct games on distinct threads are independent.
        internal static void GamesOnThreads()
        {
            var threads = new Thread[4];
            var results = new Result[threads.Length];
            for (int t = 0; t < threads.Length; t++)
            {
                int id = t;
                threads[t] = new Thread(() =>
                {
                    for (int round = 0; round < 500; round++)
                    {
                        using (var g = new Game(5, 5, 4))
                        {
                            for (int c = 0; c < 4 && g.Play(id % 2, c) == Result.Pending; c++)
                                g.Play(4, (c + id) % 5);
                            results[id] = g.Result;
                        }
                    }
                });
                threads[t].Start();
            }
            foreach (Thread th in threads) th.Join();
            Assert.Sequence(new[] { Result.AWins, Result.AWins, Result.AWins, Result.AWins }, results);
        }

        internal static void LargeBoards()
        {
            using (var big = new Game(4096, 4096, 5))
            {
                big.Play(4095, 4095);
                Assert.Equal(1, big[4095, 4095]);
                Assert.Equal(4096 * 4096 - 1, big.LegalMoves.Count);
            }
            using (var gomoku = new Game(15, 15, 5))
            {
                for (int i = 0; i < 4; i++)
                {
                    gomoku.Play(7, 3 + i);
                    gomoku.Play(0, i);
                }
                Assert.Equal(Result.AWins, gomoku.Play(7, 7));
                Assert.Sequence(new[] { new Cell(7, 3), new Cell(7, 4), new Cell(7, 5), new Cell(7, 6), new Cell(7, 7) },
                                gomoku.WinningLine);
            }
        }
    }
}
