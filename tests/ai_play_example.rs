//! `examples/play.c`, the terminal game against the AI: compiled with the `cc` crate's
//! compiler, linked against the static library this `cargo test` built, and driven through
//! pipes like a person would: it reads each prompt, answers bad lines first, then plays.
//! The moves are checked by the library's judge, independently of the program's own verdict.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::OnceLock;
use std::time::Duration;

use tictactoe::{judge, Outcome, Rules};

mod common;
use common::c_tools;

/// Compiles play.c against the `libtictactoe.a` made by the same rustc run as the rlib inside
/// this test (`c_tools::lib_dir`), so never a stale copy.
fn build_play() -> PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(compile).clone()
}

fn compile() -> PathBuf {
    let lib_dir = c_tools::lib_dir();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = lib_dir.parent().expect("the library's folder has a parent").join("ai-play");
    let status = c_tools::compiler(false, 1)
        .args(["-std=c99", "-Wall", "-Wextra", "-Wpedantic", "-Werror", "-I"])
        .arg(root.join("include"))
        .arg(root.join("examples/play.c"))
        .arg(lib_dir.join("libtictactoe.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .expect("the C compiler runs");
    assert!(status.success(), "examples/play.c failed to compile");
    out
}

/// A running play.c whose output is read by a thread, so the test can wait for each prompt.
struct Session {
    child: Child,
    stdin: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    /// Everything printed so far, and how much of it the test has looked at.
    seen: String,
    read_to: usize,
}

const PROMPT: &str = "row col: ";

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut command = Command::new(build_play());
        command.args(args);
        if c_tools::use_valgrind() {
            command = c_tools::memcheck(&command);
        }
        let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("play runs");
        let mut stdout = child.stdout.take().expect("piped");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session { stdin: child.stdin.take(), child, output, seen: String::new(), read_to: 0 }
    }

    /// Waits until the output since the last call ends with a prompt (true) or the program
    /// ends (false); returns the new output too.
    fn wait(&mut self) -> (bool, String) {
        loop {
            let new = &self.seen[self.read_to..];
            if new.ends_with(PROMPT) {
                let text = new.to_string();
                self.read_to = self.seen.len();
                return (true, text);
            }
            match self.output.recv_timeout(Duration::from_secs(60)) {
                Ok(bytes) => self.seen.push_str(&String::from_utf8(bytes).expect("play prints UTF-8")),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    let text = self.seen[self.read_to..].to_string();
                    self.read_to = self.seen.len();
                    return (false, text);
                }
                Err(e) => panic!("play.c went quiet ({e}); output so far:\n{}", self.seen),
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin.as_mut().expect("stdin open"), "{line}").expect("play reads its input");
    }

    fn finish(mut self) -> String {
        drop(self.stdin.take());
        let status = self.child.wait().expect("play exits");
        assert!(status.success(), "play exited with {status}; output:\n{}", self.seen);
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(60)) {
            self.seen.push_str(&String::from_utf8(bytes).expect("UTF-8"));
        }
        self.seen
    }
}

/// The moves announced in `text`, in order: lines "You (X) play R C" and "AI (O) plays R C",
/// the AI's perhaps followed by how it chose ("(searched)", "(solved: ...)").
fn played(text: &str) -> Vec<[u32; 2]> {
    text.lines()
        .filter(|l| l.starts_with("You (") || l.starts_with("AI ("))
        .filter_map(|l| l.split_once(" play ").or_else(|| l.split_once(" plays ")))
        .map(|(_, rest)| {
            let n: Vec<u32> = rest.split_whitespace().take(2).map(|x| x.parse().expect("a number")).collect();
            [n[0], n[1]]
        })
        .collect()
}

/// The game's verdict line as play.c words it for a self-played game.
fn verdict(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Won(tictactoe::Player::X) => "X wins.",
        Outcome::Won(tictactoe::Player::O) => "O wins.",
        Outcome::Draw => "Draw.",
        Outcome::Pending => "(unfinished)",
    }
}

