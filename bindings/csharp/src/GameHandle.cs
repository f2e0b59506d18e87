// GameHandle.cs — owns one native TttGame*. The runtime guarantees ReleaseHandle runs exactly
// once, whether the Game is disposed or only collected, and never while a P/Invoke call that
// received this handle is still running.
using System.Runtime.InteropServices;
using System.Threading;
using Microsoft.Win32.SafeHandles;

namespace TicTacToe
{
    internal sealed class GameHandle : SafeHandleZeroOrMinusOneIsInvalid
    {
        private static long releases;

        // Used by the marshaler for out parameters; the handle starts invalid (NULL).
        private GameHandle() : base(true) { }

        /// <summary>Native games freed so far in this process (the tests check it).</summary>
        internal static long Releases { get { return Interlocked.Read(ref releases); } }

        protected override bool ReleaseHandle()
        {
            Native.ttt_game_free(handle);
            Interlocked.Increment(ref releases);
            return true;
        }
    }
}
