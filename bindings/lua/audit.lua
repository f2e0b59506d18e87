-- audit.lua: an independent black-box audit of the LuaJIT binding, written from
-- docs/rules.md, docs/c-api.md, include/tictactoe.h and bindings/lua/README.md only.
-- Every check compares the binding with a small reference written here (brute-force
-- reachability, a replaying judge, a game model, a plain minimax) or with a documented
-- constant, so each one can fail.
--
--   TICTACTOE_LIB=../../target/release/libtictactoe.so LUA_PATH="./?.lua" luajit audit.lua
--
-- Exits non-zero when a check fails. A check where the binding disagrees with its README,
-- the header or the spec, and that has been reported, is listed in NONFATAL below: it still
-- runs and prints "DISAGREES: ..." but does not fail the run. AUDIT_SEED=n changes the seed.

local ttt = require("tictactoe")
io.stdout:setvbuf("line")

local floor = math.floor
local wall0 = os.time()
local cpu0 = os.clock()
local SEED = tonumber(os.getenv("AUDIT_SEED") or "") or 20240601
math.randomseed(SEED)
local rand = math.random

---------------------------------------------------------------------------------------------
-- Harness
---------------------------------------------------------------------------------------------

-- id -> why the binding disagrees (reported; printed as DISAGREES: and not fatal)
local NONFATAL = {}

local total, failed, disagreed = 0, 0, 0
local fails_by = {}
local notes = {}

local function check(id, cond, detail)
  total = total + 1
  if cond then return true end
  fails_by[id] = (fails_by[id] or 0) + 1
  local nf = NONFATAL[id]
  if nf then disagreed = disagreed + 1 else failed = failed + 1 end
  if fails_by[id] <= 3 then
    local d = detail
    if type(d) == "function" then d = d() end
    d = tostring(d or "")
    if nf then
      print("DISAGREES: [" .. id .. "] " .. nf .. "\n    e.g. " .. d)
    else
      print("FAIL: [" .. id .. "] " .. d)
    end
  end
  return false
end

local function note(s) notes[#notes + 1] = s end

local function section(name, f)
  local c0, tot0, f0, d0 = os.clock(), total, failed, disagreed
  local ok, err = xpcall(f, debug.traceback)
  if not ok then check(name .. ": section raised", false, err) end
  print(string.format("%-44s %7d checks %4d failed %3d disagree %6.2fs cpu", name,
    total - tot0, failed - f0, disagreed - d0, os.clock() - c0))
end

-- Header values, copied by hand from include/tictactoe.h.
local STATUS = {
  OK = 0, NULL_POINTER = 1, INVALID_ARGUMENT = 2, OUT_OF_BOUNDS = 3, CELL_OCCUPIED = 4,
  WRONG_TURN = 5, GAME_OVER = 6, NOTHING_TO_UNDO = 7, NOTHING_TO_REDO = 8, PARSE_ERROR = 9,
  BUFFER_TOO_SMALL = 10, TOO_LARGE = 11, OUT_OF_MEMORY = 12, UNREACHABLE_BOARD = 13,
  TOO_HARD = 14, INTERNAL_ERROR = 15,
}
local VERDICT = {
  VALID = 0, TOO_MANY_O = 1, TOO_MANY_X = 2, BOTH_WIN = 3, X_WON_THEN_O_MOVED = 4,
  O_WON_THEN_X_MOVED = 5, X_LINES_DISJOINT = 6, O_LINES_DISJOINT = 7,
}
local LEVEL = { RANDOM = 0, EASY = 1, MEDIUM = 2, HARD = 3, PERFECT = 4 }
local RESULT_NAME = { [0] = "Pending", [1] = "A", [2] = "B", [3] = "Draw" }

local function errdesc(e)
  if type(e) == "table" then
    local parts = {}
    for _, k in ipairs({ "status", "name", "message", "index", "detail" }) do
      if e[k] ~= nil then parts[#parts + 1] = k .. "=" .. tostring(e[k]) end
    end
    return "{" .. table.concat(parts, ", ") .. (getmetatable(e) == ttt.Error and "} (ttt.Error)" or "} (plain table)")
  end
  return type(e) .. " " .. tostring(e)
end

local function show(v)
  if type(v) ~= "table" then return tostring(v) end
  local parts = {}
  for i = 1, #v do parts[i] = show(v[i]) end
  return "{" .. table.concat(parts, ",") .. "}"
end

local function is_err(e, name)
  return type(e) == "table" and getmetatable(e) == ttt.Error and e.name == name
    and e.status == STATUS[name]
end

-- f must raise the ttt.Error `name`; returns the error object (or nil)
local function expect_err(id, name, f, ...)
  local res = { pcall(f, ...) }
  local ok, e = res[1], res[2]
  check(id, not ok and is_err(e, name), function()
    return "expected " .. name .. " error, got " .. (ok and ("success: " .. show({ unpack(res, 2) })) or errdesc(e))
  end)
  if not ok then return e end
end

-- f must raise a plain string error (Lua-side misuse), containing `sub` when given
local function expect_str_err(id, sub, f, ...)
  local res = { pcall(f, ...) }
  local ok, e = res[1], res[2]
  check(id, not ok and type(e) == "string" and (sub == nil or e:find(sub, 1, true) ~= nil), function()
    return "expected a string error" .. (sub and (" containing '" .. sub .. "'") or "") .. ", got "
      .. (ok and ("success: " .. show({ unpack(res, 2) })) or errdesc(e))
  end)
  return e
end

local function expect_ok(id, f, ...)
  local res = { pcall(f, ...) }
  check(id, res[1], function() return "expected success, got " .. errdesc(res[2]) end)
  return unpack(res, 1, 6)
end

---------------------------------------------------------------------------------------------
-- Rules reference (plain, slow, obviously right): boards are 1-indexed arrays, cell i (0-based,
-- i = row*cols + col) at b[i+1]; 0 empty, 1 X, 2 O.
---------------------------------------------------------------------------------------------

local DIRS = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } } -- right, down, down-right, down-left

