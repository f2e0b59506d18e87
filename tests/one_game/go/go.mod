module one_game

go 1.19

require tictactoe v0.0.0

replace tictactoe => ../../../bindings/go
