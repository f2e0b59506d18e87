module tictactoe

go 1.19
