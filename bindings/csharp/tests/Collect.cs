// Collect.cs — the garbage-collection steps the finaliser tests share.
using System;

namespace TicTacToe.Tests
{
    internal static class Collect
    {
        /// Collects, runs the pending finalisers, and collects what they released.
        internal static void All()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }

        /// Collects until <paramref name="releases"/> has not moved for three collections in a
        /// row, so that handles dropped by earlier tests are counted before a test takes its
        /// baseline; returns the settled count.
        internal static long Settled(Func<long> releases)
        {
            long last = releases();
            for (int stable = 0; stable < 3;)
            {
                All();
                long now = releases();
                stable = now == last ? stable + 1 : 0;
                last = now;
            }
            return last;
        }
    }
}
