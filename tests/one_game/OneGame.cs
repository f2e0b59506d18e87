// One seeded AI-vs-AI game through the C# binding (bindings/csharp), printed as the transcript
// tests/one_game.sh compares across runners (format and rules at the top of that script).
using System;
using TicTacToe;

static class OneGame
{
    static string ResultName(Result r)
    {
        switch (r)
        {
            case Result.Pending: return "Pending";
            case Result.AWins: return "A";
            case Result.BWins: return "B";
            case Result.Draw: return "Draw";
            default: return "unknown";
        }
    }

    static void Main()
    {
        using (var game = new Game(15, 15, 5))
        {
            Console.Write("game 15 15 5 level {0}\n", (uint)Level.Hard);
            for (ulong ply = 0; game.Result == Result.Pending; ply++)
            {
                Cell cell = game.AiMove(Level.Hard, 1000 + ply);
                game.Play(cell.Row, cell.Col);
                Console.Write("{0} {1} {2}\n", ply, cell.Row, cell.Col);
            }
            Console.Write("text {0}\nresult {1}\n", game.ToText(), ResultName(game.Result));
        }
    }
}