#[test]
fn a_person_loses_to_the_perfect_ai_on_3x3_after_typing_nonsense() {
    let mut s = Session::start(&[]);
    let mut moves: Vec<[u32; 2]> = Vec::new();
    let (prompted, text) = s.wait();
    assert!(prompted && text.contains("You are X"), "{text}");
    // Bad lines first: each gets a message and a new prompt, and changes nothing.
    for (bad, answer) in [
        ("hello", "Please type a row and a column"),
        ("1", "Please type a row and a column"),
        ("1 2 3", "Please type a row and a column"),
        ("-1 0", "Please type a row and a column"),
        ("99999999999 0", "Please type a row and a column"),
        ("3 0", "cell out of bounds"),
        ("", "Please type a row and a column"),
    ] {
        s.send(bad);
        let (prompted, text) = s.wait();
        assert!(prompted && text.contains(answer), "after {bad:?}: {text}");
    }
    // The person plays the first free cell in reading order, retrying a taken one once.
    let mut retried = false;
    loop {
        let taken: Vec<u32> = moves.iter().map(|m| m[0] * 3 + m[1]).collect();
        let free = (0..9).find(|c| !taken.contains(c)).expect("a free cell while prompted");
        if let (Some(&[r, c]), false) = (moves.last(), retried) {
            s.send(&format!("{r} {c}"));
            let (prompted, text) = s.wait();
            assert!(prompted && text.contains("cell occupied"), "{text}");
            retried = true;
        }
        s.send(&format!("  {} {}\t", free / 3, free % 3));
        let (prompted, text) = s.wait();
        moves.extend(played(&text));
        if !prompted {
            let all = s.finish();
            let result = judge(&Rules::new(3, 3, 3).unwrap(), &moves).expect("every move legal");
            assert_eq!(result, Outcome::Won(tictactoe::Player::O), "{all}");
            assert!(all.trim_end().ends_with("The AI wins."), "{all}");
            return;
        }
    }
}

#[test]
fn end_of_input_quits_cleanly_and_the_ai_can_start() {
    let mut s = Session::start(&["4", "5", "3", "--ai-first", "--level", "3"]);
    let (prompted, text) = s.wait();
    assert!(prompted, "{text}");
    assert_eq!(played(&text).len(), 1, "{text}");
    assert!(text.contains("AI (X) plays"), "{text}");
    assert!(text.contains("You are O"), "{text}");
    let all = s.finish();
    assert!(all.trim_end().ends_with("End of input: bye."), "{all}");
}

#[test]
fn the_ai_plays_itself_to_the_end() {
    let s = Session::start(&["7", "6", "4", "--self", "--level", "2", "--seed", "5"]);
    let all = s.finish();
    let outcome = judge(&Rules::new(7, 6, 4).unwrap(), &played(&all)).expect("legal moves");
    assert_ne!(outcome, Outcome::Pending, "the game did not end:\n{all}");
    assert!(all.trim_end().ends_with(verdict(outcome)), "{all}");
}

/// `--think`: on 3×3 every move is solved within its budget (the table needs no clock), so
/// both sides play perfectly and draw, and each move says so.
#[test]
fn the_ai_on_a_clock_solves_every_3x3_move() {
    let all = Session::start(&["--self", "--think", "40"]).finish();
    let moves = played(&all);
    assert_eq!(judge(&Rules::new(3, 3, 3).unwrap(), &moves), Ok(Outcome::Draw), "{all}");
    let ai_lines: Vec<&str> = all.lines().filter(|l| l.starts_with("AI (")).collect();
    assert_eq!(ai_lines.len(), 9, "{all}");
    assert!(ai_lines.iter().all(|l| l.ends_with("(solved: a draw)")), "{all}");
    assert!(all.trim_end().ends_with("Draw."), "{all}");
}

/// `--think` on 7×7 with k = 5: the empty board cannot be solved in 10 ms, so the first move is
/// searched; the game goes on to its end with legal moves, each saying how it was chosen.
#[test]
fn the_ai_on_a_clock_searches_where_it_cannot_solve() {
    let all = Session::start(&["7", "7", "5", "--self", "--think", "20", "--seed", "3"]).finish();
    let outcome = judge(&Rules::new(7, 7, 5).unwrap(), &played(&all)).expect("legal moves");
    assert_ne!(outcome, Outcome::Pending, "the game did not end:\n{all}");
    assert!(all.trim_end().ends_with(verdict(outcome)), "{all}");
    let ai_lines: Vec<&str> = all.lines().filter(|l| l.starts_with("AI (")).collect();
    assert!(ai_lines[0].ends_with("(searched)"), "{all}");
    assert!(ai_lines.iter().all(|l| l.ends_with("(searched)") || l.contains("(solved: ")), "{all}");
}

#[test]
fn bad_command_lines_are_refused() {
    for args in [
        &["3", "3"][..],
        &["0", "3", "3"],
        &["3", "3", "4"],
        &["--level", "5"],
        &["--bogus"],
        &["--think", "0"],
    ] {
        let out = Command::new(build_play()).args(args).stdin(Stdio::null()).output().expect("play runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
