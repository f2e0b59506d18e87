// A user's first program against the installed NuGet (or Unity) package, then the seed
// exercises' own examples with the answers the exercises give. Usage: mono Seeds.exe VERSION
using System;
using TicTacToe;

static class Seeds
{
    static int failures;

    static void Check(bool ok, string what)
    {
        if (ok) return;
        Console.Error.WriteLine("failed: " + what);
        failures++;
    }

    static int Main(string[] args)
    {
        using (var game = new Game(rows: 3, cols: 3, k: 3))
        {
            Check(game.Play(1, 1) == Result.Pending, "Play");
            game.Play(0, 0);
            Check(game.ToText() == "3,3,3:O../.X./...:X", "ToText " + game.ToText());
        }
        Check(args.Length == 1 && Ttt.Version == args[0], "Version " + Ttt.Version);

        var winners = new[] {
            Tuple.Create(new[] { new[] { 0, 0 }, new[] { 2, 0 }, new[] { 1, 1 }, new[] { 2, 1 }, new[] { 2, 2 } }, "A"),
            Tuple.Create(new[] { new[] { 0, 0 }, new[] { 1, 1 }, new[] { 0, 1 }, new[] { 0, 2 }, new[] { 1, 0 }, new[] { 2, 0 } }, "B"),
            Tuple.Create(new[] { new[] { 0, 0 }, new[] { 1, 1 }, new[] { 2, 0 }, new[] { 1, 0 }, new[] { 1, 2 }, new[] { 2, 1 },
                                 new[] { 0, 1 }, new[] { 0, 2 }, new[] { 2, 2 } }, "Draw"),
            Tuple.Create(new[] { new[] { 0, 0 }, new[] { 1, 1 } }, "Pending"),
        };
        foreach (var w in winners) Check(Ttt.FindWinner(w.Item1) == w.Item2, "FindWinner " + w.Item2);
        Check(Ttt.Validate(new[] { "O  ", "   ", "   " }) != Verdict.Valid, "Validate 1");
        Check(Ttt.Validate(new[] { "XOX", " X ", "   " }) != Verdict.Valid, "Validate 2");
        Check(Ttt.Validate(new[] { "XOX", "O O", "XOX" }) == Verdict.Valid, "Validate 3");
        using (var toe = Game.TicTacToe(3))
        {
            int[][] moves = { new[] { 0, 0, 1 }, new[] { 0, 2, 2 }, new[] { 2, 2, 1 }, new[] { 1, 1, 2 },
                              new[] { 2, 0, 1 }, new[] { 1, 0, 2 }, new[] { 2, 1, 1 } };
            for (int i = 0; i < moves.Length; i++)
                Check(toe.Move(moves[i][0], moves[i][1], moves[i][2]) == (i == 6 ? 1 : 0), "Move " + i);
        }
        if (failures > 0) return 1;
        Console.WriteLine("ok: tictactoe " + Ttt.Version + ", the seeds' examples");
        return 0;
    }
}
