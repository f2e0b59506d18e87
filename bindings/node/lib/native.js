'use strict';
// The C functions, declared with koffi from the prototypes of include/tictactoe.h. The only
// change is `_Out_` on parameters through which C hands back a pointer (a game or a static
// string); test/header.test.js checks this list against the header, so it cannot go stale.
const path = require('node:path');
const fs = require('node:fs');
const koffi = require('koffi');

const PROTOTYPES = [
  'const char *ttt_version(void)',
  'const char *ttt_result_str(TttResult result)',
  'const char *ttt_verdict_str(TttVerdict verdict)',
  'TttStatus ttt_game_best_move(const TttGame *game, uint32_t *out_row, uint32_t *out_col, int32_t *out_score)',
  'TttStatus ttt_game_optimal_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_best_move_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_row, uint32_t *out_col, int32_t *out_score)',
  'TttStatus ttt_game_certificate(const TttGame *game, uint64_t max_nodes, char *out_text, size_t capacity, size_t *out_len)',
  'TttStatus ttt_game_best_move_threads(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t threads, uint32_t *out_row, uint32_t *out_col, int32_t *out_score)',
  'TttStatus ttt_game_forced_winner_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_player)',
  'TttStatus ttt_game_optimal_moves_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_search(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint64_t seed, uint32_t *out_row, uint32_t *out_col)',
  'TttStatus ttt_game_ai_move(const TttGame *game, uint32_t level, uint64_t seed, uint32_t *out_row, uint32_t *out_col)',
  'TttStatus ttt_game_threat_win(const TttGame *game, uint64_t max_nodes, uint32_t *out_row, uint32_t *out_col, uint32_t *out_plies)',
  'TttStatus ttt_game_new(uint32_t rows, uint32_t cols, uint32_t k, _Out_ TttGame **out_game)',
  'TttStatus ttt_tictactoe_new(uint32_t n, _Out_ TttGame **out_game)',
  'void ttt_game_free(TttGame *game)',
  'TttStatus ttt_game_clone(const TttGame *game, _Out_ TttGame **out_game)',
  'TttStatus ttt_game_reset(TttGame *game)',
  'TttStatus ttt_game_move(TttGame *game, uint32_t row, uint32_t col, uint32_t player, uint32_t *out_winner)',
  'TttStatus ttt_game_play(TttGame *game, uint32_t row, uint32_t col, TttResult *out_result)',
  'TttStatus ttt_game_undo(TttGame *game)',
  'TttStatus ttt_game_redo(TttGame *game)',
  'TttStatus ttt_game_size(const TttGame *game, uint32_t *out_rows, uint32_t *out_cols, uint32_t *out_k)',
  'TttStatus ttt_game_to_move(const TttGame *game, uint32_t *out_player)',
  'TttStatus ttt_game_first_player(const TttGame *game, uint32_t *out_player)',
  'TttStatus ttt_game_result(const TttGame *game, TttResult *out_result)',
  'TttStatus ttt_game_cell(const TttGame *game, uint32_t row, uint32_t col, uint32_t *out_player)',
  'TttStatus ttt_game_move_count(const TttGame *game, size_t *out_count)',
  'TttStatus ttt_game_cells(const TttGame *game, uint8_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_legal_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_winning_line(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count)',
  'TttStatus ttt_game_to_text(const TttGame *game, char *out_text, size_t capacity, size_t *out_len)',
  'TttStatus ttt_game_from_text(const char *text, size_t len, _Out_ TttGame **out_game)',
  'TttStatus ttt_judge(const uint32_t *moves, size_t move_count, uint32_t rows, uint32_t cols, uint32_t k, TttResult *out_result)',
  'TttStatus ttt_judge_ex(const uint32_t *moves, size_t move_count, uint32_t rows, uint32_t cols, uint32_t k, TttResult *out_result, size_t *out_bad_index)',
  'TttStatus ttt_find_winner(const uint32_t *moves, size_t move_count, _Out_ const char **out_answer)',
  'TttStatus ttt_validate(const char *board, size_t board_len, uint32_t rows, uint32_t cols, uint32_t k, TttVerdict *out_verdict)',
  'TttStatus ttt_validate_rows(const char *const *board_rows, size_t row_count, uint32_t k, TttVerdict *out_verdict)',
  'const char *ttt_status_str(TttStatus status)',
  'TttStatus ttt_batch_new(uint32_t rows, uint32_t cols, uint32_t k, size_t count, uint64_t seed, _Out_ TttBatch **out_batch)',
  'void ttt_batch_free(TttBatch *batch)',
  'TttStatus ttt_batch_reset(TttBatch *batch)',
  'TttStatus ttt_batch_set_threads(TttBatch *batch, uint32_t threads)',
  'TttStatus ttt_batch_step(TttBatch *batch, const uint32_t *actions, size_t count, uint8_t *out_results, size_t *out_bad_index)',
  'TttStatus ttt_batch_observe(const TttBatch *batch, uint8_t *out_planes, size_t capacity)',
  'TttStatus ttt_batch_legal_mask(const TttBatch *batch, uint8_t *out_mask, size_t capacity)',
  'TttStatus ttt_batch_random_moves(TttBatch *batch, uint64_t moves_per_game, uint32_t threads, TttBatchStats *out_stats)',
  'TttStatus ttt_batch_game(const TttBatch *batch, size_t index, _Out_ TttGame **out_game)',
];