-- the run through cell i0 of its owner in the first direction where it is >= K long, as a
-- list of 0-based cells, or nil
local function run_through(b, R, C, K, i0)
  local p = b[i0 + 1]
  local r0, c0 = floor(i0 / C), i0 % C
  for d = 1, 4 do
    local dr, dc = DIRS[d][1], DIRS[d][2]
    local back, fwd = 0, 0
    local r, c = r0 - dr, c0 - dc
    while r >= 0 and r < R and c >= 0 and c < C and b[r * C + c + 1] == p do
      back = back + 1; r = r - dr; c = c - dc
    end
    r, c = r0 + dr, c0 + dc
    while r >= 0 and r < R and c >= 0 and c < C and b[r * C + c + 1] == p do
      fwd = fwd + 1; r = r + dr; c = c + dc
    end
    if back + fwd + 1 >= K then
      local cells = {}
      for s = -back, fwd do cells[#cells + 1] = (r0 + s * dr) * C + (c0 + s * dc) end
      return cells
    end
  end
  return nil
end

local function wins_at(b, R, C, K, i0) return run_through(b, R, C, K, i0) ~= nil end

local function has_line(b, R, C, K, p)
  for r = 0, R - 1 do
    for c = 0, C - 1 do
      if b[r * C + c + 1] == p then
        for d = 1, 4 do
          local dr, dc = DIRS[d][1], DIRS[d][2]
          local n = 1
          local rr, cc = r + dr, c + dc
          while n < K and rr >= 0 and rr < R and cc >= 0 and cc < C and b[rr * C + cc + 1] == p do
            n = n + 1; rr = rr + dr; cc = cc + dc
          end
          if n >= K then return true end
        end
      end
    end
  end
  return false
end

-- the validity rule, reasons in the header's order
local function ref_verdict(b, R, C, K)
  local x, o = 0, 0
  for i = 1, R * C do
    if b[i] == 1 then x = x + 1 elseif b[i] == 2 then o = o + 1 end
  end
  if o > x then return VERDICT.TOO_MANY_O end
  if x > o + 1 then return VERDICT.TOO_MANY_X end
  local xl, ol = has_line(b, R, C, K, 1), has_line(b, R, C, K, 2)
  if xl and ol then return VERDICT.BOTH_WIN end
  if xl and x == o then return VERDICT.X_WON_THEN_O_MOVED end
  if ol and x == o + 1 then return VERDICT.O_WON_THEN_X_MOVED end
  for p = 1, 2 do
    if (p == 1 and xl) or (p == 2 and ol) then
      local some = false
      for i = 1, R * C do
        if b[i] == p then
          b[i] = 0
          local still = has_line(b, R, C, K, p)
          b[i] = p
          if not still then some = true; break end
        end
      end
      if not some then return p == 1 and VERDICT.X_LINES_DISJOINT or VERDICT.O_LINES_DISJOINT end
    end
  end
  return VERDICT.VALID
end

-- Brute force: every board reachable in a legal game, X first (the rules)
local function reachable_set(R, C, K)
  local N = R * C
  local b = {}
  for i = 1, N do b[i] = 0 end
  local seen, count, terminal = {}, 0, 0
  local function rec(n, p)
    for i = 1, N do
      if b[i] == 0 then
        b[i] = p
        local key = table.concat(b)
        if not seen[key] then
          seen[key] = true; count = count + 1
          if wins_at(b, R, C, K, i - 1) or n + 1 == N then
            terminal = terminal + 1
          else
            rec(n + 1, 3 - p)
          end
        end
        b[i] = 0
      end
    end
  end
  seen[table.concat(b)] = true; count = 1
  rec(0, 1)
  return seen, count, terminal
end

-- "Find Winner" reference: replays the moves; bounds, then game over, then the cell
local function ref_judge(moves, R, C, K)
  local b = setmetatable({}, { __index = function() return 0 end })
  local n, over, result = 0, false, 0
  for i, mv in ipairs(moves) do
    local r, c = mv[1], mv[2]
    if r >= R or c >= C then return nil, "OUT_OF_BOUNDS", i end
    if over then return nil, "GAME_OVER", i end
    local idx = r * C + c
    if b[idx + 1] ~= 0 then return nil, "CELL_OCCUPIED", i end
    local p = (i % 2 == 1) and 1 or 2
    b[idx + 1] = p; n = n + 1
    if wins_at(b, R, C, K, idx) then result = p; over = true
    elseif n == R * C then result = 3; over = true end
  end
  return RESULT_NAME[result]
end

-- Plain minimax with the the C API's score convention. value(b, n, mover) for a position that
-- is not over; returns best score and the score of each move (by 0-based cell).
local function rank(s)
  if s > 0 then return 1000 - s elseif s < 0 then return -1000 - s else return 0 end
end

local function make_solver(R, C, K)
  local N = R * C
  local memo = {}
  local function value(b, n, mover)
    local key = table.concat(b) .. mover
    local m = memo[key]
    if m then return m[1], m[2] end
    local best, scores = nil, {}
    for i = 1, N do
      if b[i] == 0 then
        b[i] = mover
        local s
        if wins_at(b, R, C, K, i - 1) then s = 1
        elseif n + 1 == N then s = 0
        else
          local v = value(b, n + 1, 3 - mover)
          if v > 0 then s = -(v + 1) elseif v < 0 then s = -v + 1 else s = 0 end
        end
        b[i] = 0
        scores[i - 1] = s
        if best == nil or rank(s) > rank(best) then best = s end
      end
    end
    memo[key] = { best, scores }
    return best, scores
  end
  return value
end

local function optimal_set(best, scores)
  local set = {}
  for cell, s in pairs(scores) do
    if (best > 0 and s > 0) or (best == 0 and s == 0) or best < 0 then set[#set + 1] = cell end
  end
  table.sort(set)
  return set
end

-- Binding outputs -> plain data
local function pairs_to_cells(list, C)
  if type(list) ~= "table" then return nil, "not a table: " .. tostring(list) end
  local out = {}
  for i = 1, #list do
    local p = list[i]
    if type(p) ~= "table" or type(p[1]) ~= "number" or type(p[2]) ~= "number" then
      return nil, "element " .. i .. " is not a {row, col} pair: " .. show(p)
    end
    out[i] = p[1] * C + p[2]
  end
  return out
end

local function same_list(a, b)
  if #a ~= #b then return false end
  for i = 1, #a do if a[i] ~= b[i] then return false end end
  return true
end

local function sorted_copy(a)
  local t = {}
  for i = 1, #a do t[i] = a[i] end
  table.sort(t)
  return t
end

local function board_rows(b, R, C, empty)
  local rows = {}
  for r = 0, R - 1 do
    local s = {}
    for c = 0, C - 1 do
      local v = b[r * C + c + 1]
      s[c + 1] = v == 1 and "X" or v == 2 and "O" or (empty or ".")
    end
    rows[r + 1] = table.concat(s)
  end
  return rows
end

---------------------------------------------------------------------------------------------
-- Game model (the rules, header ttt_game_*)
---------------------------------------------------------------------------------------------

local function model_new(R, C, K)
  local b = {}
  for i = 1, R * C do b[i] = 0 end
  return { R = R, C = C, K = K, b = b, n = 0, hist = {}, redo = {}, first = 1, start = 1, result = 0, win = nil }
end

local function model_copy(m)
  local c = {}
  for k, v in pairs(m) do c[k] = v end
  c.b, c.hist, c.redo = {}, {}, {}
  for i = 1, #m.b do c.b[i] = m.b[i] end
  for i = 1, #m.hist do c.hist[i] = m.hist[i] end
  for i = 1, #m.redo do c.redo[i] = m.redo[i] end
  return c
end

local function model_alt(m) -- whose turn by alternation, even once the game is over
  if m.n % 2 == 0 then return m.first else return 3 - m.first end
end

local function model_to_move(m) if m.result ~= 0 then return 0 end return model_alt(m) end

local function model_place(m, cell, p)
  m.b[cell + 1] = p; m.n = m.n + 1
  m.hist[#m.hist + 1] = { cell, p }
  local line = run_through(m.b, m.R, m.C, m.K, cell)
  if line then m.result = p; m.win = line
  elseif m.n == m.R * m.C then m.result = 3 end
end

local function model_move_err(m, r, c, p)
  if p ~= 1 and p ~= 2 then return "INVALID_ARGUMENT" end
  if r >= m.R or c >= m.C then return "OUT_OF_BOUNDS" end
  if m.result ~= 0 then return "GAME_OVER" end
  if m.n > 0 and p ~= model_alt(m) then return "WRONG_TURN" end
  if m.b[r * m.C + c + 1] ~= 0 then return "CELL_OCCUPIED" end
end

local function model_move(m, r, c, p)
  if m.n == 0 then m.first = p end
  m.redo = {}
  model_place(m, r * m.C + c, p)
  return (m.result == 1 or m.result == 2) and m.result or 0
end

local function model_play_err(m, r, c)
  if r >= m.R or c >= m.C then return "OUT_OF_BOUNDS" end
  if m.result ~= 0 then return "GAME_OVER" end
  if m.b[r * m.C + c + 1] ~= 0 then return "CELL_OCCUPIED" end
end

local function model_undo(m)
  local last = table.remove(m.hist)
  m.b[last[1] + 1] = 0; m.n = m.n - 1; m.result = 0; m.win = nil
  m.redo[#m.redo + 1] = last
  if m.n == 0 then m.first = m.start end -- undo is the exact inverse of a move
end

local function model_redo(m)
  local mv = table.remove(m.redo)
  if m.n == 0 then m.first = mv[2] end
  model_place(m, mv[1], mv[2])
end

local function model_reset(m)
  for i = 1, #m.b do m.b[i] = 0 end
  m.n, m.hist, m.redo, m.first, m.start, m.result, m.win = 0, {}, {}, 1, 1, 0, nil
end

local function model_text(m)
  return string.format("%d,%d,%d:%s:%s", m.R, m.C, m.K, table.concat(board_rows(m.b, m.R, m.C), "/"),
    model_alt(m) == 1 and "X" or "O")
end

local function model_loaded(m) -- what from_text(to_text) gives: no history, line only known loosely
  local c = model_copy(m)
  c.hist, c.redo = {}, {}
  c.start = c.first -- a loaded empty board opens for the player its text names
  if c.result == 1 or c.result == 2 then c.win = "loose" end
  return c
end

-- compares every observable of g with m; returns a list of mismatches (empty when equal)
local function compare(g, m)
  local errs = {}
  local function want(what, got, exp)
    if got ~= exp then errs[#errs + 1] = what .. ": got " .. tostring(got) .. " want " .. tostring(exp) end
  end
  local R, C, N = m.R, m.C, m.R * m.C
  local r, c, k = g:size()
  want("size", tostring(r) .. "," .. tostring(c) .. "," .. tostring(k), R .. "," .. C .. "," .. m.K)
  want("g.rows/cols/k", tostring(g.rows) .. "," .. tostring(g.cols) .. "," .. tostring(g.k), R .. "," .. C .. "," .. m.K)
  want("result", g:result(), RESULT_NAME[m.result])
  want("winner", g:winner(), (m.result == 1 or m.result == 2) and m.result or 0)
  want("to_move", g:to_move(), model_to_move(m))
  want("first_player", g:first_player(), m.first)
  want("move_count", g:move_count(), m.n)
  local cells = g:cells()
  if type(cells) ~= "table" or #cells ~= N then
    errs[#errs + 1] = "cells(): " .. show(cells)
  else
    for i = 1, N do
      if cells[i] ~= m.b[i] then errs[#errs + 1] = "cells()[" .. i .. "] = " .. tostring(cells[i]) .. " want " .. m.b[i]; break end
    end
  end
  if N <= 49 then
    for i = 0, N - 1 do
      local v = g:cell(floor(i / C), i % C)
      if v ~= m.b[i + 1] then errs[#errs + 1] = "cell(" .. floor(i / C) .. "," .. i % C .. ") = " .. tostring(v) .. " want " .. m.b[i + 1]; break end
    end
  end
  local mv, why = pairs_to_cells(g:moves(), C)
  local hist = {}
  for i = 1, #m.hist do hist[i] = m.hist[i][1] end
  if not mv then errs[#errs + 1] = "moves(): " .. why
  elseif not same_list(mv, hist) then errs[#errs + 1] = "moves() = " .. show(mv) .. " want " .. show(hist) end
  local lm, why2 = pairs_to_cells(g:legal_moves(), C)
  local legal = {}
  if m.result == 0 then for i = 1, N do if m.b[i] == 0 then legal[#legal + 1] = i - 1 end end end
  if not lm then errs[#errs + 1] = "legal_moves(): " .. why2
  elseif not same_list(lm, legal) then errs[#errs + 1] = "legal_moves() = " .. show(lm) .. " want " .. show(legal) end
  local wl, why3 = pairs_to_cells(g:winning_line(), C)
  if not wl then errs[#errs + 1] = "winning_line(): " .. why3
  elseif m.result ~= 1 and m.result ~= 2 then
    if #wl ~= 0 then errs[#errs + 1] = "winning_line() = " .. show(wl) .. " with no winner" end
  elseif m.win == "loose" then
    -- a straight, unbroken, maximal run of the winner's stones, at least k long
    local ok = #wl >= m.K
    local s = sorted_copy(wl)
    if ok then
      for i = 1, #s do if m.b[s[i] + 1] ~= m.result then ok = false end end
    end
    if ok and #s >= 2 then
      local step = s[2] - s[1]
      local dr, dc = floor(s[2] / C) - floor(s[1] / C), s[2] % C - s[1] % C
      local known = false
      for d = 1, 4 do if DIRS[d][1] == dr and DIRS[d][2] == dc then known = true end end
      if not known then ok = false
      else
        for i = 2, #s do
          local r1, c1 = floor(s[i - 1] / C), s[i - 1] % C
          if s[i] ~= s[i - 1] + step or floor(s[i] / C) ~= r1 + dr or s[i] % C ~= c1 + dc then ok = false end
        end
        if ok then -- maximal at both ends
          local r1, c1 = floor(s[1] / C) - dr, s[1] % C - dc
          if r1 >= 0 and r1 < R and c1 >= 0 and c1 < C and m.b[r1 * C + c1 + 1] == m.result then ok = false end
          local r2, c2 = floor(s[#s] / C) + dr, s[#s] % C + dc
          if r2 >= 0 and r2 < R and c2 >= 0 and c2 < C and m.b[r2 * C + c2 + 1] == m.result then ok = false end
        end
      end
    end
    if not ok then errs[#errs + 1] = "winning_line() = " .. show(wl) .. " is not a maximal run of the winner" end
  else
    if not same_list(sorted_copy(wl), sorted_copy(m.win)) then
      errs[#errs + 1] = "winning_line() = " .. show(wl) .. " want (any order) " .. show(m.win)
    end
  end
  want("to_text", g:to_text(), model_text(m))
  return errs
end

---------------------------------------------------------------------------------------------
-- Sections
---------------------------------------------------------------------------------------------

---------------------------------------------------------------------------------------------
-- Subprocess checks, run first (a crash there is a failed check, not a dead audit; a double
-- free would otherwise also surface later as an abort of this process)
---------------------------------------------------------------------------------------------

local LUAJIT = (arg and arg[-1]) or "luajit"
local LIB = os.getenv("TICTACTOE_LIB")

local function run_sub(code, envprefix)
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(code)
  f:close()
  local p = io.popen((envprefix or "") .. " " .. LUAJIT .. " " .. path .. " 2>&1; echo \"EXIT:$?\"")
  local out = p:read("*a")
  p:close()
  os.remove(path)
  local rc = tonumber(out:match("EXIT:(%d+)%s*$"))
  return rc, out
end

section("lifetime: GC finalizers (subprocess)", function()
  -- dropped games, closed games and clones through many GC cycles; a double free or a use
  -- after free would abort or crash this child
  local rc, out = run_sub([[
    local ttt = require("tictactoe")
    for round = 1, 20 do
      local keep = {}
      for i = 1, 200 do
        local g = ttt.Game(4, 4, 3)
        g:play(i % 4, 0)
        if i % 5 == 0 then keep[#keep + 1] = g:clone() end
        if i % 3 == 0 then g:close() end
        if i % 7 == 0 then g:close(); g:close() end
      end
      collectgarbage(); collectgarbage()
      for _, c in ipairs(keep) do assert(c:move_count() == 1) end
    end
    collectgarbage(); collectgarbage()
    print("DONE")
  ]])
  check("gc.churn", rc == 0 and out:find("DONE", 1, true), "child exited " .. tostring(rc) .. ": " .. out:sub(1, 400))
  -- finalizers free native memory: 200 unreachable clones of a 2048x2048 game must not keep
  -- 200 boards' worth of memory. Calibrated by keeping 10 alive first.
  rc, out = run_sub([[
    local ttt = require("tictactoe")
    local function rss()
      local f = io.open("/proc/self/statm"); local _, r = f:read("*n", "*n"); f:close(); return r * 4096
    end
    local g = ttt.Game(2048, 2048, 5)
    for i = 0, 40 do g:play(i * 37 % 2048, i * 53 % 2048) end
    collectgarbage(); collectgarbage()
    local r0 = rss()
    local keep = {}
    for i = 1, 10 do keep[i] = g:clone() end
    local per = (rss() - r0) / 10
    keep = nil
    collectgarbage(); collectgarbage()
    local r2 = rss()
    for i = 1, 200 do local c = g:clone(); if i % 10 == 0 then collectgarbage() end end
    collectgarbage(); collectgarbage()
    local r3 = rss()
    print(string.format("PER %d GROWTH %d", per, r3 - r2))
  ]])
  local per, growth = out:match("PER (%-?%d+) GROWTH (%-?%d+)")
  per, growth = tonumber(per), tonumber(growth)
  if rc == 0 and per and per < 256 * 1024 then
    note("GC memory check inconclusive: a clone of a 2048x2048 game adds only " .. tostring(per) .. " bytes of RSS")
  else
    check("gc.frees", rc == 0 and per and growth < 40 * per, "child " .. tostring(rc) .. ": " .. out:sub(1, 300)
      .. " (200 dropped clones grew RSS by " .. tostring(growth) .. ", one clone is " .. tostring(per) .. ")")
    if per then note(string.format("GC memory check: one 2048x2048 clone = %.1f MB RSS; 200 dropped clones grew RSS by %.1f MB",
      per / 2 ^ 20, (growth or 0) / 2 ^ 20)) end
  end
end)

section("loading, LOVE-style (subprocess)", function()
  if not LIB then check("load.env", false, "TICTACTOE_LIB is not set"); return end
  local dir, base = LIB:match("^(.*)/([^/]+)$")
  -- explicit load by path with TICTACTOE_LIB unset
  local rc, out = run_sub(string.format([[
    local ttt = require("tictactoe")
    ttt.load(%q)
    local g = ttt.Game(); g:play(1, 1)
    assert(g:to_text() == "3,3,3:.../.X./...:O", g:to_text())
    assert(require("tictactoe") == ttt)
    print("DONE")
  ]], LIB), "env -u TICTACTOE_LIB")
  check("load.path", rc == 0 and out:find("DONE", 1, true), "ttt.load(path) without TICTACTOE_LIB: " .. out:sub(1, 400))
  -- LOVE-style: love.filesystem.getSourceBaseDirectory() .. "/libtictactoe.so", as the README shows
  rc, out = run_sub(string.format([[
    love = { filesystem = { getSourceBaseDirectory = function() return %q end } }
    local ttt = require("tictactoe")
    ttt.load(love.filesystem.getSourceBaseDirectory() .. "/" .. %q)
    function love.load() game = ttt.tictactoe(3) end
    function love.mousepressed(x, y) local r, c = math.floor(y / 100), math.floor(x / 100); game:play(r, c) end
    love.load()
    love.mousepressed(150, 50)           -- row 0, col 1 (x and y are numbers from the engine)
    love.mousepressed(250.0, 150.0)      -- floats that are integers after floor
    assert(game:cell(0, 1) == 1 and game:cell(1, 2) == 2)
    local r, c, s = game:best_move()
    assert(type(r) == "number" and type(s) == "number")
    print("DONE")
  ]], dir, base), "env -u TICTACTOE_LIB")
  check("load.love", rc == 0 and out:find("DONE", 1, true), "LOVE-style load and use: " .. out:sub(1, 400))
  -- a bad path is a catchable error
  rc, out = run_sub([[
    local ttt = require("tictactoe")
    local ok, e = pcall(ttt.load, "/nonexistent/libtictactoe.so")
    print(ok and "LOADED" or ("ERR " .. type(e) .. " " .. tostring(e)))
  ]], "env -u TICTACTOE_LIB")
  check("load.badpath", rc == 0 and out:find("ERR", 1, true), "ttt.load(bad path): " .. out:sub(1, 400))
  note("ttt.load(bad path) -> " .. (out:match("ERR [^\n]*") or out:sub(1, 200)))
  -- no TICTACTOE_LIB and no load(): the first use fails cleanly (unless the system has one)
  rc, out = run_sub([[
    local ok, ttt = pcall(require, "tictactoe")
    if not ok then print("REQUIRE-ERR " .. tostring(ttt)) return end
    local ok2, e = pcall(ttt.Game)
    print(ok2 and "OPENED" or ("ERR " .. type(e) .. " " .. tostring(e)))
  ]], "env -u TICTACTOE_LIB LD_LIBRARY_PATH=")
  check("load.missing", rc == 0, "no library and no load(): the child crashed: " .. out:sub(1, 400))
  note("no TICTACTOE_LIB, no load(): " .. (out:match("[^\n]+") or "?"))
end)


section("constants, tables, strings", function()
  check("version", ttt.version() == "0.1.0", "version() = " .. tostring(ttt.version()))
  for name, v in pairs(STATUS) do
    check("status table", ttt.status[name] == v, "ttt.status." .. name .. " = " .. tostring(ttt.status[name]) .. " want " .. v)
    check("status table", ttt.status[v] == name, "ttt.status[" .. v .. "] = " .. tostring(ttt.status[v]) .. " want " .. name)
    local s = ttt.status_str(v)
    check("status_str", type(s) == "string" and #s > 0 and s ~= "unknown status", "status_str(" .. v .. ") = " .. tostring(s))
  end
  check("status_str", ttt.status_str(4) == "cell occupied", "status_str(4) = " .. tostring(ttt.status_str(4)))
  check("status_str", ttt.status_str(16) == "unknown status", "status_str(16) = " .. tostring(ttt.status_str(16)))
  check("status_str", ttt.status_str(4294967295) == "unknown status", "status_str(2^32-1) = " .. tostring(ttt.status_str(4294967295)))
  for name, v in pairs(VERDICT) do
    check("verdict table", ttt.verdict[name] == v, "ttt.verdict." .. name .. " = " .. tostring(ttt.verdict[name]) .. " want " .. v)
    check("verdict table", ttt.verdict[v] == name, "ttt.verdict[" .. v .. "] = " .. tostring(ttt.verdict[v]) .. " want " .. name)
    local s = ttt.verdict_str(v)
    check("verdict_str", type(s) == "string" and #s > 0 and s ~= "unknown verdict", "verdict_str(" .. v .. ") = " .. tostring(s))
  end
  check("verdict_str", ttt.verdict_str(8) == "unknown verdict", "verdict_str(8) = " .. tostring(ttt.verdict_str(8)))
  check("verdict_str", ttt.verdict_str(VERDICT.BOTH_WIN) == "both players have a line",
    "verdict_str(BOTH_WIN) = " .. tostring(ttt.verdict_str(VERDICT.BOTH_WIN)))
  for v = 0, 3 do
    check("result_str", ttt.result_str(v) == RESULT_NAME[v], "result_str(" .. v .. ") = " .. tostring(ttt.result_str(v)))
  end
  check("result_str", ttt.result_str(4) == "unknown", "result_str(4) = " .. tostring(ttt.result_str(4)))
  for name, v in pairs(LEVEL) do
    check("level table", ttt.level[name] == v, "ttt.level." .. name .. " = " .. tostring(ttt.level[name]) .. " want " .. v)
  end
  check("Error metatable", type(ttt.Error) == "table", "ttt.Error is " .. type(ttt.Error))
end)

section("README example", function()
  local g = ttt.Game(3, 3, 3)
  g:play(1, 1)
  check("readme.move", g:move(0, 0, 2) == 0, "g:move(0,0,2) ~= 0")
  local res, tm = g:result(), g:to_move()
  check("readme.result", res == "Pending" and tm == 1, "result, to_move = " .. tostring(res) .. ", " .. tostring(tm))
  check("readme.text", g:to_text() == "3,3,3:O../.X./...:X", "to_text = " .. tostring(g:to_text()))
  check("readme.tostring", tostring(g):find("3,3,3:O../.X./...:X", 1, true) ~= nil, "tostring(g) = " .. tostring(g))
  local h = ttt.from_text(g:to_text())
  check("readme.from_text", h:to_text() == g:to_text() and h:to_move() == 1, "from_text round trip: " .. h:to_text())
  h:close()
  check("readme.judge", ttt.judge({ { 0, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }) == "A", "judge example")
  local ok, why, code = ttt.validate({ "XOX", " X ", "   " })
  check("readme.validate", ok == false and type(why) == "string" and code == VERDICT.TOO_MANY_X,
    "validate({XOX, X, }) = " .. tostring(ok) .. ", " .. tostring(why) .. ", " .. tostring(code))
  check("readme.validate", why == ttt.verdict_str(VERDICT.TOO_MANY_X), "reason " .. tostring(why))
  local ok2 = ttt.validate("XOX/O O/XOX")
  check("readme.validate", ok2 == true, "validate('XOX/O O/XOX') = " .. tostring(ok2))
  g:close()
  local d = ttt.Game()
  local r, c, k = d:size()
  check("readme.Game()", r == 3 and c == 3 and k == 3, "Game() size " .. tostring(r) .. tostring(c) .. tostring(k))
  d:close()
  local t = ttt.tictactoe(5)
  r, c, k = t:size()
  check("readme.tictactoe(n)", r == 5 and c == 5 and k == 5 and t.rows == 5 and t.k == 5, "tictactoe(5) size")
  t:close()
end)

-- validate: exhaustive over 3x3 against the brute force, and over other small shapes
section("validate vs brute-force reachability", function()
  local function board_of(code, N)
    local b = {}
    for i = 1, N do b[i] = code % 3; code = floor(code / 3) end
    return b
  end
  local shapes = { { 3, 3, 3 }, { 3, 3, 2 }, { 2, 4, 3 }, { 2, 4, 2 }, { 1, 6, 3 }, { 4, 2, 2 }, { 2, 3, 3 }, { 1, 1, 1 }, { 2, 2, 1 } }
  for _, sh in ipairs(shapes) do
    local R, C, K = sh[1], sh[2], sh[3]
    local N = R * C
    local reach, count, terminal = reachable_set(R, C, K)
    if R == 3 and C == 3 and K == 3 then
      check("reference.self", count == 5478, "brute force found " .. count .. " reachable 3x3 boards, not 5478")
      check("reference.self", terminal == 958, "brute force found " .. terminal .. " terminal 3x3 boards, not 958")
    end
    local nvalid = 0
    for code = 0, 3 ^ N - 1 do
      local b = board_of(code, N)
      local key = table.concat(b)
      local truth = reach[key] == true
      local rv = ref_verdict(b, R, C, K)
      check("reference.self", (rv == 0) == truth, function() return "the validity rule vs brute force on " .. key end)
      local rows = board_rows(b, R, C, (code % 2 == 0) and "." or " ")
      local kk = (R == C and code % 3 == 0) and nil or K
      local form = code % 4
      local arg
      local one = (R == 1) and "/" or "" -- one row needs a (trailing) separator to count as split
      if form == 0 then arg = rows
      elseif form == 1 then arg = table.concat(rows, "/") .. one
      elseif form == 2 then arg = table.concat(rows, "\n") .. (R == 1 and "\n" or "")
      else arg = (R == C) and table.concat(rows) or (table.concat(rows, "/") .. "/") end
      local ok, v, reason, vcode = pcall(ttt.validate, arg, kk)
      if check("validate.call", ok, function() return "validate(" .. show(arg) .. ", " .. tostring(kk) .. ") raised " .. errdesc(v) end) then
        if v then nvalid = nvalid + 1 end
        check("validate.reachable", v == truth, function()
          return string.format("%dx%d k=%d board %s: validate says %s, brute force %s", R, C, K, show(arg), tostring(v), tostring(truth))
        end)
        check("validate.code", vcode == rv, function()
          return string.format("%dx%d k=%d board %s: code %s, want %d (%s)", R, C, K, show(arg), tostring(vcode), rv, tostring(ttt.verdict[rv]))
        end)
        if not truth then
          check("validate.reason", type(reason) == "string" and reason == ttt.verdict_str(rv), function()
            return "reason " .. tostring(reason) .. " for " .. show(arg)
          end)
        end
      end
    end
    check("validate.count", nvalid == count, function()
      return string.format("%dx%d k=%d: %d boards valid per binding, %d reachable", R, C, K, nvalid, count)
    end)
  end
end)

section("validate vs the validity rule, bigger shapes", function()
  local shapes = { { 4, 4, 3 }, { 5, 5, 4 }, { 3, 7, 3 }, { 6, 4, 4 }, { 8, 8, 5 }, { 4, 4, 4 }, { 9, 9, 3 }, { 10, 3, 3 } }
  for _, sh in ipairs(shapes) do
    local R, C, K = sh[1], sh[2], sh[3]
    local N = R * C
    for _ = 1, 600 do
      -- play a random game so counts are mostly valid, then perturb
      local b = {}
      for i = 1, N do b[i] = 0 end
      local stones = rand(0, N)
      local p = 1
      for _ = 1, stones do
        local i = rand(1, N)
        if b[i] == 0 then b[i] = p; p = 3 - p end
      end
      local t = rand()
      if t < 0.15 then b[rand(1, N)] = rand(0, 2) elseif t < 0.25 then b[rand(1, N)] = 1; b[rand(1, N)] = 1 end
      local rv = ref_verdict(b, R, C, K)
      local rows = board_rows(b, R, C, rand() < 0.5 and "." or " ")
      local arg = (rand() < 0.5) and rows or table.concat(rows, rand() < 0.5 and "/" or "\n")
      if R == C and rand() < 0.3 then arg = table.concat(rows) end -- unsplit square string
      local kk = K
      if R == C and K == R and rand() < 0.5 then kk = nil end    -- k = nil means k = rows = cols
      local ok, v, _, vcode = pcall(ttt.validate, arg, kk)
      if check("validate.call", ok, function() return "validate raised " .. errdesc(v) end) then
        check("validate.reachable", v == (rv == 0), function()
          return string.format("%dx%d k=%d %s: %s, the validity rule says %s", R, C, K, show(arg), tostring(v), tostring(ttt.verdict[rv]))
        end)
        check("validate.code", vcode == rv, function()
          return string.format("%dx%d k=%d %s: code %s, want %d", R, C, K, show(arg), tostring(vcode), rv)
        end)
      end
    end
  end
end)

section("validate argument forms and errors", function()
  -- valid board's reason/code
  local ok, v, reason, code = pcall(ttt.validate, "X../.../...")
  note("validate of a reachable board returns: " .. show({ v, reason, code }))
  check("validate.valid.code", ok and v == true and code == 0, "validate('X../.../...') -> " .. show({ v, reason, code }))
  check("validate.trailing", (ttt.validate("XOX/O O/XOX/")) == true, "one trailing '/' is allowed")
  check("validate.trailing", (ttt.validate("XOX\nO O\nXOX\n")) == true, "one trailing newline is allowed")
  check("validate.unsplit", (ttt.validate("XOXO O XO")) == false, "unsplit 'XOXO O XO' is 3x3 with 3 X and 4 O")
  check("validate.unsplit", (ttt.validate("X........")) == true, "unsplit 9-cell string is 3x3")
  check("validate.unsplit", (ttt.validate("X")) == true, "'X' is a 1x1 board, k=1, reachable")
  check("validate.k", (ttt.validate({ "XX.", "OO.", "..." }, 2)) == false, "k=2: X has a line with x==o")
  check("validate.k", (ttt.validate({ "XX.", "O..", "..." }, 2)) == true, "k=2: X won on its 2nd stone")
  check("validate.nonsquare", (ttt.validate({ "XO.O" }, 2)) == false, "1x4 k=2 'XO.O': O has no line; x=1,o=2 -> too many O")
  local e
  e = expect_err("validate.parse", "PARSE_ERROR", ttt.validate, { "XOX", "OX" })
  note("validate({'XOX', 'OX'}) (unequal rows) -> " .. errdesc(e))
  e = expect_err("validate.parse", "PARSE_ERROR", ttt.validate, "XOX")
  check("validate.detail", e and type(e.detail) == "string" and #e.detail > 0, "non-square unsplit: detail " .. errdesc(e))
  expect_err("validate.parse", "PARSE_ERROR", ttt.validate, "XOX/OZO/XOX")
  expect_err("validate.parse", "PARSE_ERROR", ttt.validate, { "XOX", "OZO", "XOX" })
  expect_err("validate.parse", "PARSE_ERROR", ttt.validate, "XOX/O O/XO")
  expect_err("validate.parse", "PARSE_ERROR", ttt.validate, "XOX//O O/XOX")
  check("validate.ends", (ttt.validate("XOX/O O/XOX//")) == true, "separators at either end make no row")
  e = expect_err("validate.nul", "PARSE_ERROR", ttt.validate, { "X\0X", "...", "..." })
  check("validate.detail", e and type(e.detail) == "string", "NUL in a row: detail " .. errdesc(e))
  expect_err("validate.nul", "PARSE_ERROR", ttt.validate, "X\0X/.../...")
  expect_err("validate.k0", "INVALID_ARGUMENT", ttt.validate, "XOX/O O/XOX", 0)
  expect_err("validate.kbig", "INVALID_ARGUMENT", ttt.validate, "XOX/O O/XOX", 4)
  expect_err("validate.knil.nonsquare", "INVALID_ARGUMENT", ttt.validate, { "XO.O" })
  expect_err("validate.knil.nonsquare", "INVALID_ARGUMENT", ttt.validate, "XO./O..")
  expect_str_err("validate.type", nil, ttt.validate, nil)
  expect_str_err("validate.type", nil, ttt.validate, 5)
  expect_str_err("validate.type", nil, ttt.validate, { "XOX", 5, "XOX" })
  expect_str_err("validate.type", nil, ttt.validate, "XOX/O O/XOX", 2.5)
  expect_str_err("validate.type", nil, ttt.validate, "XOX/O O/XOX", -1)
  expect_str_err("validate.type", nil, ttt.validate, "XOX/O O/XOX", "3")
  expect_str_err("validate.type", nil, ttt.validate, "XOX/O O/XOX", 2 ^ 32 + 3)
  local okE, eE = pcall(ttt.validate, "")
  note("validate('') -> " .. (okE and "success " .. tostring(eE) or errdesc(eE)))
  local okL, eL = pcall(ttt.validate, {})
  note("validate({}) -> " .. (okL and "success " .. tostring(eL) or errdesc(eL)))
  check("validate.ends", (ttt.validate("/XOX/O O/XOX")) == true, "a leading separator makes no row")
  local okR, eR = pcall(ttt.validate, "XOX\r\nO O\r\nXOX")
  note("validate with CRLF -> " .. (okR and "success " .. tostring(eR) or errdesc(eR)))
end)

-- judge / find_winner: random move lists against the replaying reference
section("judge and find_winner vs replay", function()
  local shapes = { { 3, 3, 3 }, { 4, 4, 3 }, { 5, 5, 4 }, { 1, 7, 3 }, { 6, 2, 2 }, { 4, 6, 4 }, { 7, 7, 5 },
    { 1, 1, 1 }, { 2, 2, 2 }, { 3, 5, 5 }, { 2, 9, 3 }, { 15, 15, 5 } }
  local counts = {}
  for _, sh in ipairs(shapes) do
    local R, C, K = sh[1], sh[2], sh[3]
    local N = R * C
    for _ = 1, 350 do
      local perm = {}
      for i = 0, N - 1 do perm[i + 1] = i end
      for i = N, 2, -1 do local j = rand(1, i); perm[i], perm[j] = perm[j], perm[i] end
      local len = rand(0, math.min(N + 2, 40))
      local moves = {}
      for i = 1, len do
        local t = rand()
        local cell = perm[((i - 1) % N) + 1]
        local r, c = floor(cell / C), cell % C
        if t < 0.03 then r = R + rand(0, 2)
        elseif t < 0.05 then c = C + rand(0, 2)
        elseif t < 0.06 then r = 4294967295
        elseif t < 0.09 and i > 1 then r, c = moves[rand(1, i - 1)][1], moves[rand(1, i - 1)][2] end
        moves[i] = { r, c }
      end
      local want, wname, widx = ref_judge(moves, R, C, K)
      counts[want or wname] = (counts[want or wname] or 0) + 1
      local args = { moves, R, C, K }
      if R == 3 and C == 3 and K == 3 and rand() < 0.5 then args = { moves } end
      local ok, got = pcall(ttt.judge, unpack(args, 1, 4))
      if want then
        check("judge.result", ok and got == want, function()
          return string.format("judge(%s, %d,%d,%d) = %s, want %s", show(moves), R, C, K, ok and tostring(got) or errdesc(got), want)
        end)
      else
        check("judge.error", not ok and is_err(got, wname), function()
          return string.format("judge(%s, %d,%d,%d): got %s, want %s at %d", show(moves), R, C, K,
            ok and tostring(got) or errdesc(got), wname, widx)
        end)
        check("judge.index", not ok and type(got) == "table" and got.index == widx, function()
          return string.format("judge(%s, %d,%d,%d): index %s, want %d (%s)", show(moves), R, C, K,
            type(got) == "table" and tostring(got.index) or "?", widx, wname)
        end)
      end
      if R == 3 and C == 3 and K == 3 then
        local ok2, got2 = pcall(ttt.find_winner, moves)
        if want then
          check("find_winner.result", ok2 and got2 == want, function()
            return "find_winner(" .. show(moves) .. ") = " .. (ok2 and tostring(got2) or errdesc(got2)) .. " want " .. want
          end)
        else
          check("find_winner.error", not ok2 and is_err(got2, wname) and got2.index == widx, function()
            return "find_winner(" .. show(moves) .. ") -> " .. (ok2 and tostring(got2) or errdesc(got2)) .. " want " .. wname .. " index " .. widx
          end)
        end
      end
    end
  end
  for _, k in ipairs({ "A", "B", "Draw", "Pending", "OUT_OF_BOUNDS", "GAME_OVER", "CELL_OCCUPIED" }) do
    check("judge.coverage", (counts[k] or 0) >= 8, "the generator produced only " .. tostring(counts[k]) .. " of " .. k)
  end
  -- documented order: bounds before game over
  local e = expect_err("judge.order", "OUT_OF_BOUNDS", ttt.judge, { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 }, { 3, 3 } })
  check("judge.order", e and e.index == 6, "index " .. errdesc(e))
  e = expect_err("judge.order", "GAME_OVER", ttt.judge, { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 }, { 0, 0 } })
  check("judge.order", e and e.index == 6, "index " .. errdesc(e))
  -- size errors carry no index
  e = expect_err("judge.size", "INVALID_ARGUMENT", ttt.judge, { { 0, 0 } }, 3, 3, 0)
  check("judge.size.noindex", e and e.index == nil, "INVALID_ARGUMENT has index " .. errdesc(e))
  expect_err("judge.size", "INVALID_ARGUMENT", ttt.judge, {}, 0, 3, 1)
  expect_err("judge.size", "INVALID_ARGUMENT", ttt.judge, {}, 3, 3, 4)
  expect_err("judge.size", "TOO_LARGE", ttt.judge, {}, 8193, 8192, 3)
  expect_err("judge.size", "TOO_LARGE", ttt.judge, {}, 65536, 65536, 1)
  expect_err("judge.size", "TOO_LARGE", ttt.judge, {}, 4294967295, 4294967295, 5)
  local okb, rb = pcall(ttt.judge, { { 4095, 4095 }, { 0, 0 } }, 4096, 4096, 5)
  check("judge.big", okb and rb == "Pending", "judge on 4096x4096: " .. (okb and tostring(rb) or errdesc(rb)))
  check("judge.empty", ttt.judge({}) == "Pending", "judge({})")
  e = expect_err("judge.huge", "OUT_OF_BOUNDS", ttt.judge, { { 0, 0 }, { 4294967295, 0 } })
  check("judge.huge", e and e.index == 2, "index " .. errdesc(e))
  -- misuse caught in Lua
  expect_str_err("judge.arg", nil, ttt.judge, { { 0, 0.5 } })
  -- a move-list coordinate no uint32_t holds is a cell off the board (it must not wrap to a
  -- cell on it), reported in order like any other bad move
  for _, m in ipairs({ { -1, 0 }, { 2 ^ 32, 0 }, { 0, 2 ^ 32 + 1 } }) do  -- would wrap to 0, 1
    e = expect_err("judge.offboard", "OUT_OF_BOUNDS", ttt.judge, { { 1, 1 }, m })
    check("judge.offboard", e and e.index == 2, "index " .. errdesc(e))
    e = expect_err("judge.offboard", "CELL_OCCUPIED", ttt.judge, { { 1, 1 }, { 1, 1 }, m })
    check("judge.offboard", e and e.index == 2, "index " .. errdesc(e))
  end
  expect_str_err("judge.arg", nil, ttt.judge, { { 0 } })
  expect_str_err("judge.arg", nil, ttt.judge, { 0, 0 })
  expect_str_err("judge.arg", nil, ttt.judge, { { "0", "0" } })
  expect_str_err("judge.arg", nil, ttt.judge, { { 0, 0 }, { nil, 1 } })
  expect_str_err("judge.arg", nil, ttt.judge, "0,0")
  expect_str_err("judge.arg", nil, ttt.judge, nil)
  expect_str_err("judge.arg", nil, ttt.judge, {}, 3.5, 3, 3)
  expect_str_err("judge.arg", nil, ttt.judge, {}, -3, 3, 3)
  expect_str_err("judge.arg", nil, ttt.judge, {}, 2 ^ 32 + 3, 3, 3)
  expect_str_err("find_winner.arg", nil, ttt.find_winner, { { 0, 1.5 } })
  local ok3, e3 = pcall(ttt.judge, { { 0, 0, 0 } })
  note("judge({{0,0,0}}) (a triple) -> " .. (ok3 and "success " .. tostring(e3) or errdesc(e3)))
end)

-- the game object over random operation sequences, against the model
section("game model, random operations", function()
  local shapes = { { 3, 3, 3 }, { 4, 4, 3 }, { 3, 5, 4 }, { 1, 6, 3 }, { 5, 1, 2 }, { 2, 2, 2 }, { 1, 1, 1 },
    { 6, 6, 4 }, { 4, 7, 5 }, { 7, 3, 7 }, { 12, 12, 5 }, { 64, 64, 3, 3 }, { 1, 300, 4, 3 } }
  local opcount = {}
  local function bump(k) opcount[k] = (opcount[k] or 0) + 1 end
  for _, sh in ipairs(shapes) do
    local R, C, K = sh[1], sh[2], sh[3]
    local N = R * C
    for _ = 1, sh[4] or 24 do
      local live = { { g = ttt.Game(R, C, K), m = model_new(R, C, K) } }
      local trace = {}
      local broken = false
      local function fail(id, what)
        check(id, false, function()
          return string.format("%dx%d k=%d after [%s]: %s", R, C, K, table.concat(trace, " "), what)
        end)
        broken = true
      end
      local function pick_cell(m)
        local t = rand()
        if t < 0.06 then return rand(R, R + 2), rand(0, C - 1) end
        if t < 0.10 then return rand(0, R - 1), rand(C, C + 2) end
        if t < 0.11 then return 4294967295, 0 end
        if t < 0.70 and m.n < N then
          local free = {}
          for i = 1, N do if m.b[i] == 0 then free[#free + 1] = i - 1 end end
          local cell = free[rand(1, #free)]
          return floor(cell / C), cell % C
        end
        return rand(0, R - 1), rand(0, C - 1)
      end
      for _ = 1, 70 do
        if broken then break end
        local li = rand(1, #live)
        local L = live[li]
        local g, m = L.g, L.m
        local t = rand()
        if t < 0.30 then
          local r, c = pick_cell(m)
          local p
          local u = rand()
          if u < 0.05 then p = (rand() < 0.5) and 0 or 3
          elseif u < 0.06 then p = 4294967295
          elseif m.n == 0 then p = rand(1, 2)
          elseif u < 0.85 then p = model_alt(m)
          else p = 3 - model_alt(m) end
          trace[#trace + 1] = string.format("g%d:move(%d,%d,%d)", li, r, c, p)
          local werr = model_move_err(m, r, c, p)
          local ok, got = pcall(g.move, g, r, c, p)
          if werr then
            bump(werr)
            if not (not ok and is_err(got, werr)) then
              fail("model.move.error", "got " .. (ok and ("success " .. tostring(got)) or errdesc(got)) .. ", want " .. werr)
            end
          else
            bump("move")
            local w = model_move(m, r, c, p)
            if not (ok and got == w) then fail("model.move.ok", "got " .. (ok and tostring(got) or errdesc(got)) .. ", want " .. w) end
          end
        elseif t < 0.60 then
          local r, c = pick_cell(m)
          trace[#trace + 1] = string.format("g%d:play(%d,%d)", li, r, c)
          local werr = model_play_err(m, r, c)
          local ok, got = pcall(g.play, g, r, c)
          if werr then
            bump(werr)
            if not (not ok and is_err(got, werr)) then
              fail("model.play.error", "got " .. (ok and "success" or errdesc(got)) .. ", want " .. werr)
            end
          else
            bump("play")
            model_move(m, r, c, model_alt(m))
            if not ok then fail("model.play.ok", "got " .. errdesc(got)) end
          end
        elseif t < 0.75 then
          trace[#trace + 1] = "g" .. li .. ":undo()"
          local ok, got = pcall(g.undo, g)
          if #m.hist == 0 then
            bump("NOTHING_TO_UNDO")
            if not (not ok and is_err(got, "NOTHING_TO_UNDO")) then fail("model.undo.error", "got " .. (ok and "success" or errdesc(got))) end
          else
            bump("undo")
            model_undo(m)
            if not ok then fail("model.undo.ok", "got " .. errdesc(got)) end
          end
        elseif t < 0.86 then
          trace[#trace + 1] = "g" .. li .. ":redo()"
          local ok, got = pcall(g.redo, g)
          if #m.redo == 0 then
            bump("NOTHING_TO_REDO")
            if not (not ok and is_err(got, "NOTHING_TO_REDO")) then fail("model.redo.error", "got " .. (ok and "success" or errdesc(got))) end
          else
            bump("redo")
            model_redo(m)
            if not ok then fail("model.redo.ok", "got " .. errdesc(got)) end
          end
        elseif t < 0.88 then
          trace[#trace + 1] = "g" .. li .. ":reset()"
          bump("reset")
          local ok, got = pcall(g.reset, g)
          model_reset(m)
          if not ok then fail("model.reset", errdesc(got)) end
        elseif t < 0.93 then
          if #live < 4 then
            trace[#trace + 1] = "g" .. (#live + 1) .. "=g" .. li .. ":clone()"
            bump("clone")
            local ok, g2 = pcall(g.clone, g)
            if ok then live[#live + 1] = { g = g2, m = model_copy(m) } else fail("model.clone", errdesc(g2)) end
          end
        else
          trace[#trace + 1] = "g" .. li .. "=from_text(g" .. li .. ":to_text())"
          bump("text")
          local text = g:to_text()
          if text ~= model_text(m) then
            fail("model.to_text", "to_text " .. tostring(text) .. " want " .. model_text(m))
          else
            local ok, g2 = pcall(ttt.from_text, text)
            if ok then
              g:close()
              L.g, L.m = g2, model_loaded(m)
            else
              fail("model.from_text", "from_text(" .. text .. ") raised " .. errdesc(g2))
            end
          end
        end
        if not broken then
          -- every live game is checked: a failed call must leave it unchanged, and clones
          -- must be independent
          for gi, L2 in ipairs(live) do
            local errs = compare(L2.g, L2.m)
            if #errs > 0 then fail("model.state", "g" .. gi .. ": " .. table.concat(errs, "; ")); break end
          end
        end
        if not broken then total = total + 1 end -- one passed step
      end
      for _, L in ipairs(live) do L.g:close() end
    end
  end
  for _, k in ipairs({ "move", "play", "undo", "redo", "reset", "clone", "text", "INVALID_ARGUMENT", "OUT_OF_BOUNDS",
    "GAME_OVER", "WRONG_TURN", "CELL_OCCUPIED", "NOTHING_TO_UNDO", "NOTHING_TO_REDO" }) do
    check("model.coverage", (opcount[k] or 0) >= 30, "only " .. tostring(opcount[k]) .. " operations of kind " .. k)
  end
end)

section("game: documented fixed cases", function()
  -- player 2 opens
  local g = ttt.Game()
  check("p2open.move", g:move(1, 1, 2) == 0, "move(1,1,2) on an empty board")
  check("p2open.first", g:first_player() == 2 and g:to_move() == 1, "first_player/to_move after O opened")
  check("p2open.text", g:to_text() == "3,3,3:.../.O./...:X", "text " .. g:to_text())
  g:undo()
  check("p2open.undo", g:first_player() == 1 and g:to_move() == 1 and g:move_count() == 0,
    "after undoing O's opening (the fresh game again): first " .. g:first_player() .. " to_move " .. g:to_move())
  check("p2open.undo.text", g:to_text() == "3,3,3:.../.../...:X", "text after undo " .. g:to_text())
  local h = ttt.from_text("3,3,3:.../.../...:O")
  check("p2open.fromtext.empty", h:first_player() == 2 and h:to_move() == 2, "from_text('...:O') first " .. h:first_player())
  h:play(0, 0)
  check("p2open.fromtext.empty", h:cell(0, 0) == 2, "play after loading an empty O-to-move board put " .. h:cell(0, 0))
  h:close()
  g:redo()
  check("p2open.redo", g:cell(1, 1) == 2 and g:to_move() == 1 and g:first_player() == 2, "redo of O's opening")
  g:undo()
  g:play(0, 0)
  check("p2open.play", g:cell(0, 0) == 1, "play on the empty board after undoing O's opening plays X")
  g:reset()
  check("reset.first", g:first_player() == 1 and g:to_move() == 1, "reset gives the first move to player 1")
  expect_err("reset.history", "NOTHING_TO_UNDO", g.undo, g)
  expect_err("reset.history", "NOTHING_TO_REDO", g.redo, g)
  -- wrong turn, occupied, game over, order of checks
  g:move(0, 0, 1)
  expect_err("move.wrong_turn", "WRONG_TURN", g.move, g, 1, 1, 1)
  expect_err("move.order", "WRONG_TURN", g.move, g, 0, 0, 1)   -- wrong turn before occupied
  expect_err("move.order", "CELL_OCCUPIED", g.move, g, 0, 0, 2)
  expect_err("move.order", "OUT_OF_BOUNDS", g.move, g, 3, 0, 1) -- bounds before turn
  expect_err("move.order", "INVALID_ARGUMENT", g.move, g, 3, 0, 3) -- player before bounds
  g:move(1, 0, 2); g:move(0, 1, 1); g:move(1, 1, 2)
  check("move.winner", g:move(0, 2, 1) == 1, "X completes the top row")
  expect_err("move.order", "OUT_OF_BOUNDS", g.move, g, 0, 3, 2)  -- bounds before game over
  expect_err("move.order", "GAME_OVER", g.move, g, 2, 2, 2)      -- game over before turn
  expect_err("move.order", "GAME_OVER", g.move, g, 0, 0, 1)
  expect_err("play.order", "GAME_OVER", g.play, g, 0, 0)
  expect_err("play.order", "OUT_OF_BOUNDS", g.play, g, 9, 9)
  local wl = pairs_to_cells(g:winning_line(), 3)
  check("winning_line", wl and same_list(sorted_copy(wl), { 0, 1, 2 }), "winning line " .. show(wl))
  check("to_move.over", g:to_move() == 0, "to_move after the end")
  check("text.over", g:to_text() == "3,3,3:XXX/OO./...:O", "finished text " .. g:to_text())
  expect_err("best_move.over", "GAME_OVER", g.best_move, g)
  expect_err("optimal.over", "GAME_OVER", g.optimal_moves, g)
  expect_err("search.over", "GAME_OVER", g.search, g, { max_nodes = 100 })
  expect_err("ai.over", "GAME_OVER", g.ai_move, g, LEVEL.RANDOM, 1)
  local f = ttt.from_text("3,3,3:XXX/OO./...:O")
  check("from_text.over", f:result() == "A" and f:winner() == 1 and f:to_move() == 0, "loaded finished game")
  wl = pairs_to_cells(f:winning_line(), 3)
  check("from_text.over", wl and same_list(sorted_copy(wl), { 0, 1, 2 }), "loaded winning line " .. show(wl))
  expect_err("from_text.noundo", "NOTHING_TO_UNDO", f.undo, f)
  f:close()
  g:close()
  -- longer run: the whole run is the line (may exceed k)
  g = ttt.Game(2, 5, 3)
  for _, mv in ipairs({ { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 3 }, { 1, 3 }, { 0, 4 }, { 1, 4 } }) do g:play(mv[1], mv[2]) end
  g:play(0, 2)
  wl = pairs_to_cells(g:winning_line(), 5)
  check("winning_line.long", wl and same_list(sorted_copy(wl), { 0, 1, 2, 3, 4 }), "run XXXXX with k=3: line " .. show(wl))
  g:close()
  -- a draw
  g = ttt.Game()
  for _, mv in ipairs({ { 0, 0 }, { 0, 1 }, { 0, 2 }, { 1, 1 }, { 1, 0 }, { 1, 2 }, { 2, 1 }, { 2, 0 }, { 2, 2 } }) do g:play(mv[1], mv[2]) end
  check("draw", g:result() == "Draw" and g:winner() == 0 and g:to_move() == 0 and #g:legal_moves() == 0, "draw state")
  g:close()
  -- from_text formats
  local t = ttt.from_text("03,3,003:X O\n...\n...:X")
  check("from_text.forms", t:to_text() == "3,3,3:X.O/.../...:X", "leading zeros / ' ' / newline: " .. t:to_text())
  t:close()
  t = ttt.from_text("3,3,3:O../.../...:X")
  check("from_text.ofirst", t:first_player() == 2 and t:to_move() == 1, "O-first text: first " .. t:first_player())
  t:close()
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "garbage")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "+3,3,3:.../.../...:X")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, " 3,3,3:.../.../...:X")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "3,3,3:.../.../..:X")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "3,3,3:.../.../...:Z")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "3,3,3:.../.../...")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "3,3,3:.../.Z./...:X")
  expect_err("from_text.err", "PARSE_ERROR", ttt.from_text, "3,3,3:.../.../...\0:X")
  expect_err("from_text.err", "INVALID_ARGUMENT", ttt.from_text, "3,3,4:.../.../...:X")
  expect_err("from_text.err", "INVALID_ARGUMENT", ttt.from_text, "0,3,3::X")
  expect_err("from_text.err", "UNREACHABLE_BOARD", ttt.from_text, "3,3,3:XX./.../...:O")
  expect_err("from_text.err", "UNREACHABLE_BOARD", ttt.from_text, "3,3,3:X../.../...:X")
  expect_err("from_text.err", "UNREACHABLE_BOARD", ttt.from_text, "3,3,3:XXX/OOO/...:X")
  expect_str_err("from_text.type", nil, ttt.from_text, nil)
  expect_str_err("from_text.type", nil, ttt.from_text, {})
  -- results returned are fresh tables, not views of scratch buffers
  g = ttt.Game()
  g:play(0, 0)
  local mv1, c1, l1 = g:moves(), g:cells(), g:legal_moves()
  g:play(1, 1)
  check("fresh.tables", #mv1 == 1 and c1[5] == 0 and #l1 == 8, "tables returned earlier changed after a move: moves "
    .. show(mv1) .. " cells " .. show(c1))
  mv1[1][1] = 99
  check("fresh.tables", g:moves()[1][1] == 0, "mutating a returned pair changed the next moves()")
  g:close()
end)

-- best move: every position of 3x3 (both openers) against the plain minimax
section("best_move / optimal_moves / ai vs minimax, 3x3", function()
  local value = make_solver(3, 3, 3)
  local nonterminal, positions = 0, 0
  local immediate = { easy = 0, block = 0 }
  for opener = 1, 2 do
    local g = ttt.Game()
    local b = { 0, 0, 0, 0, 0, 0, 0, 0, 0 }
    local visited = {}
    local counter = 0
    local function dfs(n, mover)
      local key = table.concat(b) .. mover
      if visited[key] then return end
      visited[key] = true
      positions = positions + 1
      nonterminal = nonterminal + 1
      counter = counter + 1
      local best, scores = value(b, n, mover)
      local ok, r, c, s = pcall(g.best_move, g)
      if check("best_move.call", ok, function() return key .. ": " .. errdesc(r) end) then
        check("best_move.score", s == best, function() return "board " .. key .. " (to move " .. mover .. "): score " .. tostring(s) .. " want " .. best end)
        local cell = r * 3 + c
        check("best_move.move", scores[cell] == best, function()
          return "board " .. key .. ": move (" .. r .. "," .. c .. ") scores " .. tostring(scores[cell]) .. ", best " .. best
        end)
      end
      local want = optimal_set(best, scores)
      local ok2, om = pcall(g.optimal_moves, g)
      local got = ok2 and pairs_to_cells(om, 3)
      check("optimal_moves", got and same_list(got, want), function()
        return "board " .. key .. ": optimal_moves " .. (ok2 and show(got) or errdesc(om)) .. " want " .. show(want)
      end)
      -- AI levels (header): EASY takes a win in one, MEDIUM wins else blocks, PERFECT keeps the value
      local wins, threats = {}, {}
      for i = 1, 9 do
        if b[i] == 0 then
          b[i] = mover; if wins_at(b, 3, 3, 3, i - 1) then wins[i - 1] = true end
          b[i] = 3 - mover; if wins_at(b, 3, 3, 3, i - 1) then threats[i - 1] = true end
          b[i] = 0
        end
      end
      local function ai(level)
        local okA, ar, ac = pcall(g.ai_move, g, level, counter)
        if not check("ai_move.call", okA, function() return errdesc(ar) end) then return nil end
        local cell = ar * 3 + ac
        check("ai_move.legal", ar >= 0 and ar < 3 and ac >= 0 and ac < 3 and b[cell + 1] == 0, function()
          return "level " .. level .. " on " .. key .. " gave (" .. ar .. "," .. ac .. ")"
        end)
        local r2, c2 = g:ai_move(level, counter)
        check("ai_move.deterministic", r2 == ar and c2 == ac, "same seed, different move")
        return cell
      end
      local hasWin, hasThreat = next(wins) ~= nil, next(threats) ~= nil
      ai(LEVEL.RANDOM)
      local e = ai(LEVEL.EASY)
      if e and hasWin then immediate.easy = immediate.easy + 1; check("ai.easy.win", wins[e] == true, "EASY missed a win on " .. key) end
      local md = ai(LEVEL.MEDIUM)
      if md and hasWin then check("ai.medium.win", wins[md] == true, "MEDIUM missed a win on " .. key)
      elseif md and hasThreat then immediate.block = immediate.block + 1; check("ai.medium.block", threats[md] == true, "MEDIUM did not block on " .. key) end
      local pf = ai(LEVEL.PERFECT)
      if pf then check("ai.perfect", scores[pf] ~= nil and (rank(scores[pf]) == rank(best) or (best > 0 and scores[pf] > 0) or best < 0),
        function() return "PERFECT played " .. pf .. " (score " .. tostring(scores[pf]) .. ") on " .. key .. ", best " .. best end) end
      local okS, sr, sc = pcall(g.search, g, { max_nodes = 64, seed = counter })
      if check("search.call", okS, function() return errdesc(sr) end) then
        local cell = sr * 3 + sc
        check("search.legal", b[cell + 1] == 0, "search gave an occupied cell")
        if hasWin then check("search.win", wins[cell] == true, "search missed a win on " .. key)
        elseif hasThreat then check("search.block", threats[cell] == true, "search did not block on " .. key) end
      end
      -- children
      for i = 1, 9 do
        if b[i] == 0 then
          local row, col = floor((i - 1) / 3), (i - 1) % 3
          local w = g:move(row, col, mover)
          b[i] = mover
          local won = wins_at(b, 3, 3, 3, i - 1)
          check("dfs.winner", w == (won and mover or 0), "move winner")
          if won or n + 1 == 9 then
            positions = positions + 1
            expect_err("best_move.over", "GAME_OVER", g.best_move, g)
          else
            dfs(n + 1, 3 - mover)
          end
          b[i] = 0
          g:undo()
        end
      end
    end
    dfs(0, opener)
    g:close()
  end
  check("reference.self", nonterminal == 2 * 4520, "visited " .. nonterminal .. " non-terminal positions, want 2 x 4520")
  check("coverage.ai", immediate.easy > 100 and immediate.block > 100, "few positions with a win / a threat")
end)

section("best_move vs minimax, other shapes", function()
  local specs = { { 3, 4, 3, 9 }, { 4, 4, 3, 9 }, { 4, 4, 4, 10 }, { 2, 6, 3, 10 }, { 5, 5, 4, 9 }, { 1, 9, 3, 9 },
    { 9, 9, 9, 8 }, { 6, 11, 6, 8 }, { 8, 8, 8, 9 } }
  local done = 0
  for _, sp in ipairs(specs) do
    local R, C, K, E = sp[1], sp[2], sp[3], sp[4]
    local N = R * C
    local value = make_solver(R, C, K)
    local made = 0
    for _ = 1, 300 do
      if made >= 5 then break end
      local g = ttt.Game(R, C, K)
      local b = {}
      for i = 1, N do b[i] = 0 end
      local mover = rand(1, 2)
      local n, over = 0, false
      while N - n > E do
        local i
        repeat i = rand(1, N) until b[i] == 0
        g:move(floor((i - 1) / C), (i - 1) % C, mover)
        b[i] = mover; n = n + 1
        if wins_at(b, R, C, K, i - 1) then over = true; break end
        mover = 3 - mover
      end
      if not over then
        if rand() < 0.5 then local h = ttt.from_text(g:to_text()); g:close(); g = h end
        made = made + 1
        local best, scores = value(b, n, mover)
        local ok, r, c, s = pcall(g.best_move, g)
        if check("best_move.other.call", ok, function() return string.format("%dx%d k=%d %s: %s", R, C, K, g:to_text(), errdesc(r)) end) then
          check("best_move.other.score", s == best, function() return g:to_text() .. ": score " .. tostring(s) .. " want " .. best end)
          check("best_move.other.move", scores[r * C + c] == best, function()
            return g:to_text() .. ": move (" .. r .. "," .. c .. ") scores " .. tostring(scores[r * C + c]) .. " want " .. best
          end)
        end
        local want = optimal_set(best, scores)
        local ok2, om = pcall(g.optimal_moves, g)
        local got = ok2 and pairs_to_cells(om, C)
        check("optimal_moves.other", got and same_list(got, want), function()
          return g:to_text() .. ": optimal " .. (ok2 and show(got) or errdesc(om)) .. " want " .. show(want)
        end)
        done = done + 1
      end
      g:close()
    end
    check("coverage.best_move.other", made >= 3, string.format("could only build %d positions on %dx%d k=%d", made, R, C, K))
  end
  -- too big to solve exactly
  local g = ttt.Game(15, 15, 5)
  g:play(7, 7)
  expect_err("best_move.too_hard", "TOO_HARD", g.best_move, g)
  expect_err("optimal.too_hard", "TOO_HARD", g.optimal_moves, g)
  g:close()
end)

section("search / ai_move on 15x15, 64-bit args", function()
  for trial = 1, 25 do
    local R, C, K = 15, 15, 5
    local g = ttt.Game(R, C, K)
    local b = {}
    for i = 1, R * C do b[i] = 0 end
    -- stones in a small area so threats arise
    local over = false
    local mover = 1
    for _ = 1, rand(4, 24) do
      local i
      repeat i = (rand(4, 10)) * C + rand(4, 10) + 1 until b[i] == 0
      g:play(floor((i - 1) / C), (i - 1) % C)
      b[i] = mover
      if wins_at(b, R, C, K, i - 1) then over = true; break end
      mover = 3 - mover
    end
    if not over then
      local wins, threats = {}, {}
      for i = 1, R * C do
        if b[i] == 0 then
          b[i] = mover; if wins_at(b, R, C, K, i - 1) then wins[i - 1] = true end
          b[i] = 3 - mover; if wins_at(b, R, C, K, i - 1) then threats[i - 1] = true end
          b[i] = 0
        end
      end
      local before = g:to_text()
      local ok, r, c = pcall(g.search, g, { max_nodes = 300, seed = trial })
      if check("search15.call", ok, function() return errdesc(r) end) then
        local cell = r * C + c
        check("search15.legal", b[cell + 1] == 0, "occupied")
        if next(wins) then check("search15.win", wins[cell] == true, "missed a win: " .. before)
        elseif next(threats) then check("search15.block", threats[cell] == true, "did not block: " .. before) end
        local r2, c2 = g:search({ max_nodes = 300, seed = trial })
        check("search15.deterministic", r2 == r and c2 == c, "same budget and seed, different move")
        local r3, c3 = g:search({ max_nodes = 300, seed = 0ULL + trial })
        check("search15.deterministic", r3 == r and c3 == c, "same budget and seed, different move")
      end
      for _, lv in ipairs({ LEVEL.RANDOM, LEVEL.EASY, LEVEL.MEDIUM }) do
        local okA, ar, ac = pcall(g.ai_move, g, lv, trial * 7)
        if check("ai15.call", okA, function() return errdesc(ar) end) then
          local cell = ar * C + ac
          check("ai15.legal", b[cell + 1] == 0, "level " .. lv .. " occupied")
          if lv >= LEVEL.EASY and next(wins) then check("ai15.win", wins[cell] == true, "level " .. lv .. " missed a win") end
          if lv == LEVEL.MEDIUM and not next(wins) and next(threats) then check("ai15.block", threats[cell] == true, "MEDIUM did not block") end
        end
      end
      check("search15.unchanged", g:to_text() == before, "search/ai_move changed the game")
    end
    g:close()
  end
  -- 64-bit arguments
  local g = ttt.Game(15, 15, 5)
  g:play(7, 7)
  local r1, c1 = g:search({ max_nodes = 200, seed = 123 })
  local ok, r2, c2 = pcall(g.search, g, { max_nodes = 200ULL, seed = 123ULL })
  check("u64.cdata", ok and r2 == r1 and c2 == c1, function() return "search with ULL cdata: " .. (ok and (r2 .. "," .. c2) or errdesc(r2)) end)
  local a1, b1 = g:ai_move(LEVEL.RANDOM, 77)
  local okA, a2, b2 = pcall(g.ai_move, g, LEVEL.RANDOM, 77ULL)
  check("u64.cdata", okA and a1 == a2 and b1 == b2, function() return "ai_move seed 77 vs 77ULL: " .. (okA and (a2 .. "," .. b2) or errdesc(a2)) end)
  expect_ok("u64.max53", g.ai_move, g, LEVEL.RANDOM, 2 ^ 53)
  expect_ok("u64.max53", g.search, g, { max_nodes = 2 ^ 53, max_millis = 5 })
  expect_ok("search.millis", g.search, g, { max_millis = 5 })
  expect_err("search.nolimit", "INVALID_ARGUMENT", g.search, g, {})
  expect_err("search.nolimit", "INVALID_ARGUMENT", g.search, g, { max_nodes = 0, max_millis = 0 })
  expect_str_err("u64.arg", nil, g.search, g, { max_nodes = -1 })
  expect_str_err("u64.arg", nil, g.search, g, { max_nodes = 1.5 })
  expect_str_err("u64.arg", nil, g.search, g, { max_nodes = "100" })
  expect_str_err("u64.arg", nil, g.search, g, { max_nodes = 100, seed = -1 })
  expect_str_err("u64.arg", nil, g.search, g, { max_millis = 2 ^ 32 + 5 })
  expect_str_err("u64.arg", nil, g.ai_move, g, LEVEL.EASY, 1.5)
  expect_str_err("u64.arg", nil, g.ai_move, g, LEVEL.EASY, -3)
  expect_err("ai.level", "INVALID_ARGUMENT", g.ai_move, g, 99, 1)
  expect_err("ai.level", "INVALID_ARGUMENT", g.ai_move, g, 5, 1)
  expect_str_err("ai.level", nil, g.ai_move, g, -1, 1)
  expect_str_err("ai.level", nil, g.ai_move, g, 2 ^ 32 + 1, 1) -- would wrap to EASY
  local okB, eB = pcall(g.ai_move, g, LEVEL.EASY, 2 ^ 60)
  note("ai_move(level, 2^60) (a Lua number above 2^53) -> " .. (okB and "success" or errdesc(eB)))
  local okC, eC = pcall(g.ai_move, g, LEVEL.EASY)
  note("ai_move(level) with no seed -> " .. (okC and "success" or errdesc(eC)))
  local okD, eD = pcall(g.search, g)
  note("search() with no table -> " .. (okD and "success" or errdesc(eD)))
  g:close()
end)

section("errors: objects, codes, game unchanged", function()
  local g = ttt.Game()
  g:play(1, 1); g:play(0, 0); g:play(2, 2); g:undo()
  local function snap(x)
    return x:to_text() .. "|" .. show(x:moves()) .. "|" .. x:first_player() .. "|" .. x:move_count()
  end
  local before = snap(g)
  local cases = {
    { "CELL_OCCUPIED", g.play, g, 1, 1 },
    { "CELL_OCCUPIED", g.move, g, 0, 0, 1 },
    { "WRONG_TURN", g.move, g, 2, 2, 2 },
    { "OUT_OF_BOUNDS", g.play, g, 3, 0 },
    { "OUT_OF_BOUNDS", g.play, g, 0, 4294967295 },
    { "OUT_OF_BOUNDS", g.cell, g, 0, 3 },
    { "INVALID_ARGUMENT", g.move, g, 2, 2, 0 },
    { "INVALID_ARGUMENT", g.move, g, 2, 2, 4294967295 },
    { "NOTHING_TO_UNDO", function() local h = ttt.from_text(g:to_text()); local ok, e = pcall(h.undo, h); h:close(); if not ok then error(e, 0) end end },
    { "NOTHING_TO_REDO", function() local h = g:clone(); h:redo(); local ok, e = pcall(h.redo, h); h:close(); if not ok then error(e, 0) end end },
  }
  for _, cs in ipairs(cases) do
    local e = expect_err("errors.case", cs[1], unpack(cs, 2))
    if e then
      check("errors.message", e.message == ttt.status_str(STATUS[cs[1]]), "message " .. tostring(e.message))
      local s = tostring(e)
      check("errors.tostring", type(s) == "string" and s:find(e.message, 1, true) ~= nil, "tostring(e) = " .. s)
    end
    check("errors.unchanged", snap(g) == before, function() return cs[1] .. " changed the game: " .. snap(g) .. " was " .. before end)
  end
  -- redo still available after the failures
  g:redo()
  check("errors.unchanged", g:cell(2, 2) == 1, "redo history survived the failed calls")
  g:close()
  for _, cs in ipairs({ { 0, 3, 3 }, { 3, 0, 3 }, { 3, 3, 0 }, { 3, 3, 4 }, { 1, 5, 6 } }) do
    expect_err("errors.new", "INVALID_ARGUMENT", ttt.Game, cs[1], cs[2], cs[3])
  end
  expect_err("errors.new", "INVALID_ARGUMENT", ttt.tictactoe, 0)
  expect_err("errors.new", "TOO_LARGE", ttt.Game, 8193, 8192, 3)
  expect_err("errors.new", "TOO_LARGE", ttt.Game, 16385, 4096, 3)
  expect_err("errors.new", "TOO_LARGE", ttt.Game, 65536, 65536, 1)      -- product wraps to 0 in 32 bits
  expect_err("errors.new", "TOO_LARGE", ttt.Game, 4294967295, 4294967295, 1)
  expect_err("errors.new", "TOO_LARGE", ttt.Game, 4294967295, 1, 1)
  local ok, big = pcall(ttt.Game, 16384, 4096, 5)
  check("errors.new.max", ok, function() return "Game(16384, 4096, 5) (exactly TTT_MAX_CELLS) raised " .. errdesc(big) end)
  if ok then big:play(16383, 4095); check("errors.new.max", big:cell(16383, 4095) == 1, "corner of the biggest board"); big:close() end
  local ok1, g1 = pcall(ttt.Game, 1, 5, 5)
  check("errors.new.ok", ok1, "Game(1,5,5) is valid (k = max)")
  if ok1 then g1:close() end
end)

section("argument edge cases", function()
  local g = ttt.Game()
  local before = g:to_text()
  local S = expect_str_err
  S("arg.play", "bad argument #1 to 'play'", g.play, g, 1.5, 0)
  S("arg.play", "integer expected", g.play, g, 1.5, 0)
  S("arg.play", "bad argument #2 to 'play'", g.play, g, 0, 1.5)
  S("arg.play", nil, g.play, g, -1, 0)
  S("arg.play", nil, g.play, g, 0, -1)
  S("arg.play", nil, g.play, g, 2 ^ 32, 0)
  S("arg.play", nil, g.play, g, 2 ^ 32 + 1, 1)
  S("arg.play", nil, g.play, g, 2 ^ 53, 0)
  S("arg.play", nil, g.play, g, 1e300, 0)
  S("arg.play", nil, g.play, g, math.huge, 0)
  S("arg.play", nil, g.play, g, -math.huge, 0)
  S("arg.play", nil, g.play, g, 0 / 0, 0)
  S("arg.play", nil, g.play, g, nil, 0)
  S("arg.play", nil, g.play, g, 0)
  S("arg.play", nil, g.play, g, "1", 0)
  S("arg.play", nil, g.play, g, {}, 0)
  S("arg.play", nil, g.play, g, true, 0)
  S("arg.move", nil, g.move, g, 0, 0, -1)
  S("arg.move", nil, g.move, g, 0, 0, 1.5)
  S("arg.move", nil, g.move, g, 0, 0, "1")
  S("arg.move", nil, g.move, g, 0, 0, nil)
  S("arg.move", nil, g.move, g, 0, 0, 2 ^ 32 + 1) -- would wrap to player 1
  S("arg.move", nil, g.move, g, 2 ^ 32 + 1, 0, 1) -- would wrap to row 1
  S("arg.cell", nil, g.cell, g, -1, 0)
  S("arg.cell", nil, g.cell, g, 2 ^ 32, 0)
  S("arg.cell", nil, g.cell, g, 0.5, 0)
  check("arg.unchanged", g:to_text() == before and g:move_count() == 0, "a rejected argument changed the game: " .. g:to_text())
  check("arg.float.ok", g:move(0, 0, 1.0) == 0 and g:cell(0, 0) == 1, "1.0 is an integer")
  expect_err("arg.large.ok", "OUT_OF_BOUNDS", g.play, g, 4294967295, 0)
  S("arg.new", nil, ttt.Game, 3, 3, 3.5)
  S("arg.new", nil, ttt.Game, -3, 3, 3)
  S("arg.new", nil, ttt.Game, "3", "3", "3")
  S("arg.new", nil, ttt.Game, 2 ^ 32 + 3, 3, 3) -- would wrap to 3
  S("arg.new", nil, ttt.Game, 3, 3, 0 / 0)
  S("arg.new", nil, ttt.tictactoe, -1)
  S("arg.new", nil, ttt.tictactoe, 2.5)
  S("arg.new", nil, ttt.tictactoe, 2 ^ 32 + 3)
  local okP, eP = pcall(ttt.Game, 4)
  note("Game(4) (rows only) -> " .. (okP and ("size " .. table.concat({ eP:size() }, ",")) or errdesc(eP)))
  if okP then eP:close() end
  local okZ, eZ = pcall(g.play, g, -0.0, 1)
  note("play(-0.0, 1) -> " .. (okZ and "success" or errdesc(eZ)))
  local okU, eU = pcall(g.play, g, 1ULL, 1)
  note("play(1ULL, 1) (cdata coordinate) -> " .. (okU and "success" or errdesc(eU)))
  local gp = ttt.Game()
  note("g:play() returns: " .. show({ gp:play(0, 0) }) .. "; after a winning play: "
    .. show({ (function() gp:play(1, 0); gp:play(0, 1); gp:play(1, 1); return gp:play(0, 2) end)() }))
  gp:close()
  -- calling a method without self must not crash
  S("arg.self", nil, g.play, 1, 1)
  S("arg.self", nil, g.to_move, nil)
  S("arg.self", nil, g.result, {})
  g:close()
end)

section("lifetime: close, use after close", function()
  local g = ttt.Game()
  g:play(0, 0)
  local c = g:clone()
  check("close.is_closed", g:is_closed() == false, "is_closed before close")
  g:close()
  check("close.is_closed", g:is_closed() == true, "is_closed after close")
  local ok = pcall(g.close, g)
  check("close.twice", ok, "second close raised")
  local calls = {
    { "move", 1, 1, 2 }, { "play", 1, 1 }, { "undo" }, { "redo" }, { "reset" }, { "clone" }, { "result" },
    { "winner" }, { "to_move" }, { "first_player" }, { "size" }, { "cell", 0, 0 }, { "move_count" },
    { "cells" }, { "moves" }, { "legal_moves" }, { "winning_line" }, { "to_text" }, { "best_move" },
    { "optimal_moves" }, { "search", { max_nodes = 10 } }, { "ai_move", 0, 1 },
  }
  for _, cl in ipairs(calls) do
    local f = g[cl[1]]
    check("closed.method.exists", type(f) == "function", "method " .. cl[1] .. " missing")
    if type(f) == "function" then
      expect_str_err("closed.use." .. cl[1], "tictactoe: the game is closed", f, g, unpack(cl, 2))
    end
  end
  local okT, sT = pcall(tostring, g)
  note("tostring(closed game) -> " .. (okT and sT or errdesc(sT)))
  -- the clone is independent
  check("clone.independent", c:cell(0, 0) == 1 and c:to_text() == "3,3,3:X../.../...:O", "clone after the original closed")
  c:play(1, 1)
  c:close(); c:close()
  -- from_text games own themselves too
  local f = ttt.from_text("3,3,3:X../.../...:O")
  f:close()
  expect_str_err("closed.use", "tictactoe: the game is closed", f.to_text, f)
end)

---------------------------------------------------------------------------------------------

print("")
for _, s in ipairs(notes) do print("note: " .. s) end
print(string.format("\naudit: %d checks, %d failed, %d known disagreements (seed %d, %.1fs cpu, ~%ds wall)",
  total, failed, disagreed, SEED, os.clock() - cpu0, os.time() - wall0))
if failed > 0 then os.exit(1) end
