// AiTests.cs — BestMove's cell and signed score, OptimalMoves (also under a budget), Search
// and AiMove (wins, blocks, determinism, legality), and their errors. Positions are
// small enough to check by hand (reasoning in the comments).
using System;
using System.Linq;

namespace TicTacToe.Tests
{
    internal static class AiTests
    {
        internal static void EmptyBoardIsADraw()
        {
            using (var g = new Game())
            {
                ScoredMove best = g.BestMove();
                Assert.Equal(0, best.Score);
                Assert.True(best.Row >= 0 && best.Row < 3 && best.Col >= 0 && best.Col < 3, "a cell on the board");
                Assert.Equal(9, g.OptimalMoves().Count);  // every opening keeps the draw
                Assert.Equal(0, g.MoveCount);              // the search never changes the game
            }
        }

        // X X . / O O . / . . . with X to move: (0, 2) wins at once, score +1.
        internal static void ImmediateWin()
        {
            using (Game g = Game.FromText("3,3,3:XX./OO./...:X"))
            {
                ScoredMove best = g.BestMove();
                Assert.Equal(new Cell(0, 2), best.Cell);
                Assert.Equal(1, best.Score);
                Assert.True(g.OptimalMoves().Contains(new Cell(0, 2)), "the winning move is optimal");
                Assert.True(!g.OptimalMoves().Contains(new Cell(2, 2)), "a move that lets O win at (1, 2) is not");
            }
        }

        // X O . / X X . / . . O with O to move: X threatens (2, 0) and (1, 2); O blocks one, X
        // takes the other. O loses in 2 plies whatever it plays, so every move is "optimal".
        internal static void ForcedLoss()
        {
            using (Game g = Game.FromText("3,3,3:XO./XX./..O:O"))
            {
                Assert.Equal(-2, g.BestMove().Score);
                Assert.Sequence(new[] { new Cell(0, 2), new Cell(1, 2), new Cell(2, 0), new Cell(2, 1) }, g.OptimalMoves());
            }
        }

        private static Game Gomoku(params int[] moves)
        {
            var g = new Game(15, 15, 5);
            for (int i = 0; i < moves.Length; i += 2) g.Play(moves[i], moves[i + 1]);
            return g;
        }

        // X has an open four on row 7, X to move: the search and every level from Easy up win.
        internal static void TakesTheWin()
        {
            using (Game g = Gomoku(7, 3, 0, 0, 7, 4, 0, 2, 7, 5, 0, 4, 7, 6, 0, 6))
            {
                Func<Cell, bool> wins = c => c == new Cell(7, 2) || c == new Cell(7, 7);
                Assert.True(wins(g.Search(maxNodes: 2000)), "node-bounded search wins");
                Assert.True(wins(g.Search(maxMillis: 50, seed: 9)), "time-bounded search wins");
                foreach (Level level in new[] { Level.Easy, Level.Medium, Level.Hard, Level.Perfect })
                    Assert.True(wins(g.AiMove(level, 3)), level + " wins");
                Assert.Equal(8, g.MoveCount);  // the search works on a copy
            }
        }

