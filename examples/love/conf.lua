-- LÖVE settings for the tictactoe example game. main.lua resizes the window to fit the board it
-- plays, so the size here is only the first frame's.
function love.conf(t)
  t.identity = "tictactoe-example"
  t.version = "11.4"
  t.window.title = "tictactoe"
  t.window.width = 640
  t.window.height = 720
  t.window.resizable = true
  t.window.minwidth = 360
  t.window.minheight = 400
  t.window.msaa = 0
  -- The game needs graphics, input, timing and image encoding only; leaving sound and the rest
  -- out starts faster and keeps a machine without audio (CI under Xvfb) quiet.
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
  t.modules.touch = false
end
