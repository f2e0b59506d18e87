module tictactoe.example/tictactoe

go 1.19
