-- luacheck settings for the LÖVE example (examples/love/test.sh runs it): LuaJIT's globals and
-- LÖVE's `love` table, which the game fills with its callbacks.
std = "luajit"
globals = { "love" }
max_line_length = 100
