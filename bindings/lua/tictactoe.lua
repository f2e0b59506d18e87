-- tictactoe.lua: LuaJIT FFI binding of the tictactoe C library (play, judge, validate m,n,k-games).
--
--   local ttt = require("tictactoe")
--   local g = ttt.Game(3, 3, 3)
--   g:play(1, 1)
--
-- Board coordinates (row, col) count from 0, as in the C API; positions in Lua tables (a move
-- list, an error's `index`) count from 1, as in Lua. See README.md for errors and ownership.
local ffi = require("ffi")

local M = {}

-- The declarations of include/tictactoe.h as C sees them: comments, preprocessor lines and C++-only
-- parts removed (so its enums are untagged, each followed by the typedef that names it).
-- test.lua checks that this list is exactly the header's, so it cannot go stale silently.
M.CDEF = [[
enum { TTT_PENDING = 0, TTT_A_WINS = 1, TTT_B_WINS = 2, TTT_DRAW = 3, };
typedef uint32_t TttResult;
enum { TTT_OK = 0, TTT_NULL_POINTER = 1, TTT_INVALID_ARGUMENT = 2, TTT_OUT_OF_BOUNDS = 3, TTT_CELL_OCCUPIED = 4, TTT_WRONG_TURN = 5, TTT_GAME_OVER = 6, TTT_NOTHING_TO_UNDO = 7, TTT_NOTHING_TO_REDO = 8, TTT_PARSE_ERROR = 9, TTT_BUFFER_TOO_SMALL = 10, TTT_TOO_LARGE = 11, TTT_OUT_OF_MEMORY = 12, TTT_UNREACHABLE_BOARD = 13, TTT_TOO_HARD = 14, TTT_INTERNAL_ERROR = 15, };
typedef uint32_t TttStatus;
enum { TTT_VALID = 0, TTT_TOO_MANY_O = 1, TTT_TOO_MANY_X = 2, TTT_BOTH_WIN = 3, TTT_X_WON_THEN_O_MOVED = 4, TTT_O_WON_THEN_X_MOVED = 5, TTT_X_LINES_DISJOINT = 6, TTT_O_LINES_DISJOINT = 7, };
typedef uint32_t TttVerdict;
typedef struct TttBatch TttBatch;
typedef struct TttGame TttGame;
typedef struct { uint64_t moves; uint64_t a_wins; uint64_t b_wins; uint64_t draws; } TttBatchStats;
const char *ttt_version(void);
const char *ttt_result_str(TttResult result);
const char *ttt_verdict_str(TttVerdict verdict);
TttStatus ttt_game_best_move(const TttGame *game, uint32_t *out_row, uint32_t *out_col, int32_t *out_score);
TttStatus ttt_game_best_move_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_row, uint32_t *out_col, int32_t *out_score);
TttStatus ttt_game_certificate(const TttGame *game, uint64_t max_nodes, char *out_text, size_t capacity, size_t *out_len);
TttStatus ttt_game_best_move_threads(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t threads, uint32_t *out_row, uint32_t *out_col, int32_t *out_score);
TttStatus ttt_game_optimal_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_forced_winner_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_player);
TttStatus ttt_game_optimal_moves_within(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint32_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_search(const TttGame *game, uint64_t max_nodes, uint32_t max_millis, uint64_t seed, uint32_t *out_row, uint32_t *out_col);
TttStatus ttt_game_ai_move(const TttGame *game, uint32_t level, uint64_t seed, uint32_t *out_row, uint32_t *out_col);
TttStatus ttt_game_threat_win(const TttGame *game, uint64_t max_nodes, uint32_t *out_row, uint32_t *out_col, uint32_t *out_plies);
TttStatus ttt_game_new(uint32_t rows, uint32_t cols, uint32_t k, TttGame **out_game);
TttStatus ttt_tictactoe_new(uint32_t n, TttGame **out_game);
void ttt_game_free(TttGame *game);
TttStatus ttt_game_clone(const TttGame *game, TttGame **out_game);
TttStatus ttt_game_reset(TttGame *game);
TttStatus ttt_game_move(TttGame *game, uint32_t row, uint32_t col, uint32_t player, uint32_t *out_winner);
TttStatus ttt_game_play(TttGame *game, uint32_t row, uint32_t col, TttResult *out_result);
TttStatus ttt_game_undo(TttGame *game);
TttStatus ttt_game_redo(TttGame *game);
TttStatus ttt_game_size(const TttGame *game, uint32_t *out_rows, uint32_t *out_cols, uint32_t *out_k);
TttStatus ttt_game_to_move(const TttGame *game, uint32_t *out_player);
TttStatus ttt_game_first_player(const TttGame *game, uint32_t *out_player);
TttStatus ttt_game_result(const TttGame *game, TttResult *out_result);
TttStatus ttt_game_cell(const TttGame *game, uint32_t row, uint32_t col, uint32_t *out_player);
TttStatus ttt_game_move_count(const TttGame *game, size_t *out_count);
TttStatus ttt_game_cells(const TttGame *game, uint8_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_legal_moves(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_winning_line(const TttGame *game, uint32_t *out_cells, size_t capacity, size_t *out_count);
TttStatus ttt_game_to_text(const TttGame *game, char *out_text, size_t capacity, size_t *out_len);
TttStatus ttt_game_from_text(const char *text, size_t len, TttGame **out_game);
TttStatus ttt_judge(const uint32_t *moves, size_t move_count, uint32_t rows, uint32_t cols, uint32_t k, TttResult *out_result);
TttStatus ttt_judge_ex(const uint32_t *moves, size_t move_count, uint32_t rows, uint32_t cols, uint32_t k, TttResult *out_result, size_t *out_bad_index);
TttStatus ttt_find_winner(const uint32_t *moves, size_t move_count, const char **out_answer);
TttStatus ttt_validate(const char *board, size_t board_len, uint32_t rows, uint32_t cols, uint32_t k, TttVerdict *out_verdict);
TttStatus ttt_validate_rows(const char *const *board_rows, size_t row_count, uint32_t k, TttVerdict *out_verdict);
const char *ttt_status_str(TttStatus status);
TttStatus ttt_batch_new(uint32_t rows, uint32_t cols, uint32_t k, size_t count, uint64_t seed, TttBatch **out_batch);
void ttt_batch_free(TttBatch *batch);
TttStatus ttt_batch_reset(TttBatch *batch);
TttStatus ttt_batch_set_threads(TttBatch *batch, uint32_t threads);
TttStatus ttt_batch_step(TttBatch *batch, const uint32_t *actions, size_t count, uint8_t *out_results, size_t *out_bad_index);
TttStatus ttt_batch_observe(const TttBatch *batch, uint8_t *out_planes, size_t capacity);
TttStatus ttt_batch_legal_mask(const TttBatch *batch, uint8_t *out_mask, size_t capacity);
TttStatus ttt_batch_random_moves(TttBatch *batch, uint64_t moves_per_game, uint32_t threads, TttBatchStats *out_stats);
TttStatus ttt_batch_game(const TttBatch *batch, size_t index, TttGame **out_game);
]]
ffi.cdef(M.CDEF)

-- Name <-> number tables read from the enums above (one source of truth), e.g.
-- M.status.CELL_OCCUPIED == 4 and M.status[4] == "CELL_OCCUPIED".
local function enum_table(name)
  local t = {}
  local values = M.CDEF:match("enum (%b{});\ntypedef uint32_t " .. name .. ";")
  for key, value in values:gmatch("TTT_([%w_]+) = (%d+)") do
    t[key], t[tonumber(value)] = tonumber(value), key
  end
  return t
end
M.status = enum_table("TttStatus")
M.result = enum_table("TttResult")
M.verdict = enum_table("TttVerdict")

-- Difficulty levels of Game:ai_move, the header's TTT_LEVEL_* (#defines, so not in the cdef;
-- test.lua checks them against the header).
M.level = { RANDOM = 0, EASY = 1, MEDIUM = 2, HARD = 3, PERFECT = 4 }

-- The library is opened on first use, so that M.load(path) can pick another file first.
-- Default: $TICTACTOE_LIB if set, else the library the LuaRocks rock installs with this module
-- (tictactoe/libtictactoe.so on package.cpath), else "tictactoe" (libtictactoe.so on the
-- system loader's path).
local function default_library()
  local rock = package.searchpath and package.searchpath("tictactoe.libtictactoe", package.cpath)
  return os.getenv("TICTACTOE_LIB") or rock or "tictactoe"
end
local C
C = setmetatable({}, { __index = function(_, name)
  C = ffi.load(default_library())
  return C[name]
end })

-- Opens the shared library at `path` (e.g. "./libtictactoe.so"); call before any other use.
function M.load(path)
  C = ffi.load(path)
  return M
end

------------------------------------------------------------------------------------------------
-- Errors. A status from the library is raised as a table with metatable M.Error:
--   { status = 4, name = "CELL_OCCUPIED", message = "cell occupied", index = <judge only>,
--     game = <Batch:step only: the first bad game, from 0>,
--     detail = <optional: what the binding found, for a status it raises itself> }
-- Misuse caught before C is reached (wrong type, out-of-range number, closed game) is raised as
-- a plain string, like Lua's own "bad argument" errors.
M.Error = {}
M.Error.__tostring = function(e)
  local at = e.index and (" at move " .. e.index) or ""
  local detail = e.detail and (": " .. e.detail) or ""
  return ("tictactoe: %s%s%s (%s)"):format(e.message, at, detail, e.name)
end

local function new_error(status, index, detail)
  return setmetatable({
    status = status,
    name = M.status[status] or "UNKNOWN",
    message = ffi.string(C.ttt_status_str(status)),
    index = index,
    detail = detail,
  }, M.Error)
end

local function raise(status, index, detail) error(new_error(status, index, detail)) end

local function check(status)
  if status ~= 0 then raise(status) end
end

local function argerror(n, fname, msg)
  error(("bad argument #%d to '%s' (%s)"):format(n, fname, msg), 0)
end

-- Every number handed to C as uint32_t passes here: no silent truncation or wraparound.
local function u32(v, n, fname)
  if type(v) ~= "number" then
    argerror(n, fname, "integer expected, got " .. type(v))
  elseif v ~= math.floor(v) then
    argerror(n, fname, "integer expected, got " .. tostring(v))
  elseif v < 0 or v > 0xFFFFFFFF then
    argerror(n, fname, tostring(v) .. " out of range [0, 4294967295]")
  end
  return v
end

-- A uint64_t argument: an integer Lua number up to 2^53 (beyond that a double is not exact), or
-- a uint64_t cdata (e.g. 0xFFFFFFFFFFFFFFFFULL) for the full range.
local function u64(v, n, fname)
  if ffi.istype("uint64_t", v) then return v end
  if type(v) ~= "number" then
    argerror(n, fname, "integer or uint64_t expected, got " .. type(v))
  elseif v ~= math.floor(v) then
    argerror(n, fname, "integer expected, got " .. tostring(v))
  elseif v < 0 or v > 2 ^ 53 then
    argerror(n, fname, tostring(v) .. " out of range [0, 2^53] (pass a uint64_t cdata beyond)")
  end
  return v
end

------------------------------------------------------------------------------------------------
-- Scratch out-parameters, reused: a game is single-threaded and LuaJIT runs one Lua thread.
local out_u32 = ffi.new("uint32_t[3]")
local out_size = ffi.new("size_t[1]")
local out_i32 = ffi.new("int32_t[1]")
local out_game = ffi.new("TttGame *[1]")

local RESULT = { [0] = "Pending", "A", "B", "Draw" }
local WINNER = { [0] = 0, 1, 2, 0 } -- result -> winning player

-- Counts native frees so the tests can prove each game is freed exactly once.
local frees = 0
local function free_game(ptr)
  frees = frees + 1
  C.ttt_game_free(ptr)
end
function M._native_frees() return frees end

local Game = {}
Game.__index = Game
M.Game = Game

-- Takes ownership of the game just written to out_game: the GC frees it unless close() did.
local function adopt(status)
  check(status)
  local ptr = ffi.gc(out_game[0], free_game)
  check(C.ttt_game_size(ptr, out_u32, out_u32 + 1, out_u32 + 2))
  local rows, cols, k = out_u32[0], out_u32[1], out_u32[2]
  -- rows, cols and k are for reading; the binding itself uses its own copy in `_size`, so
  -- writing to the fields cannot make it decode cells wrongly.
  return setmetatable({ ptr = ptr, rows = rows, cols = cols, k = k, _size = { rows, cols, k } }, Game)
end

-- ttt.Game() is 3,3,3; otherwise rows, cols and k are all required.
setmetatable(Game, { __call = function(_, rows, cols, k)
  if rows == nil and cols == nil and k == nil then rows, cols, k = 3, 3, 3 end
  u32(rows, 1, "Game"); u32(cols, 2, "Game"); u32(k, 3, "Game")
  local status = C.ttt_game_new(rows, cols, k, out_game)
  if status ~= 0 then
    raise(status, nil, ("a %dx%d board with k = %d"):format(rows, cols, k))
  end
  return adopt(status)
end })

-- "Design Tic-Tac-Toe": an n x n board, n in a row wins.
function M.tictactoe(n)
  return adopt(C.ttt_tictactoe_new(u32(n, 1, "tictactoe"), out_game))
end

-- A game from Game:to_text()'s format, e.g. "3,3,3:X.O/.X./...:O".
function M.from_text(text)
  if type(text) ~= "string" then argerror(1, "from_text", "string expected, got " .. type(text)) end
  return adopt(C.ttt_game_from_text(text, #text, out_game))
end

local function handle(self)
  local ptr = self.ptr
  if ptr == nil then error("tictactoe: the game is closed", 0) end
  return ptr
end

-- Frees the native game now (idempotent). Any later use raises an error.
function Game:close()
  local ptr = self.ptr
  if ptr ~= nil then
    self.ptr = nil
    ffi.gc(ptr, nil) -- disarm the finalizer, so the free below is the only one
    free_game(ptr)
  end
end

function Game:is_closed() return self.ptr == nil end

function Game:clone()
  return adopt(C.ttt_game_clone(handle(self), out_game))
end

-- Raises a failed move's, play's or cell read's status with a detail naming the cell or the
-- player at fault, as the other bindings' errors do.
local function move_error(self, status, row, col, player)
  local s, detail = M.status, nil
  if status == s.OUT_OF_BOUNDS then
    detail = ("row %d, col %d is off the %dx%d board"):format(row, col, self._size[1], self._size[2])
  elseif status == s.CELL_OCCUPIED then
    detail = ("row %d, col %d is taken"):format(row, col)
  elseif status == s.WRONG_TURN then
    detail = ("it is not player %d's turn"):format(player)
  elseif status == s.INVALID_ARGUMENT and player then
    detail = ("player must be 1 or 2, not %d"):format(player)
  end
  raise(status, nil, detail)
end

-- "Design Tic-Tac-Toe": player (1 or 2) moves; returns the winner, 0 while nobody has won.
function Game:move(row, col, player)
  local ptr = handle(self)
  local status = C.ttt_game_move(ptr, u32(row, 1, "move"), u32(col, 2, "move"),
    u32(player, 3, "move"), out_u32)
  if status ~= 0 then move_error(self, status, row, col, player) end
  return out_u32[0]
end

-- The side to move plays; returns the result after the move: "Pending", "A", "B" or "Draw".
function Game:play(row, col)
  local ptr = handle(self)
  local status = C.ttt_game_play(ptr, u32(row, 1, "play"), u32(col, 2, "play"), out_u32)
  if status ~= 0 then move_error(self, status, row, col) end
  return RESULT[out_u32[0]]
end

function Game:undo() check(C.ttt_game_undo(handle(self))) end
function Game:redo() check(C.ttt_game_redo(handle(self))) end
function Game:reset() check(C.ttt_game_reset(handle(self))) end

-- Calls a read-only C getter that has one uint32_t out-parameter.
local function get_u32(self, fn)
  check(fn(handle(self), out_u32))
  return out_u32[0]
end

function Game:result() return RESULT[get_u32(self, C.ttt_game_result)] end
function Game:winner() return WINNER[get_u32(self, C.ttt_game_result)] end
function Game:to_move() return get_u32(self, C.ttt_game_to_move) end
function Game:first_player() return get_u32(self, C.ttt_game_first_player) end
function Game:size()
  handle(self)
  return self._size[1], self._size[2], self._size[3]
end

-- The stone on (row, col): 0 empty, 1 or 2.
function Game:cell(row, col)
  local ptr = handle(self)
  local status = C.ttt_game_cell(ptr, u32(row, 1, "cell"), u32(col, 2, "cell"), out_u32)
  if status ~= 0 then move_error(self, status, row, col) end
  return out_u32[0]
end

function Game:move_count()
  check(C.ttt_game_move_count(handle(self), out_size))
  return tonumber(out_size[0])
end

-- Runs a C "fill my buffer" function into a buffer of 64 elements, and when C reports that
-- too small, once more into one of the reported size (+ 1: room for to_text's NUL). One call
-- is the common case, which matters for optimal_moves: each call solves the position.
local GUESS = 64
local function fetch(ptr, fn, ctype)
  local buf = ffi.new(ctype, GUESS)
  local status = fn(ptr, buf, GUESS, out_size)
  if status == M.status.BUFFER_TOO_SMALL then
    local size = tonumber(out_size[0]) + 1
    buf = ffi.new(ctype, size)
    status = fn(ptr, buf, size, out_size)
  end
  check(status)
  return buf, tonumber(out_size[0])
end

-- The board, row-major: t[row * cols + col + 1] is 0, 1 or 2.
function Game:cells()
  local buf, n = fetch(handle(self), C.ttt_game_cells, "uint8_t[?]")
  local t = {}
  for i = 0, n - 1 do t[i + 1] = buf[i] end
  return t
end

-- A cell list from C as a Lua array of {row, col} pairs.
local function cell_pairs(self, fn)
  local buf, n = fetch(handle(self), fn, "uint32_t[?]")
  local cols, t = self._size[2], {}
  for i = 0, n - 1 do t[i + 1] = { math.floor(buf[i] / cols), buf[i] % cols } end
  return t
end

function Game:moves() return cell_pairs(self, C.ttt_game_moves) end
function Game:legal_moves() return cell_pairs(self, C.ttt_game_legal_moves) end
function Game:winning_line() return cell_pairs(self, C.ttt_game_winning_line) end

-- The position's value as proof trees in text that a checker verifies with the rules alone
-- (docs/ai.md, "Certificates"), of at most `max_nodes` nodes: TOO_HARD when more are needed.
function Game:certificate(max_nodes)
  local nodes = u64(max_nodes, 1, "certificate")
  local buf, n = fetch(handle(self), function(ptr, b, capacity, out_len)
    return C.ttt_game_certificate(ptr, nodes, b, capacity, out_len)
  end, "char[?]")
  return ffi.string(buf, n)
end

-- The game as text ("3,3,3:X.O/.X./...:O"); M.from_text reads it back.
function Game:to_text()
  local buf, n = fetch(handle(self), C.ttt_game_to_text, "char[?]")
  return ffi.string(buf, n)
end

-- A budget table {max_nodes = N, max_millis = M} as max_nodes, max_millis for C (each 0 when
-- missing; C refuses both 0 with INVALID_ARGUMENT). `fname` names the method in errors.
local function budget(opts, fname)
  if type(opts) ~= "table" then argerror(1, fname, "table expected, got " .. type(opts)) end
  return u64(opts.max_nodes or 0, 1, fname), u32(opts.max_millis or 0, 1, fname)
end

-- Perfect play: row, col, score for the side to move. score 0: a draw with best play; +N: the
-- side to move wins, the game ending N plies from now (this move counts as 1); -N: it loses
-- N plies from now. Raises TOO_HARD when the position is too big to solve exactly.
-- `opts` = {max_nodes = N, max_millis = M} (each 0 by default, at least one non-zero) solves
-- under that budget instead of the library's default one: TOO_HARD when it runs out. With
-- `threads = T` too (0: one per core) the position's moves are solved on T threads drawing on
-- that one budget: the same score, and a move with that score.
function Game:best_move(opts)
  local ptr = handle(self)
  local status
  if opts == nil then
    status = C.ttt_game_best_move(ptr, out_u32, out_u32 + 1, out_i32)
  elseif type(opts) == "table" and opts.threads ~= nil then
    local nodes, millis = budget(opts, "best_move")
    local threads = u32(opts.threads, 1, "best_move")
    status = C.ttt_game_best_move_threads(ptr, nodes, millis, threads, out_u32, out_u32 + 1, out_i32)
  else
    local nodes, millis = budget(opts, "best_move")
    status = C.ttt_game_best_move_within(ptr, nodes, millis, out_u32, out_u32 + 1, out_i32)
  end
  check(status)
  return out_u32[0], out_u32[1], out_i32[0]
end

-- Who wins with perfect play, without how fast: the player (1 or 2) who wins against any
-- defence, or 0 for a draw. `opts` = {max_nodes = N, max_millis = M} as for best_move (each 0
-- by default, at least one non-zero), one budget shared by the two proofs it may take:
-- TOO_HARD when it runs out. It reaches further than best_move, which must also find the
-- fastest win.
function Game:forced_winner_within(opts)
  local ptr = handle(self)
  local nodes, millis = budget(opts, "forced_winner_within")
  check(C.ttt_game_forced_winner_within(ptr, nodes, millis, out_u32))
  return out_u32[0]
end

-- Every move that keeps the position's value, as {row, col} pairs in row-major order.
-- `opts` as for best_move.
function Game:optimal_moves(opts)
  if opts == nil then return cell_pairs(self, C.ttt_game_optimal_moves) end
  handle(self)
  local nodes, millis = budget(opts, "optimal_moves")
  return cell_pairs(self, function(ptr, buf, capacity, out_count)
    return C.ttt_game_optimal_moves_within(ptr, nodes, millis, buf, capacity, out_count)
  end)
end

-- A strong move under a budget, on any board: row, col. `opts` = {max_nodes = N,
-- max_millis = M, seed = S}, each 0 by default; at least one limit must be non-zero. With a node
-- budget only, the same game, max_nodes and seed always give the same move.
function Game:search(opts)
  local ptr = handle(self)
  opts = opts or {}
  local nodes, millis = budget(opts, "search")
  check(C.ttt_game_search(ptr, nodes, millis, u64(opts.seed or 0, 1, "search"),
    out_u32, out_u32 + 1))
  return out_u32[0], out_u32[1]
end

-- A move at a difficulty level (ttt.level.RANDOM .. ttt.level.PERFECT): row, col. The same
-- game, level and seed (default 0) always give the same move.
function Game:ai_move(level, seed)
  local ptr = handle(self)
  check(C.ttt_game_ai_move(ptr, u32(level, 1, "ai_move"), u64(seed or 0, 2, "ai_move"),
    out_u32, out_u32 + 1))
  return out_u32[0], out_u32[1]
end

-- A forced win for the side to move by threats (continuous fours, or fours and threes), found
-- within `max_nodes` search nodes and proved against every defence: row, col, plies (the plies
-- until the winning stone, this move counting 1); nil when none was found, which does not mean
-- there is no win. The same game and budget give the same answer.
function Game:threat_win(max_nodes)
  local ptr = handle(self)
  local status = C.ttt_game_threat_win(ptr, u64(max_nodes, 1, "threat_win"), out_u32, out_u32 + 1,
    out_u32 + 2)
  if status == C.TTT_TOO_HARD then return nil end
  check(status)
  return out_u32[0], out_u32[1], out_u32[2]
end

function Game:__tostring()
  if self.ptr == nil then return "tictactoe.Game(closed)" end
  return "tictactoe.Game(" .. self:to_text() .. ")"
end

------------------------------------------------------------------------------------------------
-- Batch: `count` games of one shape stepped together, for self-play and training. Every game is
-- always in progress: a move that ends one reports its result and empties it (auto-reset).
-- Games are numbered from 0, like the cdata buffers that hold their actions, results, planes
-- and masks (game i's action is actions[i]). Not for two coroutines at once mid-call (LuaJIT
-- runs one at a time, so that cannot happen); random_moves starts threads of its own in C.

local Batch = {}
Batch.__index = Batch
M.Batch = Batch

local batch_frees = 0
local function free_batch(ptr)
  batch_frees = batch_frees + 1
  C.ttt_batch_free(ptr)
end
function M._native_batch_frees() return batch_frees end

local out_batch = ffi.new("TttBatch *[1]")
local out_stats = ffi.new("TttBatchStats[1]")

-- ttt.Batch(count, rows, cols, k, seed): rows, cols and k default to 3 and seed to 0 (only nil
-- means the default). `seed` seeds random_moves; an integer up to 2^53 or a uint64_t cdata.
setmetatable(Batch, { __call = function(_, count, rows, cols, k, seed)
  if rows == nil then rows = 3 end
  if cols == nil then cols = 3 end
  if k == nil then k = 3 end
  local n = u64(count, 1, "Batch")
  u32(rows, 2, "Batch"); u32(cols, 3, "Batch"); u32(k, 4, "Batch")
  local status = C.ttt_batch_new(rows, cols, k, n, u64(seed or 0, 5, "Batch"), out_batch)
  if status ~= 0 then
    raise(status, nil, ("%s games of %dx%d with k = %d"):format(tostring(count), rows, cols, k))
  end
  local cells = rows * cols
  return setmetatable({
    ptr = ffi.gc(out_batch[0], free_batch), count = tonumber(n), rows = rows, cols = cols, k = k,
    _n = tonumber(n), _cells = cells,
    _results = ffi.new("uint8_t[?]", tonumber(n)), _bad = ffi.new("size_t[1]"),
  }, Batch)
end })

local function batch_handle(self)
  local ptr = self.ptr
  if ptr == nil then error("tictactoe: the batch is closed", 0) end
  return ptr
end

-- Frees the native batch now (idempotent). Any later use raises an error.
function Batch:close()
  local ptr = self.ptr
  if ptr ~= nil then
    self.ptr = nil
    ffi.gc(ptr, nil)
    free_batch(ptr)
  end
end

function Batch:is_closed() return self.ptr == nil end
function Batch:__tostring()
  return ("tictactoe.Batch(%d x %d,%d,%d%s)"):format(self._n, self.rows, self.cols, self.k,
    self.ptr == nil and ", closed" or "")
end

-- Puts every game back to the empty board (the random generator goes on).
function Batch:reset() check(C.ttt_batch_reset(batch_handle(self))) end

-- The most threads step, observe and legal_mask run on: 1 (the default) the calling thread, 0
-- one per core. A call splits only from 2^22 cells (games times cells) a thread, and gives the
-- same results whatever the setting; its threads end before it returns. Under load a split call
-- can wait for its threads longer than one thread would take.
function Batch:set_threads(threads)
  check(C.ttt_batch_set_threads(batch_handle(self), u32(threads, 1, "set_threads")))
end

-- A cdata array whose element type is `ctype` ("unsigned int" or "unsigned char"), holding at
-- least `need` elements; else a Lua error naming argument `n` of `fname`. ffi.typeof's name is
-- the one reflection LuaJIT offers: a pointer would carry no length to check.
local function array_arg(v, ctype, size, need, n, fname)
  local ok = type(v) == "cdata" and tostring(ffi.typeof(v)):match("^ctype<" .. ctype .. " %[%d*%??%]>$")
  if not ok then argerror(n, fname, ctype .. " array expected, got " .. tostring(v)) end
  if ffi.sizeof(v) < need * size then
    argerror(n, fname, ("%d elements needed, the array holds %d"):format(need, ffi.sizeof(v) / size))
  end
  return v
end

-- A fresh uint32_t[count] for step's actions (zeroed).
function Batch:actions() return ffi.new("uint32_t[?]", self._n) end

-- One move in every game: actions[i] (a cell, row * cols + col) in game i, for i from 0.
-- `actions` is a uint32_t array of at least `count` elements, or a Lua list of `count` cells
-- (its entry t[i + 1] for game i). Returns a uint8_t[count] of results (ttt.result.PENDING,
-- A_WINS, B_WINS, DRAW), written into `results` when given, else into a buffer the batch
-- reuses at each step. If any action is illegal, no game changes and an M.Error is raised with
-- `game` = the first bad game (from 0), OUT_OF_BOUNDS or CELL_OCCUPIED.
function Batch:step(actions, results)
  local ptr, n = batch_handle(self), self._n
  if type(actions) == "table" then
    if #actions ~= n then argerror(1, "step", ("%d actions expected, got %d"):format(n, #actions)) end
    local buf = ffi.new("uint32_t[?]", n)
    for i = 1, n do buf[i - 1] = u32(actions[i], 1, "step") end
    actions = buf
  else
    array_arg(actions, "unsigned int", 4, n, 1, "step")
  end
  results = results and array_arg(results, "unsigned char", 1, n, 2, "step") or self._results
  local status = C.ttt_batch_step(ptr, actions, n, results, self._bad)
  if status == M.status.OUT_OF_BOUNDS or status == M.status.CELL_OCCUPIED then
    local game = tonumber(self._bad[0])
    local e = new_error(status, nil, ("game %d, action %d"):format(game, actions[game]))
    e.game = game
    error(e)
  end
  check(status)
  return results
end

-- Writes a uint8_t buffer with C function `fn`: into `out` (checked to hold `need` bytes), else
-- into a new uint8_t array. Returns the buffer.
local function fill(self, fn, out, need, fname)
  local ptr = batch_handle(self)
  out = out and array_arg(out, "unsigned char", 1, need, 1, fname) or ffi.new("uint8_t[?]", need)
  check(fn(ptr, out, ffi.sizeof(out)))
  return out
end

-- Every game's observation planes, uint8_t, C order [count][2][rows][cols]: plane 0 the side to
-- move's stones, plane 1 the opponent's (1 where a stone is). Into `out` when given (reuse one
-- buffer in a loop), else a new array.
function Batch:observe(out)
  return fill(self, C.ttt_batch_observe, out, 2 * self._n * self._cells, "observe")
end

-- Every game's legal-move mask, uint8_t [count][rows * cols], 1 where the cell is empty. Into
-- `out` when given, else a new array.
function Batch:legal_mask(out)
  return fill(self, C.ttt_batch_legal_mask, out, self._n * self._cells, "legal_mask")
end

-- Random self-play: `moves_per_game` uniformly random legal moves in every game (a game that
-- ends starts again), on `threads` threads (default 0: one per core). Returns
-- {moves, a_wins, b_wins, draws} as numbers. The same seed, count and calls give the same games
-- whatever `threads` is.
function Batch:random_moves(moves_per_game, threads)
  local ptr = batch_handle(self)
  local m = u64(moves_per_game, 1, "random_moves")
  local t = u32(threads or 0, 2, "random_moves")
  out_stats[0].moves, out_stats[0].a_wins, out_stats[0].b_wins, out_stats[0].draws = 0, 0, 0, 0
  check(C.ttt_batch_random_moves(ptr, m, t, out_stats))
  local s = out_stats[0]
  return { moves = tonumber(s.moves), a_wins = tonumber(s.a_wins), b_wins = tonumber(s.b_wins),
    draws = tonumber(s.draws) }
end

-- A copy of game i (from 0) as a Game: its stones and side to move, no move history.
function Batch:game(i)
  local ptr = batch_handle(self)
  return adopt(C.ttt_batch_game(ptr, u64(i, 1, "game"), out_game))
end

------------------------------------------------------------------------------------------------
-- Functions without a game.

function M.version() return ffi.string(C.ttt_version()) end

-- Flattens {{row, col}, ...} into a C array row0, col0, row1, col1, ... Every entry up to
-- #moves must be a pair: a hole or a {row, col, extra} is an error, not a silently wrong move
-- (a missing row or col is caught by u32 as nil).
-- A move's row or column. An integer that uint32_t cannot hold is a cell off every board, not
-- misuse: it goes to C as 0xFFFFFFFF (no side is that long), so that C judges the list in order
-- and the first bad move is the one reported, whatever comes after it.
local function coordinate(v, fname)
  if type(v) == "number" and v == math.floor(v) and math.abs(v) < math.huge
      and (v < 0 or v > 0xFFFFFFFF) then
    return 0xFFFFFFFF
  end
  return u32(v, 1, fname)
end

local function flat_moves(moves, fname)
  if type(moves) ~= "table" then argerror(1, fname, "table expected, got " .. type(moves)) end
  local n = #moves
  local buf = ffi.new("uint32_t[?]", 2 * n + 1)
  for i = 1, n do
    local m = moves[i]
    if type(m) ~= "table" or m[3] ~= nil then
      argerror(1, fname, "move " .. i .. " is not a {row, col} pair")
    end
    buf[2 * i - 2], buf[2 * i - 1] = coordinate(m[1], fname), coordinate(m[2], fname)
  end
  return buf, n
end

local function judge(fname, moves, rows, cols, k)
  local buf, n = flat_moves(moves, fname)
  -- Only nil means "the default": `false or 3` would turn a wrong argument into a 3.
  if rows == nil then rows = 3 end
  if cols == nil then cols = 3 end
  if k == nil then k = 3 end
  local status = C.ttt_judge_ex(buf, n, u32(rows, 2, fname), u32(cols, 3, fname),
    u32(k, 4, fname), out_u32, out_size)
  if status == M.status.OUT_OF_BOUNDS or status == M.status.CELL_OCCUPIED
      or status == M.status.GAME_OVER then
    local index = tonumber(out_size[0]) + 1
    local m = moves[index]
    raise(status, index, ("row %s, col %s on a %dx%d board"):format(
      tostring(m[1]), tostring(m[2]), rows, cols))
  end
  check(status)
  return RESULT[out_u32[0]]
end

-- "Find Winner": "A", "B", "Draw" or "Pending" for moves {{row, col}, ...}, A first.
-- A rule-breaking move raises an M.Error whose `index` is that move's position in `moves`.
function M.judge(moves, rows, cols, k) return judge("judge", moves, rows, cols, k) end

-- LeetCode 1275 on 3 x 3: judge() on the classic board (ttt_judge_ex rather than
-- ttt_find_winner, so that a bad move's error carries its `index` here too).
function M.find_winner(moves) return judge("find_winner", moves) end

-- Rows are measured in characters (UTF-8 lead bytes), as a reader counts them: C sees "é.." as
-- four bytes, but the fault is the 'é'.
local function chars(s) return select(2, s:gsub("[^\128-\191]", "")) end

-- The first character of the board that is not a cell, as "row R, col C is 'Q': ...".
local function bad_cell(board)
  for r, row in ipairs(board) do
    local at = row:find("[^XO .]")
    if at then
      local char = row:match("^[\192-\247][\128-\191]*", at) or row:sub(at, at)
      return ("row %d, col %d is %q: a cell is 'X', 'O', ' ' or '.'"):format(
        r - 1, chars(row:sub(1, at - 1)), char)
    end
  end
end

-- What was wrong with a board `validate` refused: its shape, k, or the first character that is
-- not a cell (nil when the status says it all).
local function shape_detail(status, board, k)
  local n, cols, ragged = #board, chars(board[1] or ""), false
  for i = 2, n do ragged = ragged or chars(board[i]) ~= cols end
  -- A bad character first: "XOX\r" in a CRLF board would otherwise read as ragged.
  if status == M.status.PARSE_ERROR then return bad_cell(board) or (ragged and "rows of unequal length" or nil) end
  if status ~= M.status.INVALID_ARGUMENT then return nil end
  local shape = n .. "x" .. cols
  if n == 0 or cols == 0 then return "an empty board (" .. shape .. ")" end
  if k == nil and n ~= cols then return "k = nil means k = rows = cols, but the board is " .. shape .. ": pass k" end
  return ("k = %d is more than the %s board's longest side"):format(k or 0, shape)
end

-- Returns valid (boolean), reason (string, nil when valid), code (M.verdict number).
local function verdict(status, out)
  check(status)
  local code = out[0]
  if code == 0 then return true, nil, 0 end
  return false, ffi.string(C.ttt_verdict_str(code)), code
end

-- A string board as a list of rows: split on '/' and '\n' (separators at either end make no
-- row, so a [[long string]] board may start and end with a newline; an empty row inside stays,
-- and C rejects it as a row of the wrong length), or, with no separator, cut into a square.
local function board_rows(board)
  if not board:find("[/\n]") then
    local side = math.floor(math.sqrt(#board) + 0.5)
    if side * side ~= #board then
      raise(M.status.PARSE_ERROR, nil, ("an unsplit board of %d cells is not square"):format(#board))
    end
    local rows = {}
    for i = 1, #board, math.max(side, 1) do rows[#rows + 1] = board:sub(i, i + side - 1) end
    return rows
  end
  local rows = {}
  local trimmed = board:gsub("^[/\n]+", ""):gsub("[/\n]+$", "")
  for row in (trimmed .. "/"):gmatch("([^/\n]*)[/\n]") do rows[#rows + 1] = row end
  return rows
end

-- "Valid State": is the board reachable in a legal game (X first)? `board` is a table of row
-- strings (LeetCode's form) or one string with rows split by '/' or '\n' (an unsplit string
-- must be square). k = nil means k = rows = cols, an INVALID_ARGUMENT error for a non-square
-- board; an explicit k must be at least 1. Cells: 'X', 'O', and ' ' or '.' for empty. Both
-- forms go to ttt_validate_rows, which rejects rows of unequal length.
function M.validate(board, k)
  if k ~= nil then
    u32(k, 2, "validate")
    -- C spells "k = rows = cols" as k = 0, so an explicit 0 must not reach it.
    if k == 0 then raise(M.status.INVALID_ARGUMENT, nil, "k = 0 (nil means k = rows = cols)") end
  end
  if type(board) == "string" then
    board = board_rows(board)
  elseif type(board) ~= "table" then
    argerror(1, "validate", "table or string expected, got " .. type(board))
  end
  local n = #board
  local rows = ffi.new("const char *[?]", n + 1)
  for i = 1, n do
    local row = board[i]
    if type(row) ~= "string" then argerror(1, "validate", "row " .. i .. " is not a string") end
    -- C reads each row up to its NUL: a NUL inside would silently cut the row short.
    if row:find("\0", 1, true) then
      raise(M.status.PARSE_ERROR, nil, "row " .. i .. " contains a NUL byte")
    end
    rows[i - 1] = row -- `board` keeps the strings alive during the call
  end
  local out = ffi.new("TttVerdict[1]")
  local status = C.ttt_validate_rows(rows, n, k or 0, out)
  if status ~= 0 then raise(status, nil, shape_detail(status, board, k)) end
  return verdict(status, out)
end

function M.result_str(result) return ffi.string(C.ttt_result_str(u32(result, 1, "result_str"))) end
function M.verdict_str(v) return ffi.string(C.ttt_verdict_str(u32(v, 1, "verdict_str"))) end
function M.status_str(s) return ffi.string(C.ttt_status_str(u32(s, 1, "status_str"))) end

return M
