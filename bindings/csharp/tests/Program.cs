// Program.cs — runs every test; the exit code is non-zero when any check failed.
using System;

namespace TicTacToe.Tests
{
    internal static class Program
    {
        private static int Main()
        {
            var tests = new Action[]
            {
                GameTests.DesignTicTacToeSeed, GameTests.PlayerTwoMayOpen, GameTests.QueriesAndHistory,
                GameTests.DrawAndBWins, GameTests.CloneIsIndependent, GameTests.TextRoundTrip, GameTests.TextKeepsWhoStarted, GameTests.LongListsAndTexts,
                GameTests.ConstructionErrors, GameTests.MoveErrorsChangeNothing, GameTests.DisposedGameThrows, GameTests.EveryMemberOfADisposedGameThrows, GameTests.DisposeWhileAnotherThreadUsesTheGame,
                GameTests.DisposeFreesOnce, GameTests.CollectedGamesFreedOnce, GameTests.GamesOnThreads,
                GameTests.LargeBoards,
                AiTests.EmptyBoardIsADraw, AiTests.ImmediateWin, AiTests.ForcedLoss, AiTests.Errors,
                AiTests.TakesTheWin, AiTests.ThreatWinOfAnOpenThree, AiTests.BlocksTheLoss, AiTests.DeterministicAndLegal, AiTests.SearchErrors,
                AiTests.ParallelSearchesOfOneGame, AiTests.DisposeDuringSearchIsSafe,
                AiTests.BudgetedSolveMatchesTheDefault, AiTests.BudgetedSolveRunsOut, AiTests.BudgetedSolveErrors, AiTests.SolveOnThreads, AiTests.ForcedWinner, AiTests.Certificates,
                BatchTests.AgreesWithGamesAfterEveryStep, BatchTests.AWonGameStartsAgain, BatchTests.IllegalActionChangesNothing,
                BatchTests.RandomMovesRepeatForASeed, BatchTests.ThreadsChangeNoResult, BatchTests.DisposedBatchThrowsAndIsFreedOnce,
                RulesTests.FindWinnerSeed, RulesTests.JudgeGeneralBoards, RulesTests.JudgeErrors,
                RulesTests.ValidStateSeed, RulesTests.ValidateShapesAsInSpec, RulesTests.StringsGoToCAsUtf8, RulesTests.EveryVerdict, RulesTests.ValidateErrors, RulesTests.EveryStatusHasItsException,
                RulesTests.EnumsMatchTheHeader,
                RulesTests.Names,
                CrossCheckTests.ValidateEvery3x3Board, CrossCheckTests.ValidateRandomBoards, CrossCheckTests.JudgeRandomMoveLists,
                CrossCheckTests.BestMoveMatchesAReferenceSolver,
                AuditTests.EnumsNamesAndVersion, AuditTests.ValidateEvery3x3Board, AuditTests.ValidateOtherShapes, AuditTests.ValidateArguments, AuditTests.JudgeRandomMoveLists, AuditTests.JudgeArguments, AuditTests.GameAgainstModel, AuditTests.FromTextEvery3x3Board, AuditTests.TextFormatEdges, AuditTests.ErrorsLeaveTheGameUnchanged, AuditTests.GameArguments, AuditTests.BestMoveEvery3x3Position, AuditTests.BestMoveLargerBoards, AuditTests.SearchAndLevels, AuditTests.DisposeSemantics, AuditTests.FinalizerFreesNativeGames, AuditTests.DistinctGamesOnThreads, AuditTests.DisposeDuringBestMove, AuditTests.LargeBoardsAndLimits,
            };
            foreach (Action test in tests)
            {
                int before = Assert.Failures;
                try
                {
                    test();
                }
                catch (Exception e)
                {
                    Assert.Failures++;
                    Console.WriteLine("  UNEXPECTED " + e);
                }
                string name = test.Method.DeclaringType.Name + "." + test.Method.Name;
                Console.WriteLine((Assert.Failures == before ? "ok   " : "FAIL ") + name);
            }
            Console.WriteLine(Assert.Failures == 0 ? "csharp: all tests passed" : "csharp: " + Assert.Failures + " failure(s)");
            return Assert.Failures == 0 ? 0 : 1;
        }
    }
}
