// Native.cs — the P/Invoke declarations: one per C function of include/tictactoe.h, nothing else.
// Types: uint32_t -> uint, int32_t -> int, uint64_t -> ulong, size_t -> UIntPtr, TttGame* -> GameHandle, TttBatch* -> BatchHandle, static char* -> IntPtr;
// strings in are UTF-8 bytes the binding encodes (byte[], or pinned rows as IntPtr[]), never the runtime's LPStr.
using System;
using System.Runtime.InteropServices;

namespace TicTacToe
{
    internal static class Native
    {
        // The one place that names the native library. Platforms that link it statically into
        // the executable (iOS: Unity's Plugins/iOS/libtictactoe.a) must bind to "__Internal".
#if (UNITY_IOS && !UNITY_EDITOR) || TICTACTOE_STATIC
        internal const string Lib = "__Internal";
#else
        internal const string Lib = "tictactoe";
#endif
        private const CallingConvention Cdecl = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern IntPtr ttt_version();
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern IntPtr ttt_status_str(Status status);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern IntPtr ttt_result_str(Result result);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern IntPtr ttt_verdict_str(Verdict verdict);

        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_new(uint rows, uint cols, uint k, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_tictactoe_new(uint n, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern void ttt_game_free(IntPtr game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_clone(GameHandle game, out GameHandle clone);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_reset(GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_move(GameHandle game, uint row, uint col, uint player, out uint winner);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_play(GameHandle game, uint row, uint col, out Result result);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_undo(GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_redo(GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_size(GameHandle game, out uint rows, out uint cols, out uint k);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_to_move(GameHandle game, out uint player);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_first_player(GameHandle game, out uint player);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_result(GameHandle game, out Result result);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_cell(GameHandle game, uint row, uint col, out uint player);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_move_count(GameHandle game, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_cells(GameHandle game, byte[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_moves(GameHandle game, uint[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_legal_moves(GameHandle game, uint[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_winning_line(GameHandle game, uint[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_to_text(GameHandle game, byte[] text, UIntPtr capacity, out UIntPtr length);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_from_text(byte[] text, UIntPtr length, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_best_move(GameHandle game, out uint row, out uint col, out int score);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_optimal_moves(GameHandle game, uint[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_best_move_within(GameHandle game, ulong maxNodes, uint maxMillis,
                                                                out uint row, out uint col, out int score);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_certificate(GameHandle game, ulong maxNodes, byte[] text, UIntPtr capacity, out UIntPtr length);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_best_move_threads(GameHandle game, ulong maxNodes, uint maxMillis, uint threads,
                                                                 out uint row, out uint col, out int score);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_forced_winner_within(GameHandle game, ulong maxNodes, uint maxMillis, out uint player);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_optimal_moves_within(GameHandle game, ulong maxNodes, uint maxMillis,
                                                                    uint[] cells, UIntPtr capacity, out UIntPtr count);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_search(GameHandle game, ulong maxNodes, uint maxMillis, ulong seed,
                                                      out uint row, out uint col);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_ai_move(GameHandle game, Level level, ulong seed, out uint row, out uint col);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_game_threat_win(GameHandle game, ulong maxNodes, out uint row, out uint col,
                                                          out uint plies);

        [StructLayout(LayoutKind.Sequential)]
        internal struct TttBatchStats
        {
            internal ulong moves, a_wins, b_wins, draws;
        }

        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_new(uint rows, uint cols, uint k, UIntPtr count, ulong seed, out BatchHandle batch);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern void ttt_batch_free(IntPtr batch);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_reset(BatchHandle batch);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_set_threads(BatchHandle batch, uint threads);
        // int[] actions reach C as uint32_t: a negative cell is a huge one, off every board.
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_step(BatchHandle batch, int[] actions, UIntPtr count, [Out] byte[] results,
                                                     out UIntPtr badIndex);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_observe(BatchHandle batch, [Out] byte[] planes, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_legal_mask(BatchHandle batch, [Out] byte[] mask, UIntPtr capacity);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_random_moves(BatchHandle batch, ulong movesPerGame, uint threads,
                                                             ref TttBatchStats stats);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_batch_game(BatchHandle batch, UIntPtr index, out GameHandle game);

        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_judge_ex(uint[] moves, UIntPtr moveCount, uint rows, uint cols, uint k,
                                                   out Result result, out UIntPtr badIndex);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_find_winner(uint[] moves, UIntPtr moveCount, out IntPtr answer);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_validate(byte[] board, UIntPtr length, uint rows, uint cols, uint k,
                                                   out Verdict verdict);
        [DllImport(Lib, CallingConvention = Cdecl, ExactSpelling = true)]
        internal static extern Status ttt_validate_rows(IntPtr[] rows, UIntPtr rowCount, uint k, out Verdict verdict);
    }
}
