// BatchTests.cs — the batch against the same games played through Game after every step
// (results, auto-reset, planes from the side to move, masks, Game(i)), refused steps that change
// nothing and name the first bad game, random moves that repeat for a seed, ownership.
using System;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;

namespace TicTacToe.Tests
{
    internal static class BatchTests
    {
        internal static void AgreesWithGamesAfterEveryStep()
        {
            const int count = 6, cols = 4, cells = 16;
            using (var b = new Batch(count, 4, cols, 3, 1))
            {
                var games = new Game[count];
                for (int i = 0; i < count; i++) games[i] = new Game(4, 4, 3);
                var actions = new int[count];
                var results = new byte[count];
                var mask = new byte[b.LegalMaskLength];
                var planes = new byte[b.ObservationLength];
                int ends = 0;
                for (int step = 0; step < 80; step++)
                {
                    b.LegalMask(mask);
                    for (int i = 0; i < count; i++)
                    {
                        int c = (i * 5 + step * 3) % cells;
                        while (mask[i * cells + c] == 0) c = (c + 1) % cells;
                        actions[i] = c;
                    }
                    b.Step(actions, results);
                    b.Observe(planes);
                    byte[] after = b.LegalMask();
                    for (int i = 0; i < count; i++)
                    {
                        Result r = games[i].Play(actions[i] / cols, actions[i] % cols);
                        Assert.Equal(r, (Result)results[i]);
                        if (r != Result.Pending)
                        {
                            games[i].Dispose();
                            games[i] = new Game(4, 4, 3);  // auto-reset: the batch's game starts again
                            ends++;
                        }
                        int mover = games[i].ToMove;
                        byte[] board = games[i].Cells.ToArray();
                        for (int c = 0; c < cells; c++)
                        {
                            Assert.Equal(board[c] == mover ? 1 : 0, (int)planes[i * 2 * cells + c]);
                            Assert.Equal(board[c] != 0 && board[c] != mover ? 1 : 0, (int)planes[i * 2 * cells + cells + c]);
                            Assert.Equal(board[c] == 0 ? 1 : 0, (int)after[i * cells + c]);
                        }
                        using (Game copy = b.Game(i)) Assert.Equal(games[i].ToText(), copy.ToText());
                    }
                }
                Assert.True(ends > 0, "no game ended");
                foreach (Game g in games) g.Dispose();
            }
        }

        // X 0, O 3, X 1, O 4, X 2: X's top row wins and the game starts again.
        internal static void AWonGameStartsAgain()
        {
            using (var b = new Batch(1))
            {
                var want = new[] { Result.Pending, Result.Pending, Result.Pending, Result.Pending, Result.AWins };
                int[] moves = { 0, 3, 1, 4, 2 };
                for (int n = 0; n < moves.Length; n++)
                {
                    Assert.Equal(want[n], b.Step(new[] { moves[n] })[0]);
                    // O to move: plane 0 (O's stones) empty, X's stone on cell 0 in plane 1.
                    if (n == 0) Assert.Sequence(new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0 }, b.Observe());
                }
                Assert.True(b.LegalMask().All(v => v == 1), "the board is empty again");
                using (Game g = b.Game(0)) Assert.Equal("3,3,3:.../.../...:X", g.ToText());
            }
        }

