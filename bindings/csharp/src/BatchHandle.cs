// BatchHandle.cs — owns one native TttBatch*. As GameHandle does for a game: ReleaseHandle runs
// exactly once, whether the Batch is disposed or only collected, and never during a call that
// received this handle.
using System.Threading;
using Microsoft.Win32.SafeHandles;

namespace TicTacToe
{
    internal sealed class BatchHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private static long releases;

        // Used by the marshaler for out parameters; the handle starts invalid (NULL).
        private BatchHandle() : base(true) { }

        /// <summary>Native batches freed so far in this process (the tests check it).</summary>
        internal static long Releases { get { return Interlocked.Read(ref releases); } }

        protected override bool ReleaseHandle()
        {
            Native.ttt_batch_free(handle);
            Interlocked.Increment(ref releases);
            return true;
        }
    }
}
