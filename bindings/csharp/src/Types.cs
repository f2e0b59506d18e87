// Types.cs — the C enums (same numbers as include/tictactoe.h; 4 bytes each) and a board cell.
using System;

namespace TicTacToe
{
    /// <summary>A C <c>TttStatus</c>. Every value but <see cref="Ok"/> is thrown as a
    /// <see cref="TicTacToeException"/>.</summary>
    public enum Status : uint
    {
        Ok = 0,
        NullPointer = 1,
        InvalidArgument = 2,
        OutOfBounds = 3,
        CellOccupied = 4,
        WrongTurn = 5,
        GameOver = 6,
        NothingToUndo = 7,
        NothingToRedo = 8,
        ParseError = 9,
        BufferTooSmall = 10,
        TooLarge = 11,
        OutOfMemory = 12,
        UnreachableBoard = 13,
        TooHard = 14,
        InternalError = 15,
    }

    /// <summary>How a game stands (C <c>TttResult</c>).</summary>
    public enum Result : uint
    {
        Pending = 0,
        AWins = 1,
        BWins = 2,
        Draw = 3,
    }

    /// <summary>Whether a board is reachable, else the first reason why not (C <c>TttVerdict</c>).</summary>
    public enum Verdict : uint
    {
        Valid = 0,
        TooManyO = 1,
        TooManyX = 2,
        BothWin = 3,
        XWonThenOMoved = 4,
        OWonThenXMoved = 5,
        XLinesDisjoint = 6,
        OLinesDisjoint = 7,
    }

    /// <summary>Difficulty levels of <see cref="Game.AiMove"/> (the header's TTT_LEVEL_* numbers).</summary>
    public enum Level : uint
    {
        /// <summary>A uniformly random legal move.</summary>
        Random = 0,
        /// <summary>Wins in one when it can, else random.</summary>
        Easy = 1,
        /// <summary>One-ply greedy: wins, else blocks, else builds its lines.</summary>
        Medium = 2,
        /// <summary>A budgeted search of 12,000 nodes.</summary>
        Hard = 3,
        /// <summary>Perfect play where solvable, else a 20,000-node search.</summary>
        Perfect = 4,
    }

    /// <summary>A board cell, counted from 0.</summary>
    public struct Cell : IEquatable<Cell>
    {
        public int Row { get; }
        public int Col { get; }

        public Cell(int row, int col)
        {
            Row = row;
            Col = col;
        }

        public bool Equals(Cell other) { return Row == other.Row && Col == other.Col; }
        public override bool Equals(object obj) { return obj is Cell && Equals((Cell)obj); }
        public override int GetHashCode() { return Row * 31 + Col; }
        public override string ToString() { return "(" + Row + ", " + Col + ")"; }
        public static bool operator ==(Cell a, Cell b) { return a.Equals(b); }
        public static bool operator !=(Cell a, Cell b) { return !a.Equals(b); }
    }

    /// <summary>A move with its game-theoretic value, as <see cref="Game.BestMove"/> returns it.</summary>
    public struct ScoredMove
    {
        public ScoredMove(Cell cell, int score)
        {
            Cell = cell;
            Score = score;
        }

        public Cell Cell { get; }
        public int Row { get { return Cell.Row; } }
        public int Col { get { return Cell.Col; } }

        /// <summary>0: draw with best play; +N: the side to move wins, the game ending N plies from
        /// now (its own move counts as 1); -N: it loses N plies from now.</summary>
        public int Score { get; }

        public override string ToString() { return Cell + " score " + Score; }
    }

    /// <summary>A forced win by threats, as <see cref="Game.ThreatWin"/> returns it.</summary>
    public struct ThreatWin
    {
        public ThreatWin(Cell cell, int plies)
        {
            Cell = cell;
            Plies = plies;
        }

        /// <summary>The first move of the win.</summary>
        public Cell Cell { get; }

        /// <summary>The plies until the winning stone against the longest defence, the first
        /// move counting 1.</summary>
        public int Plies { get; }

        public override string ToString() { return Cell + " wins in " + Plies; }
    }
}
