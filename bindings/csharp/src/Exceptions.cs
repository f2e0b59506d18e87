// Exceptions.cs — every non-OK status becomes a TicTacToeException (or a subclass by kind).
// Numbers the C API cannot take (negative ints) are ArgumentOutOfRangeException, thrown before
// the native call, except a negative cell in a move list for Ttt.Judge / Ttt.FindWinner, which is
// off the board (IllegalMoveException at its index); a disposed Game is ObjectDisposedException.
using System;

namespace TicTacToe
{
    /// <summary>A status other than <see cref="TicTacToe.Status.Ok"/> from the native library.</summary>
    public class TicTacToeException : Exception
    {
        public TicTacToeException(Status status, string message) : base(message) { Status = status; }

        /// <summary>The native status, with the C numbering.</summary>
        public Status Status { get; }
    }

    /// <summary>OutOfBounds, CellOccupied, WrongTurn, GameOver.</summary>
    public class IllegalMoveException : TicTacToeException
    {
        public IllegalMoveException(Status status, string message, int? moveIndex)
            : base(status, message) { MoveIndex = moveIndex; }

        public IllegalMoveException(Status status, string message, int? moveIndex, int? gameIndex)
            : base(status, message) { MoveIndex = moveIndex; GameIndex = gameIndex; }

        /// <summary>From <see cref="Ttt.Judge(int[][], int, int, int)"/> and <see cref="Ttt.FindWinner"/>:
        /// which move (0-based) broke the rules; null elsewhere.</summary>
        public int? MoveIndex { get; }

        /// <summary>From <see cref="Batch.Step(int[], byte[])"/>: the first game (0-based) whose
        /// action was illegal; no game changed. Null elsewhere.</summary>
        public int? GameIndex { get; }
    }

    /// <summary>InvalidArgument, TooLarge: a board size, k or player the rules do not allow.</summary>
    public class InvalidRulesException : TicTacToeException
    {
        public InvalidRulesException(Status status, string message) : base(status, message) { }
    }

    /// <summary>NothingToUndo, NothingToRedo.</summary>
    public class NoHistoryException : TicTacToeException
    {
        public NoHistoryException(Status status, string message) : base(status, message) { }
    }

    /// <summary>ParseError, UnreachableBoard: text or a board that cannot be read or cannot arise.</summary>
    public class ParseException : TicTacToeException
    {
        public ParseException(Status status, string message) : base(status, message) { }
    }

    /// <summary>TooHard: the position is too big to solve exactly, or its budget ran out.</summary>
    public class TooHardException : TicTacToeException
    {
        public TooHardException(Status status, string message) : base(status, message) { }
    }

    /// <summary>Turns statuses into exceptions and checks numbers going to the C API.</summary>
    internal static class Errors
    {
        internal static void Check(Status status, string where)
        {
            if (status != Status.Ok) throw For(status, where + ": " + status.Describe(), null);
        }

        /// <summary>The exception for a status; <paramref name="message"/> names the call and the status.</summary>
        internal static TicTacToeException For(Status status, string message, int? moveIndex)
        {
            switch (status)
            {
                case Status.OutOfBounds:
                case Status.CellOccupied:
                case Status.WrongTurn:
                case Status.GameOver:
                    return new IllegalMoveException(status, message, moveIndex);
                case Status.InvalidArgument:
                case Status.TooLarge:
                    return new InvalidRulesException(status, message);
                case Status.NothingToUndo:
                case Status.NothingToRedo:
                    return new NoHistoryException(status, message);
                case Status.ParseError:
                case Status.UnreachableBoard:
                    return new ParseException(status, message);
                case Status.TooHard:
                    return new TooHardException(status, message);
                default:
                    return new TicTacToeException(status, message);
            }
        }

        /// <summary>The C API takes uint32_t; a negative int must not wrap to a huge one.</summary>
        internal static uint U32(int value, string name)
        {
            if (value < 0) throw new ArgumentOutOfRangeException(name, value, name + " must not be negative");
            return (uint)value;
        }
    }
}
