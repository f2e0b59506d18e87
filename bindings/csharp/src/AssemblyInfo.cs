// AssemblyInfo.cs — lets the test program read GameHandle.Releases (the free counter).
using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("TicTacToe.Tests")]
