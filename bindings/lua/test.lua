-- Tests of tictactoe.lua, run by test.sh: luajit test.lua path/to/tictactoe.h
-- The library comes from $TICTACTOE_LIB. Expected values are written by hand (the seed
-- exercises' examples and positions worked out on paper), never computed by the library.
local ttt = require("tictactoe")
local ffi = require("ffi")
local function ffi_new_u8(n) return ffi.new("uint8_t[?]", n) end
local function ffi_new_u32(n) return ffi.new("uint32_t[?]", n) end
local header_path = assert(arg[1], "usage: luajit test.lua path/to/tictactoe.h")

local tests = {}
local function test(name, fn) tests[#tests + 1] = { name = name, fn = fn } end

local function eq(got, want, what)
  if got ~= want then
    error(("%s: got %s, want %s"):format(what or "value", tostring(got), tostring(want)), 2)
  end
end

-- Deep equality of nested tables of numbers/strings, for lists like {{0, 1}, {2, 2}}.
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  if #a ~= #b then return false end
  for i = 1, #a do if not same(a[i], b[i]) then return false end end
  return true
end
local function show(t)
  if type(t) ~= "table" then return tostring(t) end
  local parts = {}
  for i = 1, #t do parts[i] = show(t[i]) end
  return "{" .. table.concat(parts, ",") .. "}"
end
local function eq_list(got, want, what)
  if not same(got, want) then
    error(("%s: got %s, want %s"):format(what or "list", show(got), show(want)), 2)
  end
end

-- Asserts that fn(...) raises the library status `name`; returns the error object.
local function raises_status(name, fn, ...)
  local ok, e = pcall(fn, ...)
  assert(not ok, "expected status " .. name .. ", got success")
  assert(getmetatable(e) == ttt.Error, "expected a tictactoe.Error, got " .. tostring(e))
  eq(e.name, name, "status name")
  eq(e.status, ttt.status[name], "status number")
  return e
end

-- Asserts that fn(...) raises a plain string error containing `needle`.
local function raises_message(needle, fn, ...)
  local ok, e = pcall(fn, ...)
  assert(not ok, "expected an error mentioning " .. needle)
  assert(type(e) == "string", "expected a string error, got " .. tostring(e))
  assert(e:find(needle, 1, true), ("error %q does not mention %q"):format(e, needle))
end

------------------------------------------------------------------------------------------------
-- The cdef is the header as C sees it (minus comments, preprocessor lines and C++-only parts),
-- statement for statement.

local function declarations(text)
  text = text:gsub("/%*.-%*/", ""):gsub("//[^\n]*", "")
  -- What C sees: the #else branch of `#ifdef __cplusplus`, nothing of its C++-only branch.
  local kept, cpp_only, in_cpp = {}, false, false
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    if line:match("^#ifdef __cplusplus") then in_cpp, cpp_only = true, true
    elseif in_cpp and line:match("^#else") then cpp_only = false
    elseif in_cpp and line:match("^#endif") then in_cpp, cpp_only = false, false
    elseif not cpp_only and not line:match("^%s*#") then kept[#kept + 1] = line
    end
  end
  text = table.concat(kept, "\n")
  local set = {}
  for stmt in text:gmatch("[^;]+") do
    stmt = stmt:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")
    if stmt ~= "" then set[stmt] = true end
  end
  return set
end

test("cdef declares exactly what the header declares", function()
  local f = assert(io.open(header_path))
  local header = declarations(f:read("*a"))
  f:close()
  local cdef = declarations(ttt.CDEF)
  for d in pairs(header) do assert(cdef[d], "missing from tictactoe.lua's cdef: " .. d) end
  for d in pairs(cdef) do assert(header[d], "not in the header (stale cdef?): " .. d) end
  assert(header["void ttt_game_free(TttGame *game)"], "the header parser found no functions")
end)

test("difficulty levels match the header's TTT_LEVEL_* defines", function()
  local f = assert(io.open(header_path))
  local header = f:read("*a")
  f:close()
  local n = 0
  for name, value in header:gmatch("#define TTT_LEVEL_([%w_]+) (%d+)") do
    eq(ttt.level[name], tonumber(value), "level " .. name)
    n = n + 1
  end
  local mine = 0
  for _ in pairs(ttt.level) do mine = mine + 1 end
  eq(mine, n, "number of levels")
  assert(n >= 2, "no levels found in the header")
end)

test("version matches the header", function()
  local f = assert(io.open(header_path))
  local want = f:read("*a"):match('#define TTT_VERSION_STRING "([^"]+)"')
  f:close()
  eq(ttt.version(), want, "version")
end)

------------------------------------------------------------------------------------------------
-- The seed exercises.

test("Find Winner examples", function()
  local cases = {
    { { { 0, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, "A" },
    { { { 0, 0 }, { 1, 1 }, { 0, 1 }, { 0, 2 }, { 1, 0 }, { 2, 0 } }, "B" },
    { { { 0, 0 }, { 1, 1 }, { 2, 0 }, { 1, 0 }, { 1, 2 }, { 2, 1 }, { 0, 1 }, { 0, 2 }, { 2, 2 } },
      "Draw" },
    { { { 0, 0 }, { 1, 1 } }, "Pending" },
  }
  for i, c in ipairs(cases) do
    eq(ttt.judge(c[1]), c[2], "judge example " .. i)
    eq(ttt.find_winner(c[1]), c[2], "find_winner example " .. i)
  end
end)

test("Valid State examples, as row lists and as strings", function()
  eq(ttt.validate({ "O  ", "   ", "   " }), false, "example 1")
  eq(ttt.validate({ "XOX", " X ", "   " }), false, "example 2")
  eq(ttt.validate({ "XOX", "O O", "XOX" }), true, "example 3")
  eq(ttt.validate("O        "), false, "example 1, unsplit")
  eq(ttt.validate("XOX/ X /   "), false, "example 2, '/'")
  eq(ttt.validate("XOX\nO O\nXOX\n"), true, "example 3, newlines")
end)

test("Design Tic-Tac-Toe example", function()
  local g = ttt.tictactoe(3)
  local moves = { { 0, 0, 1 }, { 0, 2, 2 }, { 2, 2, 1 }, { 1, 1, 2 }, { 2, 0, 1 }, { 1, 0, 2 },
    { 2, 1, 1 } }
  local want = { 0, 0, 0, 0, 0, 0, 1 }
  for i, m in ipairs(moves) do eq(g:move(m[1], m[2], m[3]), want[i], "move " .. i) end
  eq(g:result(), "A")
  eq(g:winner(), 1)
  eq(g:to_move(), 0, "nobody moves after the end")
  eq_list(g:winning_line(), { { 2, 0 }, { 2, 1 }, { 2, 2 } }, "winning line")
end)

------------------------------------------------------------------------------------------------
-- Validate reasons.

test("validate names the reason", function()
  local function reason(board, k)
    local ok, why, code = ttt.validate(board, k)
    eq(ok, false, board .. " valid?")
    assert(type(why) == "string" and #why > 0, "no reason for " .. board)
    return ttt.verdict[code]
  end
  eq(reason("O../.../..."), "TOO_MANY_O")
  eq(reason("XX./.../..."), "TOO_MANY_X")
  eq(reason("XXX/OOO/..."), "BOTH_WIN")
  eq(reason("XXX/OO./O.."), "X_WON_THEN_O_MOVED")
  eq(reason("OOO/XX./X.X"), "O_WON_THEN_X_MOVED")
  eq(reason("XXX./OO.O/O.O./XXX.", 3), "X_LINES_DISJOINT", "two separate X lines on 4x4, k=3")
  local ok, why, code = ttt.validate("XXX/OO./...")
  eq(ok, true); eq(why, nil); eq(code, 0)
  eq(ttt.validate({ "XO..", "...." }, 2), true, "non-square with k")
  eq(ttt.verdict_str(0) ~= ttt.verdict_str(3), true, "verdict_str distinguishes verdicts")
end)

test("validate errors", function()
  local e = raises_status("INVALID_ARGUMENT", ttt.validate, { "XO..", "...." })
  eq(e.detail, "k = nil means k = rows = cols, but the board is 2x4: pass k", "non-square detail")
  raises_status("INVALID_ARGUMENT", ttt.validate, "XO../....")
  e = raises_status("INVALID_ARGUMENT", ttt.validate, { "XO..", "...." }, 5)
  eq(e.detail, "k = 5 is more than the 2x4 board's longest side", "k detail")
  e = raises_status("INVALID_ARGUMENT", ttt.validate, {})
  eq(e.detail, "an empty board (0x0)", "empty detail")
  e = raises_status("PARSE_ERROR", ttt.validate, "XQX/.../...")
  eq(e.detail, [[row 0, col 1 is "Q": a cell is 'X', 'O', ' ' or '.']], "bad character detail")
  e = raises_status("PARSE_ERROR", ttt.validate, { "XOX", "..", "..." })
  eq(e.detail, "rows of unequal length", "ragged detail")
  -- Rows are measured in characters: C sees four bytes in "é..", but the fault is the 'é'.
  e = raises_status("PARSE_ERROR", ttt.validate, { "...", ".é.", "..." })
  eq(e.detail, [[row 1, col 1 is "é": a cell is 'X', 'O', ' ' or '.']], "non-ASCII detail")
  -- A bad character is named before the rows are compared: a CRLF board's '\r'.
  e = raises_status("PARSE_ERROR", ttt.validate, "XOX\r\nO O\r\nXOX")
  eq(e.detail, [[row 0, col 3 is "\13": a cell is 'X', 'O', ' ' or '.']], "CRLF detail (Lua's %q)")
  raises_message("table or string expected", ttt.validate, 42)
  raises_message("row 2 is not a string", ttt.validate, { "...", 7, "..." })
  raises_message("out of range", ttt.validate, "X........", -1)
end)

test("validate: a string board is split into rows, and ragged rows are an error", function()
  -- 2 + 3 + 1 cells is 6 = 3 x 2, but the rows differ in length: not a board.
  raises_status("PARSE_ERROR", ttt.validate, "XO/XOX/X", 2)
  raises_status("PARSE_ERROR", ttt.validate, "XOX//XOX")
  -- One row with a separator is a 1 x 3 board, not an unsplit square.
  eq(ttt.validate("XO./", 2), true, "1 x 3 board, one trailing separator")
  eq(ttt.validate("XOX/O O/XOX/"), true, "one trailing separator is tolerated")
  eq(ttt.validate("\nXOX\nO O\nXOX\n\n"), true, "separators at either end make no row")
  local _, _, code = ttt.validate("//OOO/XX./XX.")
  eq(code, 5, "a leading separator: O won, then X moved")
  eq(ttt.validate("X.O\n...\n.X.\n", 3), true, "newlines split rows too")
  local e = raises_status("PARSE_ERROR", ttt.validate, "XOX")
  assert(tostring(e):find("square", 1, true), tostring(e))
end)

test("validate: a NUL inside a row is a parse error, not a shorter row", function()
  raises_status("PARSE_ERROR", ttt.validate, { "X\0..", ".\0..", "O\0.." }, 1)
  raises_status("PARSE_ERROR", ttt.validate, "X\0./.../...")
end)

test("validate: k = 0 is an error (nil means k = rows = cols), for tables and strings", function()
  raises_status("INVALID_ARGUMENT", ttt.validate, { "XOX", "O O", "XOX" }, 0)
  raises_status("INVALID_ARGUMENT", ttt.validate, "XOX/O O/XOX", 0)
  eq(ttt.validate({ "XOX", "O O", "XOX" }, nil), true)
end)

test("validate: a hole in the row list is an argument error", function()
  local rows = { "XOX", "O O", "XOX" }
  rows[2] = nil
  if #rows == 3 then raises_message("row 2 is not a string", ttt.validate, rows) end
  raises_message("row 2 is not a string", ttt.validate, { "XOX", false, "XOX" })
end)

------------------------------------------------------------------------------------------------
-- Games.

test("play, undo, redo, reset and the getters", function()
  local g = ttt.Game(3, 4, 3)
  eq(select("#", g:size()), 3)
  local r, c, k = g:size()
  eq(r, 3); eq(c, 4); eq(k, 3)
  eq(g:to_move(), 1); eq(g:first_player(), 1); eq(g:result(), "Pending"); eq(g:move_count(), 0)
  eq(#g:legal_moves(), 12)
  eq(g:play(1, 3), "Pending")
  eq(g:play(0, 0), "Pending")
  eq(g:cell(1, 3), 1); eq(g:cell(0, 0), 2); eq(g:cell(2, 2), 0)
  eq_list(g:moves(), { { 1, 3 }, { 0, 0 } }, "moves")
  local cells = g:cells()
  eq(#cells, 12); eq(cells[1], 2); eq(cells[1 * 4 + 3 + 1], 1); eq(cells[2], 0)
  eq(#g:legal_moves(), 10)
  eq(g:to_text(), "3,4,3:O.../...X/....:X")
  g:undo()
  eq_list(g:moves(), { { 1, 3 } }, "after undo")
  eq(g:to_move(), 2)
  g:redo()
  eq_list(g:moves(), { { 1, 3 }, { 0, 0 } }, "after redo")
  g:reset()
  eq(g:move_count(), 0); eq(g:to_move(), 1)
  eq(r, 3)
end)

test("a won game: result, winner, winning line, game over", function()
  local g = ttt.Game()
  for _, m in ipairs({ { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 0 } }) do eq(g:play(m[1], m[2]), "Pending") end
  eq(g:play(2, 2), "A")
  eq(g:winner(), 1)
  eq_list(g:winning_line(), { { 0, 0 }, { 1, 1 }, { 2, 2 } })
  eq_list(g:legal_moves(), {})
  local before = g:to_text()
  raises_status("GAME_OVER", g.play, g, 0, 1)
  eq(g:to_text(), before, "unchanged after GAME_OVER")
end)

test("draw", function()
  local g = ttt.Game()
  local draw = { { 0, 0 }, { 1, 1 }, { 2, 0 }, { 1, 0 }, { 1, 2 }, { 2, 1 }, { 0, 1 }, { 0, 2 } }
  for _, m in ipairs(draw) do g:play(m[1], m[2]) end
  eq(g:play(2, 2), "Draw")
  eq(g:winner(), 0); eq(g:result(), "Draw"); eq_list(g:winning_line(), {})
end)

test("illegal moves raise their status and change nothing", function()
  local g = ttt.Game()
  g:move(1, 1, 1)
  local before = g:to_text()
  -- Each names the cell or the player at fault, as the other bindings' errors do.
  eq(raises_status("CELL_OCCUPIED", g.play, g, 1, 1).detail, "row 1, col 1 is taken")
  eq(raises_status("OUT_OF_BOUNDS", g.play, g, 3, 0).detail, "row 3, col 0 is off the 3x3 board")
  eq(raises_status("OUT_OF_BOUNDS", g.cell, g, 0, 3).detail, "row 0, col 3 is off the 3x3 board")
  eq(raises_status("WRONG_TURN", g.move, g, 0, 0, 1).detail, "it is not player 1's turn")
  eq(raises_status("INVALID_ARGUMENT", g.move, g, 0, 0, 3).detail, "player must be 1 or 2, not 3")
  eq(raises_status("INVALID_ARGUMENT", ttt.Game, 3, 3, 4).detail, "a 3x3 board with k = 4")
  raises_status("NOTHING_TO_REDO", g.redo, g)
  eq(g:to_text(), before)
  g:undo()
  raises_status("NOTHING_TO_UNDO", g.undo, g)
  local e = raises_status("CELL_OCCUPIED", ttt.judge, { { 0, 0 }, { 1, 1 }, { 0, 0 } })
  eq(e.index, 3, "index of the repeated move in the Lua list")
  assert(tostring(e):find("cell occupied", 1, true), tostring(e))
  eq(raises_status("OUT_OF_BOUNDS", ttt.judge, { { 5, 0 } }).index, 1)
  local won = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 }, { 2, 2 } }
  eq(raises_status("GAME_OVER", ttt.judge, won).index, 6)
end)

test("bad sizes", function()
  raises_status("INVALID_ARGUMENT", ttt.Game, 0, 3, 3)
  raises_status("INVALID_ARGUMENT", ttt.Game, 3, 3, 4)
  raises_status("TOO_LARGE", ttt.Game, 65536, 65536, 5)
  raises_status("INVALID_ARGUMENT", ttt.tictactoe, 0)
  raises_status("INVALID_ARGUMENT", ttt.judge, {}, 3, 3, 0)
end)

test("judge: each move is exactly a {row, col} pair", function()
  raises_message("move 1 is not a {row, col} pair", ttt.judge, { { 0, 0, 5 } })
  raises_message("integer expected, got nil", ttt.judge, { { 0 } })
  raises_message("move 2 is not a {row, col} pair", ttt.find_winner, { { 0, 0 }, { 1, 1, 1 } })
  local moves = { { 0, 0 }, { 1, 1 }, { 2, 2 } }
  moves[2] = nil
  if #moves == 3 then raises_message("move 2 is not a {row, col} pair", ttt.judge, moves) end
end)

test("find_winner reports the offending move like judge", function()
  eq(raises_status("CELL_OCCUPIED", ttt.find_winner, { { 0, 0 }, { 1, 1 }, { 0, 0 } }).index, 3)
  eq(raises_status("OUT_OF_BOUNDS", ttt.find_winner, { { 3, 0 } }).index, 1)
end)

test("judge on other boards", function()
  eq(ttt.judge({ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 } }, 2, 5, 3), "A")
  eq(ttt.judge({}, 15, 15, 5), "Pending")
  eq(ttt.judge({ { 0, 0 }, { 0, 1 } }, 1, 2, 2), "Draw")
end)

test("clone is independent", function()
  local g = ttt.Game()
  g:play(0, 0)
  local h = g:clone()
  h:play(1, 1)
  eq(g:move_count(), 1); eq(h:move_count(), 2)
  g:close()
  eq(h:cell(0, 0), 1, "the clone outlives the original")
end)

test("text round trip keeps the turn and who started", function()
  local g = ttt.Game()
  g:move(0, 0, 2) -- player 2 opens
  eq(g:first_player(), 2)
  local text = g:to_text()
  eq(text, "3,3,3:O../.../...:X")
  local h = ttt.from_text(text)
  eq(h:to_move(), 1); eq(h:cell(0, 0), 2); eq(h:to_text(), text)
  eq(h:first_player(), 2, "who started survives the text")
  -- Player 2 opened, then undone: the fresh game again; redo replays O's stone.
  local u = ttt.Game()
  u:move(1, 1, 2); u:undo()
  eq(u:to_text(), "3,3,3:.../.../...:X"); eq(u:first_player(), 1)
  u:redo()
  eq(u:cell(1, 1), 2); eq(u:first_player(), 2)
  -- A text of an empty board may name O to open.
  local back = ttt.from_text("3,3,3:.../.../...:O")
  eq(back:to_move(), 2); eq(back:first_player(), 2)
  -- Player 2 opened and player 1 won: the loaded game knows both.
  local x = ttt.Game()
  for _, m in ipairs({ { 2, 0 }, { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 2 } }) do x:play(m[1], m[2]) end
  eq(x:first_player(), 1)
  local y = ttt.Game()
  y:move(2, 0, 2)
  for _, m in ipairs({ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 2 } }) do y:play(m[1], m[2]) end
  eq(y:play(0, 2), "A")
  local y2 = ttt.from_text(y:to_text())
  eq(y2:result(), "A"); eq(y2:first_player(), 2); eq(y2:to_move(), 0)
  raises_status("NOTHING_TO_UNDO", h.undo, h)
  eq(tostring(h), "tictactoe.Game(" .. text .. ")")
  raises_status("PARSE_ERROR", ttt.from_text, "3,3,3:XQ./.../...:O")
  raises_status("UNREACHABLE_BOARD", ttt.from_text, "3,3,3:XX./.../...:O")
  raises_message("string expected", ttt.from_text, nil)
end)

test("big boards go through the retry path of the list functions", function()
  local g = ttt.Game(20, 20, 5)
  eq(#g:legal_moves(), 400); eq(#g:cells(), 400)
  for i = 0, 69 do g:play(math.floor(i / 20) * 2 + (i % 2), i % 20) end
  eq(g:move_count(), 70); eq(#g:moves(), 70)
  eq_list(g:moves()[70], { 7, 9 }, "last move")
  -- 1000 x 1000: the text (about a megabyte) comes through the retry whole and reads back.
  local big = ttt.Game(1000, 1000, 5)
  big:move(999, 999, 2)
  local text = big:to_text()
  eq(#text, #"1000,1000,5:" + 1000 * 1000 + 999 + #":X", "text length")
  eq(text:sub(-4), ".O:X", "the last cell and the side to move")
  local back = ttt.from_text(text)
  eq(back:cell(999, 999), 2); eq(back:first_player(), 2); eq(back:to_move(), 1)
end)

test("AI: best move and optimal moves", function()
  local g = ttt.Game()
  local row, col, score = g:best_move()
  eq(score, 0, "the empty 3x3 board is a draw")
  eq(g:cell(row, col), 0, "best move is on an empty cell")
  eq(#g:optimal_moves(), 9, "every opening move draws")
  -- X . . / . . . / . . .  then O at (0,1) loses: X wins in 5 plies (centre, then a fork).
  g:play(0, 0); g:play(0, 1)
  score = select(3, g:best_move())
  eq(score, 5, "X wins on the 5th ply from here")
  -- X X . / O O . / . . . with X to move: X wins at once at (0,2).
  local h = ttt.from_text("3,3,3:XX./OO./...:X")
  row, col, score = h:best_move()
  eq(row, 0); eq(col, 2); eq(score, 1)
  local found = false
  for _, m in ipairs(h:optimal_moves()) do found = found or (m[1] == 0 and m[2] == 2) end
  assert(found, "the immediate win is among the optimal moves")
  eq(h:to_text(), "3,3,3:XX./OO./...:X", "the search did not change the game")
  h:play(0, 2)
  raises_status("GAME_OVER", h.best_move, h)
  raises_status("GAME_OVER", h.optimal_moves, h)
  local big = ttt.Game(15, 15, 5)
  raises_status("TOO_HARD", big.best_move, big)
  raises_status("TOO_HARD", big.optimal_moves, big)
end)

-- The budgets under which a budgeted solve must answer as the default one does: nodes alone
-- (2^24, the library's default budget), time alone, both.
local BUDGETS = {
  { max_nodes = 2 ^ 24 },
  { max_millis = 60000 },
  { max_nodes = 2 ^ 24, max_millis = 60000 },
}

test("AI: best_move(opts) and optimal_moves(opts) answer as the default calls", function()
  local function cases()
    local after_blunder = ttt.Game()
    after_blunder:play(0, 0); after_blunder:play(0, 1)
    return {
      -- { game, score, number of optimal moves or nil, the only best move or nil }
      { ttt.from_text("3,3,3:XX./OO./...:X"), 1, nil, { 0, 2 } },
      { after_blunder, 5 },
      { ttt.Game(4, 4, 4), 0, 16 }, -- empty 4x4, k=4: a draw, and no first move loses
      { ttt.tictactoe(9), 0, 81 },  -- a pairing draw: 81 moves, past the 64-cell first buffer
    }
  end
  for i, case in ipairs(cases()) do
    local g, want_score, want_count, want_move = case[1], case[2], case[3], case[4]
    local before = g:to_text()
    local r0, c0, s0 = g:best_move()
    local opt0 = g:optimal_moves()
    eq(s0, want_score, "case " .. i .. ": default score")
    if want_count then eq(#opt0, want_count, "case " .. i .. ": default optimal count") end
    if want_move then eq_list({ r0, c0 }, want_move, "case " .. i .. ": default move") end
    for j, b in ipairs(BUDGETS) do
      local what = ("case %d, budget %d"):format(i, j)
      local r, c, s = g:best_move(b)
      eq(s, s0, what .. ": score")
      eq_list({ r, c }, { r0, c0 }, what .. ": move")
      eq_list(g:optimal_moves(b), opt0, what .. ": optimal moves")
    end
    eq(g:to_text(), before, "case " .. i .. ": the game did not change")
  end
  -- Positions answered without search need one step; 100 steps cannot solve the 4x4 board.
  eq(#ttt.tictactoe(9):optimal_moves({ max_nodes = 1 }), 81, "a pairing draw within 1 step")
  local g = ttt.Game(4, 4, 4)
  raises_status("TOO_HARD", g.best_move, g, { max_nodes = 100 })
  raises_status("TOO_HARD", g.optimal_moves, g, { max_nodes = 100 })
  eq(g:to_text(), "4,4,4:..../..../..../....:X", "unchanged after TOO_HARD")
end)

test("AI: best_move({threads = T}) gives the one-thread score, and its errors", function()
  for _, text in ipairs({ "3,3,3:X../.O./...:X", "4,4,4:..../..../..../....:X", "4,4,3:X.../.O../..../....:X" }) do
    local g = ttt.from_text(text)
    local _, _, want = g:best_move({ max_nodes = 2 ^ 24 })
    for _, threads in ipairs({ 0, 1, 2, 3 }) do
      local r, c, s = g:best_move({ max_nodes = 2 ^ 24, threads = threads })
      eq(s, want, text .. " on " .. threads .. " threads: score")
      eq(g:cell(r, c), 0, text .. ": the move is on an empty cell")
    end
    eq(g:to_text(), text, "the game did not change")
  end
  local g = ttt.Game(4, 4, 4)
  raises_status("TOO_HARD", g.best_move, g, { max_nodes = 100, threads = 2 })
  raises_status("INVALID_ARGUMENT", g.best_move, g, { threads = 2 })
  raises_message("out of range", g.best_move, g, { max_nodes = 100, threads = -1 })
  local over = ttt.from_text("3,3,3:XXX/OO./...:O")
  raises_status("GAME_OVER", over.best_move, over, { max_nodes = 100, threads = 2 })
end)

test("AI: certificate names the position and its value; its errors are the solver's", function()
  local draw = ttt.Game():certificate(100000)
  local head = "certificate 2\nposition 3,3,3:.../.../...:X\nvalue draw\ntree X cannot-win\n"
  eq(draw:sub(1, #head), head, "3,3,3")
  eq(ttt.from_text("3,3,3:XX./OO./...:X"):certificate(100),
    "certificate 2\nposition 3,3,3:XX./OO./...:X\nvalue win\ntree X wins\nmove 2\nend\n", "a win in one")
  local g = ttt.Game(5, 5, 4)
  raises_status("TOO_HARD", g.certificate, g, 10)
  raises_status("INVALID_ARGUMENT", g.certificate, g, 0)
  raises_message("out of range", g.certificate, g, -1)
  raises_status("GAME_OVER", ttt.from_text("3,3,3:XXX/OO./...:O").certificate, ttt.from_text("3,3,3:XXX/OO./...:O"), 100)
end)

test("AI: forced_winner_within names who wins with perfect play, and its errors", function()
  -- The player the score's sign names (player 2 may open), 0 for a draw.
  local cases = {
    { "3,3,3:.../.../...:X", 0 }, { "4,4,3:..../..../..../....:X", 1 },
    { "4,4,3:..../..../..../....:O", 2 }, { "3,3,3:XX./OO./X..:O", 2 },
  }
  for _, case in ipairs(cases) do
    local g = ttt.from_text(case[1])
    eq(g:forced_winner_within({ max_nodes = 2 ^ 20 }), case[2], case[1])
    eq(g:forced_winner_within({ max_nodes = 2 ^ 20, max_millis = 60000 }), case[2], case[1] .. " with a clock")
    eq(g:to_text(), case[1], "the game did not change")
  end
  local big = ttt.Game(7, 7, 5)
  raises_status("TOO_HARD", big.forced_winner_within, big, { max_nodes = 1000 })
  raises_status("INVALID_ARGUMENT", big.forced_winner_within, big, {})
  raises_message("out of range", big.forced_winner_within, big, { max_nodes = -1 })
  raises_message("out of range", big.forced_winner_within, big, { max_millis = 2 ^ 32 })
  raises_message("bad argument #1 to 'forced_winner_within' (table expected, got nil)", big.forced_winner_within, big)
  local over = ttt.from_text("3,3,3:XXX/OO./...:O")
  raises_status("GAME_OVER", over.forced_winner_within, over, { max_nodes = 100 })
end)

test("AI: best_move(opts) and optimal_moves(opts) errors, as search's", function()
  local g = ttt.Game(4, 4, 4)
  for _, name in ipairs({ "best_move", "optimal_moves" }) do
    local f = g[name]
    raises_status("INVALID_ARGUMENT", f, g, {})
    raises_status("INVALID_ARGUMENT", f, g, { max_nodes = 0, max_millis = 0 })
    raises_message("out of range", f, g, { max_nodes = -1 })
    raises_message("out of range", f, g, { max_millis = -1 })
    raises_message("out of range", f, g, { max_millis = 2 ^ 32 })
    raises_message("out of range", f, g, { max_nodes = 2 ^ 53 + 2 })
    raises_message("integer expected", f, g, { max_nodes = 0.5 })
    raises_message("integer expected", f, g, { max_millis = "10" })
    raises_message("bad argument #1 to '" .. name .. "' (table expected, got number)", f, g, 100)
    -- A uint64_t cdata is a node budget too (the full 64-bit range).
    local _, _, s = f(g, { max_nodes = 0xFFFFFFFFFFFFFFFFULL })
    if name == "best_move" then eq(s, 0, "best_move with a uint64_t budget") end
  end
  local over = ttt.from_text("3,3,3:XX./OO./...:X")
  over:play(0, 2)
  raises_status("GAME_OVER", over.best_move, over, { max_nodes = 1000 })
  raises_status("GAME_OVER", over.optimal_moves, over, { max_millis = 1000 })
end)

test("AI: a 50 ms budget stops the 7x7, k=5 solve (the default spends seconds)", function()
  local g = ttt.Game(7, 7, 5)
  for _, name in ipairs({ "best_move", "optimal_moves" }) do
    raises_status("TOO_HARD", g[name], g, { max_millis = 50 })
  end
end)

-- 15x15, k=5. X: (10,0) (10,5) (12,9) (14,14); O: (3,0) (3,1) (3,2) (3,3). X to move must
-- block O's four at (3,4); O's line is closed on the left by the board's edge.
local function must_block()
  local g = ttt.Game(15, 15, 5)
  for _, m in ipairs({ { 10, 0 }, { 3, 0 }, { 10, 5 }, { 3, 1 }, { 12, 9 }, { 3, 2 }, { 14, 14 }, { 3, 3 } }) do
    g:play(m[1], m[2])
  end
  return g
end

test("AI: budgeted search wins, blocks, is deterministic and changes nothing", function()
  local g = must_block()
  local before = g:to_text()
  local r, c = g:search({ max_nodes = 5000, seed = 7 })
  eq(r, 3); eq(c, 4, "search blocks the four")
  local r2, c2 = g:search({ max_nodes = 5000, seed = 7 })
  eq(r2 * 15 + c2, r * 15 + c, "same budget and seed, same move")
  r, c = g:search({ max_millis = 50 })
  eq(r, 3); eq(c, 4, "a time budget blocks too")
  eq(g:to_text(), before, "the search did not change the game")
  -- X: (7,3) (7,4) (7,5) (7,6), open at both ends; X to move wins at (7,2) or (7,7).
  local w = ttt.Game(15, 15, 5)
  for _, m in ipairs({ { 7, 3 }, { 0, 0 }, { 7, 4 }, { 0, 2 }, { 7, 5 }, { 0, 4 }, { 7, 6 }, { 0, 6 } }) do
    w:play(m[1], m[2])
  end
  r, c = w:search({ max_nodes = 1000, seed = 0xFFFFFFFFFFFFFFFFULL })
  eq(w:play(r, c), "A", "search takes the win")
  raises_status("GAME_OVER", w.search, w, { max_nodes = 10 })
  raises_status("INVALID_ARGUMENT", g.search, g, {})
  raises_message("out of range", g.search, g, { max_nodes = -1 })
  raises_message("out of range", g.search, g, { max_millis = 2 ^ 32 })
  raises_message("integer expected", g.search, g, { max_nodes = 10, seed = 0.5 })
  raises_message("table expected", g.search, g, 100)
end)

test("AI: threat_win finds the open four of an open three, and nothing for O", function()
  -- X: (7,5) (7,6) (7,7), open at both ends, O far away; X to move makes an open four.
  local g = ttt.Game(15, 15, 5)
  for _, m in ipairs({ { 7, 5 }, { 0, 0 }, { 7, 6 }, { 0, 2 }, { 7, 7 }, { 0, 4 } }) do
    g:play(m[1], m[2])
  end
  local r, c, plies = g:threat_win(10000)
  assert(r == 7 and (c == 4 or c == 8), ("threat_win played %s,%s"):format(r, c))
  eq(plies, 3, "an open four wins in 3 plies")
  raises_status("INVALID_ARGUMENT", g.threat_win, g, 0)
  raises_message("out of range", g.threat_win, g, -1)
  g:undo(); g:undo(); g:undo()
  eq(g:threat_win(10000), nil, "O to move has no threat win")
  local over = ttt.Game()
  for _, m in ipairs({ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 } }) do over:play(m[1], m[2]) end
  raises_status("GAME_OVER", over.threat_win, over, 100)
end)

test("AI: difficulty levels", function()
  local g = must_block()
  for _, level in ipairs({ ttt.level.MEDIUM, ttt.level.HARD, ttt.level.PERFECT }) do
    local r, c = g:ai_move(level, 1)
    eq(r * 15 + c, 3 * 15 + 4, "level " .. level .. " blocks the four")
  end
  local r, c = g:ai_move(ttt.level.RANDOM, 42)
  eq(g:cell(r, c), 0, "a random move is legal")
  local r2, c2 = g:ai_move(ttt.level.RANDOM, 42)
  eq(r2 * 15 + c2, r * 15 + c, "same seed, same move")
  raises_status("INVALID_ARGUMENT", g.ai_move, g, 5)
  raises_message("integer expected", g.ai_move, g, nil)
  -- 3x3 after X (0,0), O (0,1): PERFECT plays one of the winning moves.
  local t = ttt.Game()
  t:play(0, 0); t:play(0, 1)
  r, c = t:ai_move(ttt.level.PERFECT)
  local optimal = false
  for _, m in ipairs(t:optimal_moves()) do optimal = optimal or (m[1] == r and m[2] == c) end
  assert(optimal, ("PERFECT played %d,%d, not an optimal move"):format(r, c))
end)

------------------------------------------------------------------------------------------------
-- Batch.

-- Game i's planes and mask as the batch should show them, from a Game replaying its moves.
local function expected_view(g, cells)
  local mover, board = g:to_move(), g:cells()
  local planes, mask = {}, {}
  for c = 1, cells do
    planes[c] = board[c] == mover and 1 or 0
    planes[cells + c] = (board[c] ~= 0 and board[c] ~= mover) and 1 or 0
    mask[c] = board[c] == 0 and 1 or 0
  end
  return planes, mask
end

test("Batch: agrees after every step with the same games played through Game", function()
  local count, cols, cells = 6, 4, 16
  local b = ttt.Batch(count, 4, cols, 3, 1)
  local games = {}
  for i = 0, count - 1 do games[i] = ttt.Game(4, 4, 3) end
  local actions, results = b:actions(), ffi_new_u8(count)
  local obs, mask = ffi_new_u8(2 * count * cells), ffi_new_u8(count * cells)
  local ends = 0
  for step = 0, 79 do
    eq(b:legal_mask(mask), mask, "legal_mask writes in place")
    for i = 0, count - 1 do
      local c = (i * 5 + step * 3) % cells
      while mask[i * cells + c] == 0 do c = (c + 1) % cells end
      actions[i] = c
    end
    eq(b:step(actions, results), results, "step writes in place")
    b:observe(obs)
    for i = 0, count - 1 do
      local a = actions[i]
      local r = games[i]:play(math.floor(a / cols), a % cols)
      eq(ttt.result[({ Pending = "PENDING", A = "A_WINS", B = "B_WINS", Draw = "DRAW" })[r]],
        results[i], ("step %d game %d result"):format(step, i))
      if r ~= "Pending" then
        games[i] = ttt.Game(4, 4, 3) -- auto-reset: the batch's game starts again
        ends = ends + 1
      end
      local planes, want_mask = expected_view(games[i], cells)
      for c = 1, cells do
        eq(obs[i * 2 * cells + c - 1], planes[c], ("step %d game %d plane 0 cell %d"):format(step, i, c - 1))
        eq(obs[i * 2 * cells + cells + c - 1], planes[cells + c], ("step %d game %d plane 1"):format(step, i))
      end
      local copy = b:game(i)
      eq(copy:to_text(), games[i]:to_text(), ("step %d game %d copy"):format(step, i))
      eq(copy:move_count(), games[i]:move_count(), ("step %d game %d stones"):format(step, i))
      copy:close()
      local after = b:legal_mask()
      for c = 1, cells do eq(after[i * cells + c - 1], want_mask[c], "mask") end
    end
  end
  assert(ends > 0, "no game ended")
end)

test("Batch: a won game reports its result and starts again; planes are the mover's", function()
  local b = ttt.Batch(1)
  local want = { 0, 0, 0, 0, ttt.result.A_WINS } -- X 0, O 3, X 1, O 4, X 2: X's top row
  for n, a in ipairs({ 0, 3, 1, 4, 2 }) do
    local r = b:step({ a })
    eq(r[0], want[n], "result after action " .. a)
    if n == 1 then
      -- O to move: O has no stone (plane 0 empty), X's stone on cell 0 is the opponent's.
      local o = b:observe()
      for c = 0, 8 do eq(o[c], 0, "plane 0 cell " .. c); eq(o[9 + c], c == 0 and 1 or 0, "plane 1") end
    end
  end
  local m = b:legal_mask()
  for c = 0, 8 do eq(m[c], 1, "the board is empty again, cell " .. c) end
  eq(b:game(0):to_text(), "3,3,3:.../.../...:X", "game 0 after the reset")
end)

test("Batch: an illegal action changes no game and names the first bad game", function()
  local b = ttt.Batch(3, 3, 3, 3, 0)
  b:step({ 4, 4, 4 })
  local before = b:observe()
  local e = raises_status("CELL_OCCUPIED", b.step, b, { 0, 4, 1 })
  eq(e.game, 1, "first bad game")
  eq(e.detail, "game 1, action 4")
  e = raises_status("OUT_OF_BOUNDS", b.step, b, { 0, 1, 9 })
  eq(e.game, 2, "off the board")
  e = raises_status("CELL_OCCUPIED", b.step, b, { 4, 9, 4 })
  eq(e.game, 0, "the first of several bad games")
  local after = b:observe()
  for c = 0, 53 do eq(after[c], before[c], "cell " .. c .. " after refused steps") end
  raises_message("3 actions expected, got 2", b.step, b, { 0, 1 })
  raises_message("3 elements needed, the array holds 2", b.step, b, ffi_new_u32(2))
  raises_message("unsigned int array expected", b.step, b, ffi_new_u8(12))
  raises_message("54 elements needed", b.observe, b, ffi_new_u8(53))
  raises_message("27 elements needed", b.legal_mask, b, ffi_new_u8(26))
  raises_message("out of range", b.step, b, { 0, 1, -1 })
  raises_status("INVALID_ARGUMENT", b.game, b, 3)
  raises_status("INVALID_ARGUMENT", ttt.Batch, 0)
  raises_status("INVALID_ARGUMENT", ttt.Batch, 1, 3, 3, 4)
  raises_message("out of range", ttt.Batch, -1)
  b:close(); b:close()
  eq(b:is_closed(), true)
  for _, name in ipairs({ "reset", "set_threads", "step", "observe", "legal_mask", "random_moves", "game" }) do
    raises_message("closed", b[name], b, 1)
  end
end)

test("Batch: steps split over threads give what one thread gives", function()
  -- A batch big enough to be split in two: the same results, the same first bad game, no game
  -- changed by a refused step, the same observations. A call splits from 2^22 cells a thread
  -- (CELLS_PER_THREAD in src/batch/lanes.rs), so from 2 * 2^22 / 225 = 37,283 games of 15 x 15.
  local cells = 225
  local count = math.floor(2 * 2 ^ 22 / cells) + 17
  local one, two = ttt.Batch(count, 15, 15, 5), ttt.Batch(count, 15, 15, 5)
  two:set_threads(2)
  raises_message("out of range", two.set_threads, two, -1)
  local function same_bytes(x, y, len, what)
    for i = 0, len - 1 do
      if x[i] ~= y[i] then error(("%s differ at %d"):format(what, i), 2) end
    end
  end
  local actions, r1, r2 = one:actions(), ffi_new_u8(count), ffi_new_u8(count)
  for step = 0, 7 do
    local mask = one:legal_mask()
    same_bytes(mask, two:legal_mask(), count * cells, "masks")
    for i = 0, count - 1 do
      local c = (i * 31 + step * 13) % cells
      while mask[i * cells + c] == 0 do c = (c + 1) % cells end
      actions[i] = c
    end
    if step == 5 then
      local good = actions[count - 7]
      actions[count - 7], actions[count - 3] = 225, 226
      local before = two:observe()
      local e = raises_status("OUT_OF_BOUNDS", two.step, two, actions)
      eq(e.game, count - 7, "first bad game")
      same_bytes(before, two:observe(), 2 * count * cells, "observations after a refused step")
      actions[count - 7] = good
      local c = actions[count - 3] % cells
      while mask[(count - 3) * cells + c] == 0 do c = (c + 1) % cells end
      actions[count - 3] = c
    end
    one:step(actions, r1)
    two:step(actions, r2)
    same_bytes(r1, r2, count, "results")
    same_bytes(one:observe(), two:observe(), 2 * count * cells, "observations")
  end
end)

test("Batch: random_moves is the same for a seed whatever the threads", function()
  local a, b, c = ttt.Batch(500, 7, 7, 5, 9), ttt.Batch(500, 7, 7, 5, 9), ttt.Batch(500, 7, 7, 5, 10)
  local sa, sb = a:random_moves(30, 1), b:random_moves(30)
  c:random_moves(30, 2)
  eq(sa.moves, 15000, "moves played")
  for _, key in ipairs({ "moves", "a_wins", "b_wins", "draws" }) do eq(sb[key], sa[key], key) end
  assert(sa.a_wins + sa.b_wins + sa.draws <= 500 * 30 / 9, "more games ended than could")
  local oa, ob, oc = a:observe(), b:observe(), c:observe()
  local differs = false
  for i = 0, 500 * 98 - 1 do
    eq(ob[i], oa[i], "byte " .. i)
    differs = differs or oc[i] ~= oa[i]
  end
  assert(differs, "another seed gave the same games")
  a:reset()
  local m = a:legal_mask()
  for i = 0, 500 * 49 - 1 do eq(m[i], 1, "reset empties every game") end
end)

test("Batch: the README's example runs", function()
  local readme = assert(io.open("README.md")):read("*a")
  local code = readme:match("## Batch.-```lua\n(.-)```")
  assert(code, "no lua block under the README's Batch heading")
  local real_print, printed = print, {}
  print = function(...) printed[#printed + 1] = { ... } end -- luacheck: ignore 121
  local ok, err = pcall(assert(loadstring(code, "README")))
  print = real_print -- luacheck: ignore 121
  assert(ok, err)
  eq(printed[1][1], 409600, "random moves played by the example")
end)

test("Batch: the GC frees each batch once; close() disarms it", function()
  local function collect() collectgarbage("collect"); collectgarbage("collect") end
  collect()
  local base = ttt._native_batch_frees()
  for _ = 1, 100 do ttt.Batch(10) end
  collect()
  eq(ttt._native_batch_frees() - base, 100, "dropped batches")
  local b = ttt.Batch(10)
  b:close()
  b = nil -- luacheck: ignore 311 (dropping the last reference is the point)
  collect()
  eq(ttt._native_batch_frees() - base, 101, "a closed batch is not freed again")
end)

------------------------------------------------------------------------------------------------
-- Argument checks happen in Lua, before C.

test("wrong types and out-of-range numbers are Lua errors", function()
  local g = ttt.Game()
  local bad = { { -1, "out of range" }, { 4294967296, "out of range" }, { 2 ^ 53, "out of range" },
    { 1.5, "integer expected" }, { 0 / 0, "integer expected" }, { math.huge, "out of range" },
    { "1", "integer expected, got string" }, { nil, "integer expected, got nil" },
    { {}, "integer expected, got table" } }
  for _, b in ipairs(bad) do
    raises_message(b[2], g.play, g, b[1], 0)
    raises_message(b[2], g.move, g, 0, 0, b[1])
    raises_message(b[2], g.cell, g, 0, b[1])
    raises_message(b[2], ttt.Game, 3, b[1], 3)
    if b[1] ~= -1 and b[1] ~= 4294967296 and b[1] ~= 2 ^ 53 then
      raises_message(b[2], ttt.judge, { { 0, b[1] } })
    end
  end
  -- In a move list an integer too big or negative for uint32_t is a cell off the board, so
  -- the first bad move is the one reported: here the occupied cell before it.
  for _, v in ipairs({ -1, 4294967296, 2 ^ 53, -2 ^ 53 }) do
    local e = raises_status("OUT_OF_BOUNDS", ttt.judge, { { 0, 0 }, { v, 1 } })
    eq(e.index, 2, "off-board move index")
    eq(e.detail, ("row %s, col 1 on a 3x3 board"):format(tostring(v)), "off-board move detail")
    e = raises_status("CELL_OCCUPIED", ttt.judge, { { 0, 0 }, { 0, 0 }, { 1, v } })
    eq(e.index, 2, "the occupied cell comes first")
    e = raises_status("OUT_OF_BOUNDS", ttt.find_winner, { { v, 0 } })
    eq(e.index, 1, "find_winner off-board index")
  end
  raises_message("bad argument #2 to 'judge' (integer expected, got boolean)", ttt.judge, {}, false)
  raises_message("bad argument #4 to 'judge' (integer expected, got boolean)", ttt.judge, {}, 3, 3, false)
  raises_message("bad argument #3 to 'move'", g.move, g, 0, 0, -1)
  raises_message("table expected", ttt.judge, "0,0")
  raises_message("move 2 is not a {row, col} pair", ttt.judge, { { 0, 0 }, 5 })
  eq(g:move_count(), 0, "nothing reached the game")
  -- The largest uint32 passes the Lua check and reaches C, which answers with a status.
  raises_status("OUT_OF_BOUNDS", g.play, g, 4294967295, 0)
end)

------------------------------------------------------------------------------------------------
-- Ownership.

test("a closed game raises instead of touching freed memory", function()
  local g = ttt.Game()
  g:play(0, 0)
  g:close()
  eq(g:is_closed(), true)
  g:close() -- idempotent
  for _, name in ipairs({ "play", "move", "undo", "redo", "reset", "clone", "result", "winner",
    "to_move", "first_player", "cell", "move_count", "cells", "moves", "legal_moves",
    "winning_line", "to_text", "best_move", "optimal_moves", "search", "ai_move" }) do
    raises_message("closed", g[name], g, 0, 0, 1)
  end
  eq(tostring(g), "tictactoe.Game(closed)")
end)

test("the GC frees each game exactly once; close() disarms the GC", function()
  local function collect() collectgarbage("collect"); collectgarbage("collect") end
  collect()
  local base = ttt._native_frees()
  do local g = ttt.Game(); g:play(0, 0) end
  collect()
  eq(ttt._native_frees() - base, 1, "frees after dropping one game")
  local g = ttt.Game()
  g:close()
  eq(ttt._native_frees() - base, 2, "close frees at once")
  g = nil -- luacheck: ignore 311 (dropping the last reference is the point)
  collect()
  eq(ttt._native_frees() - base, 2, "the GC does not free a closed game again")
  for _ = 1, 1000 do ttt.Game(15, 15, 5):clone() end
  collect()
  eq(ttt._native_frees() - base, 2002, "1000 games and their clones")
end)

------------------------------------------------------------------------------------------------

local passed, failed = 0, 0
for _, t in ipairs(tests) do
  local ok, err = pcall(t.fn)
  if ok then
    passed = passed + 1
    print("ok - " .. t.name)
  else
    failed = failed + 1
    print("not ok - " .. t.name .. ": " .. tostring(err))
  end
end
print(("%d passed, %d failed"):format(passed, failed))
os.exit(failed == 0 and 0 or 1)
