// AiTests.cs — BestMove's cell and signed score, OptimalMoves, and their errors. Positions are
// small enough to check by hand (reasoning in the comments).
using System.Linq;

namespace TicTacToe.Tests
{
    internal static class AiTests
    {
        internal static void EmptyBoardIsADraw()
        {
            using (var g = new Game())
            {
                ScoredMove best = g.BestMove();
                Assert.Equal(0, best.Score);
                Assert.True(best.Row >= 0 && best.Row < 3 && best.Col >= 0 && best.Col < 3, "a cell on the board");
                Assert.Equal(9, g.OptimalMoves().Count);  // every opening keeps the draw
                Assert.Equal(0, g.MoveCount);              // the search never changes the game
            }
        }

        // X X . / O O . / . . . with X to move: (0, 2) wins at once, score +1.
        internal static void ImmediateWin()
        {
            using (Game g = Game.FromText("3,3,3:XX./OO./...:X"))
            {
                ScoredMove best = g.BestMove();
                Assert.Equal(new Cell(0, 2), best.Cell);
                Assert.Equal(1, best.Score);
                Assert.True(g.OptimalMoves().Contains(new Cell(0, 2)), "the winning move is optimal");
                Assert.True(!g.OptimalMoves().Contains(new Cell(2, 2)), "a move that lets O win at (1, 2) is not");
            }
        }

        // X O . / X X . / . . O with O to move: X threatens (2, 0) and (1, 2); O blocks one, X
        // takes the other. O loses in 2 plies whatever it plays, so every move is "optimal".
        internal static void ForcedLoss()
        {
            using (Game g = Game.FromText("3,3,3:XO./XX./..O:O"))
            {
                Assert.Equal(-2, g.BestMove().Score);
                Assert.Sequence(new[] { new Cell(0, 2), new Cell(1, 2), new Cell(2, 0), new Cell(2, 1) }, g.OptimalMoves());
            }
        }

        internal static void Errors()
        {
            using (Game over = Game.FromText("3,3,3:XXX/OO./...:O"))
            {
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.BestMove());
                Assert.Status<IllegalMoveException>(Status.GameOver, () => over.OptimalMoves());
            }
            var gomoku = new Game(19, 19, 5);
            Assert.Status<TooHardException>(Status.TooHard, () => gomoku.BestMove());
            Assert.Status<TooHardException>(Status.TooHard, () => gomoku.OptimalMoves());
            gomoku.Dispose();
            Assert.Throws<System.ObjectDisposedException>(() => gomoku.BestMove());
        }
    }
}
