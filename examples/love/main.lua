-- tictactoe for LÖVE 11: an m,n,k-game against the library's AI, over bindings/lua.
--
--   love examples/love                         play (3x3; keys below)
--   love examples/love --selftest OUT.png [--size ROWS COLS K]
--   love examples/love --transcript OUT.txt
--
-- Keys: 1 / 2 / 3 choose the board (3x3 k=3, 7x7 k=5, 15x15 k=5), Left / Right the AI level,
-- U or Backspace undoes your last move (and the AI's answer), N starts a new game, A lets the
-- AI take the side to move (you swap sides), D makes the AI play both sides, Escape quits.
-- The mouse places a stone.
--
-- The self-test plays one human move through a synthetic mouse event, lets the AI play both
-- sides to the end, saves a screenshot to OUT.png, reads the file back and checks every cell's
-- pixels against the game. It exits 0 only when everything matched; any failure is printed on
-- stderr with a non-zero exit status. See README.md.
--
-- --transcript lets the AI (level Hard) play both sides of one 15x15 k=5 game, frame by frame
-- as in play, and writes the moves, the final board and the result to OUT.txt in the format
-- tests/one_game.sh compares with the C library's and every binding's transcript.

local ttt -- the binding, loaded in love.load

------------------------------------------------------------------------------------------------
-- Errors: LÖVE's own error screen waits for a key press forever, which is no use to a player
-- without a terminal and hangs a test. This handler prints the error on stderr and quits with
-- exit status 1. An error raised as {fatal = "text"} is a message for the user, printed alone;
-- anything else is a bug, printed with its traceback.
function love.errorhandler(err)
  if type(err) == "table" and err.fatal then
    io.stderr:write("tictactoe: ", err.fatal, "\n")
  else
    io.stderr:write("tictactoe: error: ", tostring(err), "\n", debug.traceback("", 2), "\n")
  end
  io.stderr:flush()
  return nil -- no error loop: LÖVE exits with status 1
end

local function fatal(text)
  error({ fatal = text }, 0)
end

------------------------------------------------------------------------------------------------
-- Finding the library. The first that exists wins:
--   1. $TICTACTOE_LIB, the library's full path (if set, it must load: no fallback);
--   2. beside the game: the folder that holds the game folder, the .love file or the fused
--      executable (love.filesystem.getSourceBaseDirectory());
--   3. inside the game folder, when the game runs from a folder rather than a .love file;
--   4. this repository's build, target/release, two folders up from the game folder;
--   5. the system loader's search path (LD_LIBRARY_PATH, PATH on Windows, /usr/lib, ...).
local LIB_NAME = ({ Windows = "tictactoe.dll", OSX = "libtictactoe.dylib" })[jit.os]
  or "libtictactoe.so"

local function file_exists(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end

-- Returns the binding module with its library loaded, or raises a fatal error naming every
-- place it looked.
local function load_library()
  -- The binding: tictactoe.lua in the game folder (where a game ships it) is found by LÖVE's
  -- own require; from this repository, bindings/lua is two folders up.
  local source = love.filesystem.getSource()
  package.path = package.path .. ";" .. source .. "/../../bindings/lua/?.lua"
  local found, module = pcall(require, "tictactoe")
  if not found then
    fatal("cannot find tictactoe.lua (the Lua binding): copy bindings/lua/tictactoe.lua into "
      .. "the game folder\n" .. tostring(module))
  end

  local env = os.getenv("TICTACTOE_LIB")
  local tried = {}
  local candidates
  if env and env ~= "" then
    candidates = { env }
  else
    local base = love.filesystem.getSourceBaseDirectory()
    candidates = { base .. "/" .. LIB_NAME }
    if love.filesystem.getRealDirectory("main.lua") == source then
      candidates[#candidates + 1] = source .. "/" .. LIB_NAME
    end
    candidates[#candidates + 1] = source .. "/../../target/release/" .. LIB_NAME
  end
  local present = false
  for _, path in ipairs(candidates) do
    if file_exists(path) then
      local ok, err = pcall(module.load, path)
      if ok then return module, path end
      tried[#tried + 1] = path .. ": " .. tostring(err)
      present = true
      break -- the file is there but does not load: say so rather than try an older copy
    end
    tried[#tried + 1] = path .. ": no such file"
  end
  if not present and not (env and env ~= "") then
    -- Nothing beside the game: the system loader's path, by the library's plain name.
    local ok, err = pcall(module.load, "tictactoe")
    if ok then return module, "tictactoe (system loader path)" end
    tried[#tried + 1] = "tictactoe on the system loader's path: " .. tostring(err)
  end
  fatal("cannot load the tictactoe library (" .. LIB_NAME .. "). Tried:\n  "
    .. table.concat(tried, "\n  ")
    .. "\nBuild it with `cargo build --release` and put " .. LIB_NAME
    .. " beside the game folder, or set TICTACTOE_LIB to its full path.")
end

------------------------------------------------------------------------------------------------
-- What is drawn: colours as bytes, so the self-test can compare the screenshot exactly.
local function rgb(r, g, b) return { r / 255, g / 255, b / 255 } end
local COLOR = {
  background = rgb(32, 36, 46),
  cell = rgb(238, 228, 206),     -- an empty cell, and the ground under a stone
  win = rgb(250, 200, 80),       -- the ground of the cells of the winning line
  x = rgb(204, 52, 52),          -- X, player 1
  o = rgb(40, 92, 190),          -- O, player 2
  last = rgb(90, 90, 100),       -- outline of the last move
  hover = rgb(150, 150, 150),    -- outline of the empty cell under the mouse
  text = rgb(230, 232, 238),
  dim = rgb(150, 156, 170),
}

local BOARDS = { { 3, 3, 3 }, { 7, 7, 5 }, { 15, 15, 5 } }

-- The AI levels. The first four are the library's levels (ttt_game_ai_move), each a few
-- milliseconds at most. "Best" is perfect play where the exact solver proves the position
-- within part of a frame, else the budgeted search for a frame's share of time (see ai_step).
local LEVELS = { "Random", "Easy", "Medium", "Hard", "Best" }
local BEST = 5

-- The AI's share of one frame at 60 frames a second, in milliseconds.
local SLICE_MS = 6

local TOP, BOTTOM, MARGIN = 48, 30, 16 -- status bar, help line, space around the board

------------------------------------------------------------------------------------------------
-- The game being played.
local state = {
  game = nil,
  level = 4,        -- index into LEVELS
  human = 1,        -- the side the mouse plays; nil while the AI plays both
  games = 0,        -- games started, mixed into the AI's seed for variety
  think = nil,      -- the AI's work on the current move, kept across frames
  ai_at = 0,        -- love.timer time before which the AI waits (to let a player see moves)
  selftest = nil,   -- the self-test's state when running it
  transcript = nil, -- the file --transcript writes when the game ends
}

local function new_game(rows, cols, k)
  if state.game then state.game:close() end
  state.game = ttt.Game(rows, cols, k)
  state.games = state.games + 1
  state.think = nil
end

-- The board's place on the screen: the top-left corner and the side of a cell, in pixels.
-- Everything drawn, every click and the self-test's checks go through this and cell_at.
local function layout()
  local g = state.game
  local w, h = love.graphics.getDimensions()
  local size = math.floor(math.min((w - 2 * MARGIN) / g.cols,
    (h - TOP - BOTTOM - 2 * MARGIN) / g.rows))
  size = math.max(size, 4)
  return {
    x = math.floor((w - size * g.cols) / 2),
    y = TOP + MARGIN + math.floor((h - TOP - BOTTOM - 2 * MARGIN - size * g.rows) / 2),
    size = size,
  }
end

-- The cell under the point (x, y), or nil when the point is off the board.
local function cell_at(l, x, y)
  local g = state.game
  local col = math.floor((x - l.x) / l.size)
  local row = math.floor((y - l.y) / l.size)
  if row < 0 or col < 0 or row >= g.rows or col >= g.cols then return nil end
  return row, col
end

-- A window that fits the board with cells of a comfortable size.
local function fit_window(vsync)
  local g = state.game
  local size = math.max(32, math.min(120, math.floor(600 / math.max(g.rows, g.cols))))
  local w = math.max(440, size * g.cols + 2 * MARGIN)
  local h = size * g.rows + TOP + BOTTOM + 2 * MARGIN
  local _, _, flags = love.window.getMode()
  flags.vsync = vsync
  love.window.setMode(w, h, flags)
end

local function choose_board(i)
  new_game(BOARDS[i][1], BOARDS[i][2], BOARDS[i][3])
  fit_window(1)
end

------------------------------------------------------------------------------------------------
-- The AI, within a frame budget: it never holds a frame for more than about SLICE_MS.

local function is_too_hard(err)
  return getmetatable(err) == ttt.Error and err.name == "TOO_HARD"
end

-- One frame's step of the AI's move: returns row, col when chosen, nil to go on next frame.
-- Levels Random to Hard are one call of a few milliseconds. Best first asks the exact solver
-- for a proof within the slice (instant on 3x3, and near the end of bigger games); when that
-- runs out (TOO_HARD), it searches for the rest of the slice, or for a whole slice in the next
-- frame if the solver used most of this one.
local function ai_step()
  local g = state.game
  local seed = state.games * 1000 + g:move_count()
  if state.level < BEST then
    return g:ai_move(ttt.level[LEVELS[state.level]:upper()], seed)
  end
  local think = state.think
  if not think.searching then
    local start = love.timer.getTime()
    local ok, row, col = pcall(g.best_move, g, { max_millis = SLICE_MS })
    if ok then return row, col end
    if not is_too_hard(row) then error(row, 0) end
    think.searching = true
    local left = SLICE_MS - math.floor((love.timer.getTime() - start) * 1000)
    if left < 2 then return nil end
    return g:search({ max_millis = left, seed = seed })
  end
  return g:search({ max_millis = SLICE_MS, seed = seed })
end

local function ai_to_move()
  local g = state.game
  return g:result() == "Pending" and (state.human == nil or g:to_move() ~= state.human)
end

-- Waits `seconds` before the AI's next move (0 in the self-test and --transcript, which play at
-- full speed).
local function ai_pause(seconds)
  local test = state.selftest or state.transcript
  state.ai_at = love.timer.getTime() + (test and 0 or seconds)
  state.think = nil
end

------------------------------------------------------------------------------------------------
-- Input.

function love.mousepressed(x, y, button)
  if button ~= 1 then return end
  local g = state.game
  if g:result() ~= "Pending" or state.human == nil or g:to_move() ~= state.human then return end
  local row, col = cell_at(layout(), x, y)
  if row and g:cell(row, col) == 0 then
    g:play(row, col)
    ai_pause(0.15)
  end
end

function love.keypressed(key)
  local g = state.game
  if key == "escape" then
    love.event.quit(0)
  elseif key == "1" or key == "2" or key == "3" then
    choose_board(tonumber(key))
  elseif key == "left" or key == "right" then
    state.level = math.max(1, math.min(#LEVELS, state.level + (key == "left" and -1 or 1)))
    state.think = nil
  elseif key == "n" then
    new_game(g.rows, g.cols, g.k)
    state.human = state.human or 1
  elseif key == "u" or key == "backspace" then
    -- Back to the last position where the player was to move, before their last move.
    local human = state.human or g:to_move()
    state.human = human
    if g:move_count() > 0 then g:undo() end
    while g:move_count() > 0 and g:to_move() ~= human do g:undo() end
    state.think = nil
  elseif key == "a" then
    if state.human and g:result() == "Pending" then
      state.human = 3 - g:to_move()
      ai_pause(0.15)
    end
  elseif key == "d" then
    if state.human then
      state.human = nil
    else
      state.human = g:to_move()
    end
    ai_pause(0.3)
  end
end

------------------------------------------------------------------------------------------------
-- Drawing.

local function draw_x(x, y, s)
  local p = s * 0.26
  love.graphics.setColor(COLOR.x)
  love.graphics.setLineWidth(math.max(3, s * 0.12))
  love.graphics.line(x + p, y + p, x + s - p, y + s - p)
  love.graphics.line(x + s - p, y + p, x + p, y + s - p)
end

local function draw_o(x, y, s)
  love.graphics.setColor(COLOR.o)
  love.graphics.setLineWidth(math.max(3, s * 0.11))
  love.graphics.circle("line", x + s / 2, y + s / 2, s * 0.27, 64)
end

local function outline(color, x, y, s)
  love.graphics.setColor(color)
  love.graphics.setLineWidth(2)
  love.graphics.rectangle("line", x + 4, y + 4, s - 8, s - 8)
end

local function status_line()
  local g = state.game
  local result = g:result()
  local names = { "X", "O" }
  if result == "Draw" then return "Draw" end
  if result ~= "Pending" then
    local who = names[g:winner()]
    if state.human == nil then return who .. " wins" end
    return who .. (g:winner() == state.human and " wins - well played!" or " wins")
  end
  local mover = names[g:to_move()]
  if state.human == nil then return mover .. " to move (AI plays both sides)" end
  if g:to_move() == state.human then return "Your move (" .. mover .. ")" end
  return "AI thinking (" .. mover .. ")"
end

function love.draw()
  local g = state.game
  local l = layout()
  local s = l.size
  love.graphics.clear(COLOR.background)
  love.graphics.setLineStyle("smooth")

  local on_line = {}
  for _, cell in ipairs(g:winning_line()) do on_line[cell[1] * g.cols + cell[2]] = true end
  local cells = g:cells()
  local moves = g:moves()
  local last = moves[#moves]
  local hover_row, hover_col
  if state.human and not state.selftest and g:result() == "Pending" then
    hover_row, hover_col = cell_at(l, love.mouse.getPosition())
  end

  for row = 0, g.rows - 1 do
    for col = 0, g.cols - 1 do
      local i = row * g.cols + col
      local x, y = l.x + col * s, l.y + row * s
      love.graphics.setColor(on_line[i] and COLOR.win or COLOR.cell)
      love.graphics.rectangle("fill", x + 1, y + 1, s - 2, s - 2)
      local stone = cells[i + 1]
      if stone == 1 then draw_x(x, y, s) elseif stone == 2 then draw_o(x, y, s) end
      if last and last[1] == row and last[2] == col then
        outline(COLOR.last, x, y, s)
      elseif row == hover_row and col == hover_col and stone == 0 then
        outline(COLOR.hover, x, y, s)
      end
    end
  end

  love.graphics.setColor(COLOR.text)
  love.graphics.print(("%dx%d, %d in a row    %s"):format(g.rows, g.cols, g.k, status_line()),
    MARGIN, 10, 0, 1.4, 1.4)
  love.graphics.setColor(COLOR.dim)
  love.graphics.print(("AI: %s    1/2/3 board  <-/-> level  U undo  N new  A swap  D demo")
    :format(LEVELS[state.level]), MARGIN, love.graphics.getHeight() - BOTTOM + 6)
end

------------------------------------------------------------------------------------------------
-- The self-test.

local function fail(text)
  io.stderr:write("selftest: FAIL: ", text, "\n")
  io.stderr:flush()
  state.selftest.done = true
  love.event.quit(1)
end

-- Colours within 3/255 on each channel count as the same (the drawing is exact; this only
-- allows for rounding in the renderer).
local function same(r, g, b, c)
  return math.abs(r - c[1]) <= 3 / 255 and math.abs(g - c[2]) <= 3 / 255
    and math.abs(b - c[3]) <= 3 / 255
end

-- Checks every cell of `image` (an ImageData read back from the saved file) against the game:
-- the ground colour (winning line or not), and X's, O's or neither colour in it. Returns nil
-- when everything matched, else a description of the first mismatch.
local function check_image(image)
  local g = state.game
  local l = layout()
  local s = l.size
  local w, h = love.graphics.getDimensions()
  if image:getWidth() ~= w or image:getHeight() ~= h then
    return ("the screenshot is %dx%d, the window %dx%d"):format(
      image:getWidth(), image:getHeight(), w, h)
  end
  local on_line = {}
  for _, cell in ipairs(g:winning_line()) do on_line[cell[1] * g.cols + cell[2]] = true end
  local area = (s - 4) * (s - 4)
  for row = 0, g.rows - 1 do
    for col = 0, g.cols - 1 do
      local counts = { x = 0, o = 0, cell = 0, win = 0 }
      local x0, y0 = l.x + col * s, l.y + row * s
      for y = y0 + 2, y0 + s - 3 do
        for x = x0 + 2, x0 + s - 3 do
          local r, gr, b = image:getPixel(x, y)
          for name, count in pairs(counts) do
            if same(r, gr, b, COLOR[name]) then counts[name] = count + 1 end
          end
        end
      end
      local stone = g:cell(row, col)
      local ground = on_line[row * g.cols + col] and "win" or "cell"
      local other = ground == "win" and "cell" or "win"
      local want = ({ [0] = "empty", "X", "O" })[stone]
      local where = ("cell (%d, %d), %s%s: %d X, %d O, %d cell, %d win pixels of %d"):format(
        row, col, want, ground == "win" and " on the winning line" or "",
        counts.x, counts.o, counts.cell, counts.win, area)
      if counts[ground] < area * 0.35 or counts[other] > 0 then
        return "wrong ground colour at " .. where
      end
      local min_stone = area * 0.04
      if (stone == 1) ~= (counts.x >= min_stone) or (stone ~= 1 and counts.x > 0)
          or (stone == 2) ~= (counts.o >= min_stone) or (stone ~= 2 and counts.o > 0) then
        return "wrong stone at " .. where
      end
    end
  end
  return nil
end

local function screenshot_taken(image)
  local t = state.selftest
  local png = image:encode("png"):getString()
  local f, err = io.open(t.out, "wb")
  if not f then return fail("cannot write " .. t.out .. ": " .. tostring(err)) end
  f:write(png)
  f:close()
  f = io.open(t.out, "rb")
  if not f then return fail("cannot read back " .. t.out) end
  local bytes = f:read("*a")
  f:close()
  local read_back = love.image.newImageData(love.filesystem.newFileData(bytes, "screenshot.png"))
  local mismatch = check_image(read_back)
  if mismatch then return fail(mismatch) end
  local g = state.game
  print(("selftest: %dx%d k=%d, %d moves, result %s, %d winning cells; %d cells match %s")
    :format(g.rows, g.cols, g.k, g:move_count(), g:result(), #g:winning_line(),
      g.rows * g.cols, t.out))
  print("selftest: " .. g:to_text())
  t.done = true
  love.event.quit(0)
end

-- Clicks off the board (nothing happens), then inside the chosen cell near its lower right
-- corner, so that a mapping that is off by a part of a cell, or swaps rows and columns, picks
-- another cell. Both go through LÖVE's event queue, as a real click does.
local function push_clicks(t)
  local l = layout()
  love.event.push("mousepressed", l.x - 3, l.y + l.size / 2, 1, false, 1)
  love.event.push("mousepressed", l.x + (t.col + 0.85) * l.size,
    l.y + (t.row + 0.8) * l.size, 1, false, 1)
end

-- Whether the game is exactly the clicked cell's X; else fails the test.
local function check_clicked(t)
  local g = state.game
  if g:cell(t.row, t.col) == 1 and g:move_count() == 1 then return true end
  fail(("the click on cell (%d, %d) gave the game %s"):format(t.row, t.col, g:to_text()))
  return false
end

-- One step of the self-test per frame: the clicks (the cell gets X, and the AI answers), the
-- undo key (back to the empty board), the clicks again, the AI playing both sides to the end,
-- then the screenshot.
local function selftest_step()
  local t = state.selftest
  local g = state.game
  if t.done or t.capturing then return end
  if love.timer.getTime() - t.start > 50 then return fail("no result after 50 seconds") end
  if t.stage == "click" then
    t.row, t.col = math.floor(g.rows * 2 / 3), math.floor(g.cols / 3)
    push_clicks(t)
    t.stage = "clicked"
  elseif t.stage == "clicked" then
    if check_clicked(t) then t.stage = "answered" end
  elseif t.stage == "answered" then
    if g:move_count() < 2 then return end -- Best may think for two frames
    if g:move_count() ~= 2 then return fail("the AI answered twice: " .. g:to_text()) end
    love.event.push("keypressed", "u", "u", false)
    t.stage = "undone"
  elseif t.stage == "undone" then
    if g:move_count() ~= 0 then return fail("the undo key left " .. g:to_text()) end
    push_clicks(t)
    t.stage = "clicked again"
  elseif t.stage == "clicked again" then
    if not check_clicked(t) then return end
    state.human = nil -- the AI plays both sides from here
    t.stage = "play"
  elseif t.stage == "play" and g:result() ~= "Pending" then
    t.capturing = true
    love.graphics.captureScreenshot(screenshot_taken)
  end
end

------------------------------------------------------------------------------------------------
-- LÖVE's callbacks.

-- --transcript: the game that just ended, one line per move ("PLY ROW COL"), then its text
-- and result, as tests/one_game.sh reads it.
local function write_transcript()
  local g = state.game
  local level = ttt.level[LEVELS[state.level]:upper()]
  local lines = { ("game %d %d %d level %d"):format(g.rows, g.cols, g.k, level) }
  for ply, move in ipairs(g:moves()) do
    lines[#lines + 1] = ("%d %d %d"):format(ply - 1, move[1], move[2])
  end
  lines[#lines + 1] = "text " .. g:to_text()
  lines[#lines + 1] = "result " .. g:result()
  local f, err = io.open(state.transcript, "w")
  if not f then fatal("cannot write " .. state.transcript .. ": " .. tostring(err)) end
  f:write(table.concat(lines, "\n"), "\n")
  f:close()
  love.event.quit(0)
end

local function usage(text)
  fatal(text .. "\nusage: love examples/love [--selftest OUT.png [--size ROWS COLS K]"
    .. " | --transcript OUT.txt]")
end

function love.load(args)
  local out, size
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--selftest" and args[i + 1] then
      out, i = args[i + 1], i + 2
    elseif a == "--transcript" and args[i + 1] then
      state.transcript, i = args[i + 1], i + 2
    elseif a == "--size" and args[i + 3] then
      size = {}
      for j = 1, 3 do
        local n = tonumber(args[i + j])
        if not n or n ~= math.floor(n) or n < 1 or n > 100 then
          usage("--size takes three whole numbers from 1 to 100, not " .. tostring(args[i + j]))
        end
        size[j] = n
      end
      i = i + 4
    else
      usage("unknown argument " .. a)
    end
  end
  if size and not out then usage("--size goes with --selftest") end
  if out and state.transcript then usage("--selftest and --transcript are separate runs") end

  local path
  ttt, path = load_library()
  if out then
    io.stdout:write("selftest: library ", path, ", version ", ttt.version(), "\n")
    local rows, cols, k = unpack(size or BOARDS[1])
    if k > math.max(rows, cols) then usage("k must be at most max(ROWS, COLS)") end
    state.selftest = { out = out, start = love.timer.getTime(), stage = "click" }
    state.level = BEST
    new_game(rows, cols, k)
    fit_window(0) -- no vsync: the self-test runs as fast as it can draw
  elseif state.transcript then
    -- The AI plays both sides at level Hard. The first game's seeds are 1000 + the move's
    -- number (ai_step's games * 1000 + moves), the rule tests/one_game.sh's runners follow.
    state.level, state.human = 4, nil -- LEVELS[4], "Hard"
    new_game(unpack(BOARDS[3]))
    fit_window(0)
  else
    choose_board(1)
  end
end

function love.update()
  local g = state.game
  if state.selftest then selftest_step() end
  if ai_to_move() and love.timer.getTime() >= state.ai_at then
    state.think = state.think or {}
    local row, col = ai_step()
    if row then
      g:play(row, col)
      ai_pause(state.human == nil and 0.3 or 0)
      if state.transcript and g:result() ~= "Pending" then write_transcript() end
    end
  end
end
