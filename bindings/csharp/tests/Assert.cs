// Assert.cs — a minimal test harness (no NUnit needed): each test is a static method; a failed
// check is recorded with its line and the run continues; the exit code is the failure count.
using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace TicTacToe.Tests
{
    internal static class Assert
    {
        internal static int Failures;

        private static void Fail(string message, int line)
        {
            Failures++;
            Console.WriteLine("  FAILED (line " + line + "): " + message);
        }

        internal static void True(bool condition, string what = "condition", [CallerLineNumber] int line = 0)
        {
            if (!condition) Fail(what, line);
        }

        internal static void Equal<T>(T expected, T actual, [CallerLineNumber] int line = 0)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual))
                Fail("expected <" + expected + ">, got <" + actual + ">", line);
        }

        internal static void Sequence<T>(IEnumerable<T> expected, IEnumerable<T> actual, [CallerLineNumber] int line = 0)
        {
            string e = string.Join(", ", expected), a = string.Join(", ", actual);
            if (e != a) Fail("expected [" + e + "], got [" + a + "]", line);
        }

        /// <summary>Passes when <paramref name="action"/> throws exactly <typeparamref name="T"/>
        /// or a subclass; returns it (or null after recording a failure).</summary>
        internal static T Throws<T>(Action action, [CallerLineNumber] int line = 0) where T : Exception
        {
            try
            {
                action();
            }
            catch (T e)
            {
                return e;
            }
            catch (Exception e)
            {
                Fail("expected " + typeof(T).Name + ", got " + e.GetType().Name + ": " + e.Message, line);
                return null;
            }
            Fail("expected " + typeof(T).Name + ", nothing was thrown", line);
            return null;
        }

        /// <summary>Passes when the action throws <typeparamref name="T"/> carrying <paramref name="status"/>.</summary>
        internal static T Status<T>(Status status, Action action, [CallerLineNumber] int line = 0) where T : TicTacToeException
        {
            T e = Throws<T>(action, line);
            if (e != null && e.Status != status) Fail("expected status " + status + ", got " + e.Status, line);
            return e;
        }
    }
}