        // X has an open three on row 7, X to move: an open four wins in 3 plies. With O to move
        // earlier there is no threat win; a budget of 0 and a finished game are refused.
        internal static void ThreatWinOfAnOpenThree()
        {
            using (Game g = Gomoku(7, 5, 0, 0, 7, 6, 0, 2, 7, 7, 0, 4))
            {
                TicTacToe.ThreatWin? win = g.ThreatWin(10000);
                Assert.True(win.HasValue, "an open three wins");
                Assert.True(win.Value.Cell == new Cell(7, 4) || win.Value.Cell == new Cell(7, 8), "an open four: " + win);
                Assert.Equal(3, win.Value.Plies);
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.ThreatWin(0));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.ThreatWin(-1));
            }
            using (Game g = Gomoku(7, 5, 0, 0, 7, 6))
                Assert.True(!g.ThreatWin(10000).HasValue, "O has no threat win");
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.ThreatWin(100));
        }

        // X has four on row 7 blocked at (7, 2), O to move: O must block at (7, 7).
        internal static void BlocksTheLoss()
        {
            using (Game g = Gomoku(7, 3, 7, 2, 7, 4, 0, 0, 7, 5, 0, 2, 7, 6))
            {
                Assert.Equal(new Cell(7, 7), g.Search(maxNodes: 2000, seed: 1));
                Assert.Equal(new Cell(7, 7), g.AiMove(Level.Medium));
                Assert.Equal(new Cell(7, 7), g.AiMove(Level.Perfect));
            }
        }

        // The same game, node budget and seed give the same move; every level's move is legal.
        internal static void DeterministicAndLegal()
        {
            using (Game g = Gomoku(7, 7, 6, 8))
            {
                Assert.Equal(g.Search(3000, 0, 42), g.Search(3000, 0, 42));
                for (ulong seed = 0; seed < 5; seed++)
                {
                    foreach (Level level in new[] { Level.Random, Level.Easy, Level.Medium, Level.Hard })
                    {
                        Cell c = g.AiMove(level, seed);
                        Assert.Equal(c, g.AiMove(level, seed));
                        Assert.True(c.Row < 15 && c.Col < 15 && g[c.Row, c.Col] == 0, "a legal move");
                    }
                }
            }
        }

        // The header allows several threads to search one game at once while none changes it
        // (e.g. a Unity job thinking while the main thread draws).
        internal static void ParallelSearchesOfOneGame()
        {
            Game g = Gomoku(7, 7, 6, 8, 8, 8);
            Cell expected = g.Search(5000, 0, 11);
            var found = new Cell[4];
            var threads = new System.Threading.Thread[found.Length];
            for (int t = 0; t < threads.Length; t++)
            {
                int id = t;
                threads[t] = new System.Threading.Thread(() => found[id] = g.Search(5000, 0, 11));
                threads[t].Start();
            }
            foreach (var th in threads) th.Join();
            Assert.Sequence(new[] { expected, expected, expected, expected }, found);
            g.Dispose();
        }

        // Dispose while another thread searches: the SafeHandle defers the free until the native
        // call returns, so the search finishes on live memory (or, if Dispose came first, throws
        // ObjectDisposedException); the game is freed exactly once either way.
        internal static void DisposeDuringSearchIsSafe()
        {
            long before = GameHandle.Releases;
            Game g = Gomoku(7, 7, 6, 8, 8, 8);
            object outcome = null;
            var searcher = new System.Threading.Thread(() =>
            {
                try { outcome = g.Search(maxNodes: 20000); }
                catch (ObjectDisposedException e) { outcome = e; }
            });
            searcher.Start();
            System.Threading.Thread.Sleep(20);
            g.Dispose();
            searcher.Join();
            Assert.True(outcome is Cell || outcome is ObjectDisposedException, "a move or ObjectDisposedException: " + outcome);
            Assert.Equal(before + 1, GameHandle.Releases);
        }

        internal static void SearchErrors()
        {
            using (Game g = Gomoku(7, 7))
            {
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.Search());
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Search(maxNodes: -1));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Search(100, -5));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.AiMove((Level)9));
            }
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
            {
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.Search(100));
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.AiMove(Level.Random));
            }
        }

        // BestMove(maxNodes, maxMillis) / OptimalMoves(maxNodes, maxMillis) give the default
        // calls' answers under a step budget, a time budget and both, where the budget suffices.
        internal static void BudgetedSolveMatchesTheDefault()
        {
            var positions = new[]
            {
                "3,3,3:.../.../...:X", "3,3,3:XX./OO./...:X", "3,3,3:XO./XX./..O:O",  // built-in table
                "4,4,4:..../..../..../....:X",                                       // solved: 1 ms, a draw
                "4,4,3:X.../.O../..../....:X",                                       // solved, a win
                "9,9,9:" + string.Join("/", Enumerable.Repeat(".........", 9)) + ":X", // pairing draw: 81 moves
            };
            foreach (string text in positions)
            {
                using (Game g = Game.FromText(text))
                {
                    ScoredMove best = g.BestMove();
                    string optimal = string.Join(" ", g.OptimalMoves());
                    foreach (var budget in new[] { new { Nodes = 1L << 24, Millis = 0 }, new { Nodes = 0L, Millis = 60000 },
                                                   new { Nodes = 1L << 24, Millis = 60000 }, new { Nodes = long.MaxValue, Millis = int.MaxValue } })
                    {
                        string where = text + " within " + budget.Nodes + " steps, " + budget.Millis + " ms: ";
                        ScoredMove within = g.BestMove(budget.Nodes, budget.Millis);
                        Assert.True(within.Equals(best), where + within + ", default " + best);
                        string got = string.Join(" ", g.OptimalMoves(budget.Nodes, budget.Millis));
                        Assert.True(got == optimal, where + "[" + got + "], default [" + optimal + "]");
                    }
                    Assert.Equal(text, g.ToText());  // never changes the game
                }
            }
            using (var g = new Game(4, 4, 4))
            {
                Assert.Equal(0, g.BestMove(0, 60000).Score);  // the brief's fact: 4,4,4 is a draw
                Assert.Equal(0, g.MoveCount);
            }
            // the built-in 3x3 table and a pairing draw need no budget beyond one step
            using (Game g = Game.FromText("3,3,3:XX./OO./...:X"))
                Assert.Equal(new ScoredMove(new Cell(0, 2), 1), g.BestMove(1));
            using (var g = new Game(9, 9, 9))
                Assert.Equal(81, g.OptimalMoves(1).Count);
        }

        // 4,4,4 takes about 1 ms and far more than 100 steps; 7,7,5 takes the default 2^24 steps
        // seconds to prove drawn, so a 50 ms budget must stop it at about 50 ms.
        internal static void BudgetedSolveRunsOut()
        {
            using (var g = new Game(4, 4, 4))
            {
                Assert.Status<TooHardException>(Status.TooHard, () => g.BestMove(100));
                Assert.Status<TooHardException>(Status.TooHard, () => g.OptimalMoves(100));
                Assert.Status<TooHardException>(Status.TooHard, () => g.BestMove(100, 60000));
                Assert.Status<TooHardException>(Status.TooHard, () => g.OptimalMoves(100, 60000));
                Assert.Equal(0, g.MoveCount);
            }
            using (var g = new Game(7, 7, 5))
            {
                Assert.Status<TooHardException>(Status.TooHard, () => g.BestMove(0, 50));
                Assert.Status<TooHardException>(Status.TooHard, () => g.OptimalMoves(0, 50));
            }
        }

        // BestMoveThreads gives the one-thread score on any number of threads (the Rust tests
        // cover the boards big enough to be split), and throws as BestMove(maxNodes) does.
        internal static void SolveOnThreads()
        {
            foreach (string text in new[] { "3,3,3:X../.O./...:X", "4,4,4:..../..../..../....:X", "4,4,3:X.../.O../..../....:X" })
            {
                using (Game g = Game.FromText(text))
                {
                    ScoredMove one = g.BestMove(1L << 24);
                    foreach (int threads in new[] { 0, 1, 2, 3 })
                    {
                        ScoredMove got = g.BestMoveThreads(1L << 24, 0, threads);
                        Assert.Equal(one.Score, got.Score);
                        Assert.Equal(0, g[got.Cell.Row, got.Cell.Col]);
                    }
                    Assert.Equal(text, g.ToText());
                }
            }
            using (var g = new Game(4, 4, 4))
            {
                Assert.Status<TooHardException>(Status.TooHard, () => g.BestMoveThreads(100, 0, 2));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.BestMoveThreads(0, 0, 2));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.BestMoveThreads(100, 0, -1));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.BestMoveThreads(-1));
            }
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.BestMoveThreads(100));
        }

        // A certificate names the position and its value; its errors are the solver's.
        internal static void Certificates()
        {
            using (var g = new Game(3, 3, 3))
                Assert.True(g.Certificate(100000).StartsWith("certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n"), "3,3,3");
            using (Game g = Game.FromText("3,3,3:XX./OO./...:X"))
                Assert.Equal("certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n", g.Certificate(100));
            using (var g = new Game(5, 5, 4))
            {
                Assert.Status<TooHardException>(Status.TooHard, () => g.Certificate(10));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.Certificate(0));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.Certificate(-1));
            }
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.Certificate(100));
        }

        // Who wins: the player the score's sign names (player 2 may open), 0 for a draw; the
        // errors are BestMove(maxNodes)'s.
        internal static void ForcedWinner()
        {
            using (var g = new Game(3, 3, 3)) Assert.Equal(0, g.ForcedWinnerWithin(1L << 20));
            using (var g = new Game(4, 4, 3)) Assert.Equal(1, g.ForcedWinnerWithin(1L << 20));
            using (Game g = Game.FromText("4,4,3:..../..../..../....:O")) Assert.Equal(2, g.ForcedWinnerWithin(1L << 20));
            using (Game g = Game.FromText("3,3,3:XX./OO./X..:O")) Assert.Equal(2, g.ForcedWinnerWithin(1L << 20, 10000));
            using (var g = new Game(7, 7, 5))
            {
                Assert.Status<TooHardException>(Status.TooHard, () => g.ForcedWinnerWithin(1000));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.ForcedWinnerWithin(0, 0));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.ForcedWinnerWithin(-1));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.ForcedWinnerWithin(100, -5));
            }
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.ForcedWinnerWithin(100));
            var disposed = new Game();
            disposed.Dispose();
            Assert.Throws<ObjectDisposedException>(() => disposed.ForcedWinnerWithin(1000));
        }

        internal static void BudgetedSolveErrors()
        {
            using (var g = new Game(4, 4, 4))
            {
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.BestMove(0));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => g.OptimalMoves(0, 0));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.BestMove(-1));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.BestMove(100, -5));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.OptimalMoves(long.MinValue, 50));
                Assert.Throws<ArgumentOutOfRangeException>(() => g.OptimalMoves(0, -1));
            }
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
            {
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.BestMove(1000, 1000));
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.OptimalMoves(1000, 1000));
            }
            var disposed = new Game();
            disposed.Dispose();
            Assert.Throws<ObjectDisposedException>(() => disposed.BestMove(1000));
            Assert.Throws<ObjectDisposedException>(() => disposed.OptimalMoves(0, 1000));
        }

        internal static void Errors()
        {
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
            {
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.BestMove());
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.OptimalMoves());
            }
            var gomoku = new Game(19, 19, 5);
            Assert.Status<TooHardException>(Status.TooHard, () => gomoku.BestMove());
            Assert.Status<TooHardException>(Status.TooHard, () => gomoku.OptimalMoves());
            gomoku.Dispose();
            Assert.Throws<ObjectDisposedException>(() => gomoku.BestMove());
        }
    }
}
