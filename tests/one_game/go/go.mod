module one_game

go 1.19

require tictactoe.example/tictactoe v0.0.0

replace tictactoe.example/tictactoe => ../../../bindings/go