        internal static void IllegalActionChangesNothing()
        {
            using (var b = new Batch(3, 3, 3, 3, 0))
            {
                b.Step(new[] { 4, 4, 4 }, new byte[3]);
                byte[] before = b.Observe();
                var results = new byte[] { 9, 9, 9 };
                IllegalMoveException e = Assert.Status<IllegalMoveException>(Status.CellOccupied, () => b.Step(new[] { 0, 4, 1 }, results));
                Assert.Equal((int?)1, e?.GameIndex);
                Assert.True(e != null && e.Message.Contains("game 1, action 4"), "message names the game: " + e?.Message);
                e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => b.Step(new[] { 0, 1, 9 }, results));
                Assert.Equal((int?)2, e?.GameIndex);
                e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => b.Step(new[] { -1, 1, 2 }, results));
                Assert.Equal((int?)0, e?.GameIndex);
                e = Assert.Status<IllegalMoveException>(Status.CellOccupied, () => b.Step(new[] { 4, 9, 4 }, results));
                Assert.Equal((int?)0, e?.GameIndex);
                Assert.Sequence(new byte[] { 9, 9, 9 }, results);
                Assert.Sequence(before, b.Observe());
                Assert.Throws<ArgumentException>(() => b.Step(new[] { 0, 1 }, results));
                Assert.Throws<ArgumentException>(() => b.Step(new[] { 0, 1, 2 }, new byte[2]));
                Assert.Throws<ArgumentNullException>(() => b.Step(null, results));
                Assert.Throws<ArgumentException>(() => b.Observe(new byte[53]));
                Assert.Throws<ArgumentException>(() => b.LegalMask(new byte[26]));
                Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => b.Game(3));
                Assert.Throws<ArgumentOutOfRangeException>(() => b.Game(-1));
                Assert.Throws<ArgumentOutOfRangeException>(() => b.RandomMoves(-1));
                Assert.Sequence(before, b.Observe());
            }
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => new Batch(0));
            Assert.Status<InvalidRulesException>(Status.InvalidArgument, () => new Batch(1, 3, 3, 4));
            Assert.Throws<ArgumentOutOfRangeException>(() => new Batch(-1));
        }

        // A batch big enough to be split in two: the same results, the same first bad game, no
        // game changed by a refused step, the same observations. A call splits from 2^22 cells a
        // thread (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283
        // games of 15 x 15.
        internal static void ThreadsChangeNoResult()
        {
            const int cells = 225, count = 2 * (1 << 22) / cells + 17;
            using (var one = new Batch(count, 15, 15, 5))
            using (var two = new Batch(count, 15, 15, 5))
            {
                Assert.Equal(1, two.Threads);
                two.Threads = 2;
                Assert.Equal(2, two.Threads);
                Assert.Throws<ArgumentOutOfRangeException>(() => two.Threads = -1);
                for (int step = 0; step < 8; step++)
                {
                    byte[] mask = one.LegalMask();
                    Assert.Sequence(mask, two.LegalMask());
                    var actions = new int[count];
                    for (int i = 0; i < count; i++)
                    {
                        int c = (i * 31 + step * 13) % cells;
                        while (mask[i * cells + c] == 0) c = (c + 1) % cells;
                        actions[i] = c;
                    }
                    if (step == 5)
                    {
                        var bad = (int[])actions.Clone();
                        bad[count - 7] = 225;
                        bad[count - 3] = 226;
                        byte[] before = two.Observe();
                        IllegalMoveException e = Assert.Status<IllegalMoveException>(Status.OutOfBounds, () => two.Step(bad));
                        Assert.Equal((int?)(count - 7), e?.GameIndex);
                        Assert.Sequence(before, two.Observe());
                    }
                    Assert.Sequence(one.Step(actions), two.Step(actions));
                    Assert.Sequence(one.Observe(), two.Observe());
                }
            }
        }

        internal static void RandomMovesRepeatForASeed()
        {
            using (var a = new Batch(500, 7, 7, 5, 9))
            using (var b = new Batch(500, 7, 7, 5, 9))
            using (var c = new Batch(500, 7, 7, 5, 10))
            {
                BatchStats sa = a.RandomMoves(30, 1), sb = b.RandomMoves(30);
                c.RandomMoves(30, 2);
                Assert.Equal(15000UL, sa.Moves);
                Assert.Equal(sa.ToString(), sb.ToString());
                Assert.True(sa.AWins + sa.BWins + sa.Draws <= 15000 / 9, "more games ended than could: " + sa);
                Assert.Sequence(a.Observe(), b.Observe());
                Assert.True(!a.Observe().SequenceEqual(c.Observe()), "another seed gave the same games");
                a.Reset();
                Assert.True(a.LegalMask().All(v => v == 1), "Reset empties every game");
            }
        }

        internal static void DisposedBatchThrowsAndIsFreedOnce()
        {
            long before = Collect.Settled(() => BatchHandle.Releases);
            var b = new Batch(2);
            b.Dispose();
            b.Dispose();
            Assert.Equal(before + 1, BatchHandle.Releases);
            Assert.True(b.IsDisposed, "IsDisposed");
            Assert.Equal("Batch(2 x 3,3,3, disposed)", b.ToString());
            var uses = new Action[]
            {
                () => b.Reset(), () => b.Step(new int[2], new byte[2]), () => b.Observe(), () => b.LegalMask(),
                () => b.RandomMoves(1), () => b.Game(0),
            };
            foreach (Action use in uses) Assert.Throws<ObjectDisposedException>(use);
            var maker = new Thread(() => Abandon(50));
            maker.Start();
            maker.Join();
            for (int i = 0; i < 20 && BatchHandle.Releases - before < 51; i++) Collect.All();
            Assert.Equal(before + 51, BatchHandle.Releases);
            Collect.All();
            GC.KeepAlive(b);
            Assert.Equal(before + 51, BatchHandle.Releases);
        }

        [MethodImpl(MethodImplOptions.NoInlining)]
        private static void Abandon(int count)
        {
            for (int i = 0; i < count; i++) new Batch(10).Step(new int[10], new byte[10]);
        }
    }
}