// The enums of the header, by number (checked against the header by the same test).
const STATUS_NAMES = [
  'OK', 'NULL_POINTER', 'INVALID_ARGUMENT', 'OUT_OF_BOUNDS', 'CELL_OCCUPIED', 'WRONG_TURN',
  'GAME_OVER', 'NOTHING_TO_UNDO', 'NOTHING_TO_REDO', 'PARSE_ERROR', 'BUFFER_TOO_SMALL',
  'TOO_LARGE', 'OUT_OF_MEMORY', 'UNREACHABLE_BOARD', 'TOO_HARD', 'INTERNAL_ERROR',
];
const VERDICT_NAMES = [
  'VALID', 'TOO_MANY_O', 'TOO_MANY_X', 'BOTH_WIN', 'X_WON_THEN_O_MOVED', 'O_WON_THEN_X_MOVED',
  'X_LINES_DISJOINT', 'O_LINES_DISJOINT',
];
const RESULT_NAMES = ['PENDING', 'A_WINS', 'B_WINS', 'DRAW'];
// The header's TTT_LEVEL_* #defines (difficulty levels of ttt_game_ai_move), by number.
const LEVEL_NAMES = ['RANDOM', 'EASY', 'MEDIUM', 'HARD', 'PERFECT'];

// $TICTACTOE_LIB, else the library the npm package carries for this platform
// (prebuilds/linux-x64/, prebuilds/win32-x64/, prebuilds/darwin-arm64/ ...), else the library
// built in this repository, else the system loader's search.
function libraryPath() {
  if (process.env.TICTACTOE_LIB) return process.env.TICTACTOE_LIB;
  const file = { win32: 'tictactoe.dll', darwin: 'libtictactoe.dylib' }[process.platform] ||
    'libtictactoe.so';
  const candidates = [
    path.join(__dirname, '..', 'prebuilds', `${process.platform}-${process.arch}`, file),
    path.join(__dirname, '..', '..', '..', 'target', 'release', file),
  ];
  return candidates.find((f) => fs.existsSync(f)) || file;
}

koffi.alias('TttStatus', 'uint32_t');
koffi.alias('TttResult', 'uint32_t');
koffi.alias('TttVerdict', 'uint32_t');
koffi.opaque('TttGame');
koffi.opaque('TttBatch');
koffi.struct('TttBatchStats', { moves: 'uint64_t', a_wins: 'uint64_t', b_wins: 'uint64_t', draws: 'uint64_t' });

const lib = koffi.load(libraryPath());
const C = {};
for (const proto of PROTOTYPES) {
  const fn = lib.func(proto);
  C[fn.info.name] = fn;
}

// What a result is called: "Pending", "A", "B", "Draw", by TttResult number.
const RESULT_STRINGS = RESULT_NAMES.map((_, i) => C.ttt_result_str(i));

module.exports = {
  C, PROTOTYPES, STATUS_NAMES, VERDICT_NAMES, RESULT_NAMES, RESULT_STRINGS, LEVEL_NAMES,
};
