"""One Gomocup ("pbrain") engine as a child process, seen from the manager's side.

The engine reads commands on its standard input and answers on its standard output. A reader
thread queues its lines, so that every wait for an answer has a deadline and a hung engine
costs its game, never the match.
"""

import queue
import shlex
import subprocess
import threading
import time


class EngineError(Exception):
    """The engine broke the protocol: `reason` is timeout, crash, error or illegal."""

    def __init__(self, reason, detail):
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


class Engine:
    """A running engine. `command` is a shell-style command line."""

    def __init__(self, name, command):
        self.name = name
        self.messages = []
        self.proc = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, text):
        try:
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineError("crash", f"{self.name} closed its input ({e})") from e

    def answer(self, timeout_s):
        """The next line that is not MESSAGE or DEBUG (those are kept in `messages`)."""
        deadline = time.monotonic() + timeout_s
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(left, 0.001))
            except queue.Empty:
                raise EngineError(
                    "timeout", f"{self.name} did not answer within {timeout_s:.1f} s"
                ) from None
            if line is None:
                raise EngineError("crash", f"{self.name} exited")
            word = line.split(" ", 1)[0].upper()
            if word in ("MESSAGE", "DEBUG", "SUGGEST"):
                self.messages.append(line)
                continue
            if line.strip():
                return line

    def expect_ok(self, command, timeout_s):
        self.send(command)
        line = self.answer(timeout_s)
        if line.strip().upper() != "OK":
            raise EngineError("error", f"{self.name} answered {line!r} to {command}")

    def move(self, command, timeout_s):
        """Sends a command that asks for a move; returns the move (x, y) and the seconds taken."""
        start = time.monotonic()
        self.send(command)
        line = self.answer(timeout_s)
        took = time.monotonic() - start
        parts = line.split(",")
        try:
            x, y = (int(p) for p in parts)
        except ValueError:
            raise EngineError("error", f"{self.name} answered {line!r} instead of a move") from None
        return (x, y), took

    def close(self):
        """END, then a short wait; an engine that lingers is killed."""
        try:
            self.send("END")
        except EngineError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass
