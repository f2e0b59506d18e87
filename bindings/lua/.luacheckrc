-- luacheck settings for the binding (bindings/lua/test.sh runs it). LuaJIT's globals (jit,
-- bit, ...); no line limit, since M.CDEF in tictactoe.lua keeps each declaration on one line
-- exactly as the header has it (test.lua compares the two).
std = "luajit"
max_line_length = false
