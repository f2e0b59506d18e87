//! The Gomocup ("pbrain") protocol program, `examples/pbrain/`, driven over pipes as a
//! tournament manager drives it: every command, both colours on a BOARD, an immediate win to
//! take and a loss to block (the only moves the assertions name; other moves are only checked
//! to be legal, since they are the AI's to choose), TAKEBACK, RESTART, bad input, and a whole
//! game. It is compiled here with gcc and clang (every warning an error) against the library
//! this `cargo test` built, and one session runs under valgrind memcheck.
//!
//! The time limits below are hang guards only: a move must arrive, however slowly.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::OnceLock;
use std::time::Duration;

mod common;
use common::c_tools;

/// Far past the slowest move on a busy machine under valgrind: it only catches a hang.
const HANG_GUARD: Duration = Duration::from_secs(300);

const SOURCES: [&str; 4] = [
    "examples/pbrain/main.c",
    "examples/pbrain/protocol.c",
    "examples/pbrain/board.c",
    "examples/pbrain/think.c",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Compiles the program with `compiler`, all warnings errors, linked to `libtictactoe.a`.
fn compile(mut cmd: Command, exe: &Path) {
    let lib = c_tools::lib_dir().join("libtictactoe.a");
    cmd.args(["-std=c99", "-O2", "-Wall", "-Wextra", "-Wpedantic", "-Werror"])
        .arg("-I")
        .arg(root().join("include"));
    cmd.args(SOURCES.iter().map(|s| root().join(s)))
        .arg(lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(exe);
    let out = cmd.output().expect("the C compiler runs");
    assert!(
        out.status.success(),
        "compiling examples/pbrain failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The program, built once with the `cc` crate's compiler for the library's target.
fn program() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let dir = c_tools::lib_dir().parent().expect("the library's folder has a parent").join("pbrain");
        std::fs::create_dir_all(&dir).expect("can create the output directory");
        let exe = dir.join("pbrain-tictactoe");
        compile(c_tools::compiler(false, 2), &exe);
        exe
    })
}

/// A running brain: lines in, lines out, with the hang guard on every read.
struct Brain {
    child: Child,
    lines: Receiver<String>,
}

impl Brain {
    fn start(args: &[&str]) -> Brain {
        Brain::spawn(Command::new(program()), args)
    }

    fn spawn(mut cmd: Command, args: &[&str]) -> Brain {
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        let mut child = cmd.spawn().expect("the brain starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain { child, lines }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.child.stdin.as_mut().expect("stdin is open");
        stdin.write_all(text.as_bytes()).and_then(|()| stdin.flush()).expect("the brain reads its input");
    }

    /// The next line of output; panics after the hang guard or at the end of output.
    fn recv(&mut self) -> String {
        match self.lines.recv_timeout(HANG_GUARD) {
            Ok(line) => line,
            Err(e) => {
                let _ = self.child.kill();
                panic!("no answer from the brain ({e:?})");
            }
        }
    }

    /// Sends `command` and returns the one line it answers.
    fn ask(&mut self, command: &str) -> String {
        self.send(&format!("{command}\n"));
        self.recv()
    }

    /// Closes the input and returns whatever is left of the output, and the exit status.
    fn finish(mut self) -> (Vec<String>, std::process::ExitStatus) {
        drop(self.child.stdin.take());
        let mut rest = Vec::new();
        loop {
            match self.lines.recv_timeout(HANG_GUARD) {
                Ok(line) => rest.push(line),
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("the brain did not finish");
                }
            }
        }
        (rest, self.child.wait().expect("the brain exits"))
    }
}

/// `x,y` from a move line; panics unless it is one inside `cols` x `rows`.
fn parse_move(line: &str, cols: u32, rows: u32) -> (u32, u32) {
    let parsed =
        line.split_once(',').and_then(|(x, y)| Some((x.parse::<u32>().ok()?, y.parse::<u32>().ok()?)));
    let (x, y) = parsed.unwrap_or_else(|| panic!("expected a move x,y, got {line:?}"));
    assert!(x < cols && y < rows, "move {line} is off the {cols} x {rows} board");
    (x, y)
}

/// A BOARD command with `stones` as (x, y, field).
fn board_command(stones: &[(u32, u32, u32)]) -> String {
    let mut text = String::from("BOARD\n");
    for (x, y, f) in stones {
        text += &format!("{x},{y},{f}\n");
    }
    text + "DONE"
}

#[test]
fn about_start_begin_turn_and_end() {
    let mut b = Brain::start(&["--nodes", "2000"]);
    let about = b.ask("ABOUT");
    assert!(about.starts_with("name=\"tictactoe\", version=\""), "{about}");
    assert!(about.contains(&format!("version=\"{}\"", env!("CARGO_PKG_VERSION"))), "{about}");
    assert!(about.contains("author=\"") && about.contains("country=\""), "{about}");
    assert_eq!(b.ask("START 15"), "OK");
    // INFO answers nothing, unknown keys included; the next answer is BEGIN's.
    b.send("INFO timeout_turn 5000\nINFO timeout_match 100000\nINFO time_left 100000\n");
    b.send("INFO max_memory 83886080\nINFO rule 0\nINFO game_type 1\nINFO folder /tmp\nINFO future_key 7\n");
    let first = parse_move(&b.ask("BEGIN"), 15, 15);
    let reply = parse_move(&b.ask("TURN 0,0"), 15, 15);
    assert!(reply != first && reply != (0, 0), "the brain played on a taken cell");
    // Lower case and CR LF line ends, as some managers send them.
    assert_eq!(b.ask("restart\r"), "OK");
    parse_move(&b.ask("turn 7,7\r"), 15, 15);
    b.send("END\nABOUT\n");
    let (rest, status) = b.finish();
    assert!(status.success(), "END must exit cleanly: {status}");
    assert!(rest.is_empty(), "nothing may follow END: {rest:?}");
}

#[test]
fn rectstart_plays_on_a_rectangle() {
    let mut b = Brain::start(&["--nodes", "2000"]);
    assert_eq!(b.ask("RECTSTART 20,10"), "OK");
    parse_move(&b.ask("BEGIN"), 20, 10);
    // Columns are x: own stones on x = 15..18 of the last row, the left end blocked. The only
    // win is x = 19, the last column, which exists only if x runs over 20 columns.
    let mut stones = vec![(14, 9, 2), (0, 0, 2), (2, 0, 2), (4, 0, 2)];
    stones.extend((15..19).map(|x| (x, 9, 1)));
    assert_eq!(b.ask(&board_command(&stones)), "19,9");
    // The transposed board: x, y swapped, on 10 columns and 20 rows.
    assert_eq!(b.ask("RECTSTART 10,20"), "OK");
    let stones: Vec<_> = stones.iter().map(|&(x, y, f)| (y, x, f)).collect();
    assert_eq!(b.ask(&board_command(&stones)), "9,19");
}

/// Own four on row 7 (x = 3..6, the left end blocked at x = 2) and the opponent's four on row
/// 9 (x = 9..12, open on both sides): whichever colour the brain has, it must take its win at
/// (7, 7) rather than block.
fn race(own_extra: Option<(u32, u32)>) -> Vec<(u32, u32, u32)> {
    let mut stones: Vec<(u32, u32, u32)> = (3..7).map(|x| (x, 7, 1)).collect();
    stones.extend((9..13).map(|x| (x, 9, 2)));
    stones.push((2, 7, 2));
    stones.extend(own_extra.map(|(x, y)| (x, y, 1)));
    stones
}

#[test]
fn board_takes_the_win_with_either_colour() {
    let mut b = Brain::start(&["--nodes", "2000"]);
    assert_eq!(b.ask("START 15"), "OK");
    // Five opponent stones and four own: the opponent started, the brain is O.
    assert_eq!(b.ask(&board_command(&race(None))), "7,7");
    // Five and five: the brain started, it is X.
    assert_eq!(b.ask(&board_command(&race(Some((0, 14))))), "7,7");
    // The levels take a win too, from Easy up.
    for level in ["EASY", "MEDIUM", "HARD", "PERFECT"] {
        let mut b = Brain::start(&["--level", level]);
        assert_eq!(b.ask("START 15"), "OK");
        assert_eq!(b.ask(&board_command(&race(None))), "7,7", "level {level}");
    }
}

#[test]
fn blocks_a_four() {
    // The opponent's four on the diagonal (3,3)..(6,6), (2,2) blocked by the brain: only (7,7)
    // stops five. The brain's stones make no threat of their own.
    let mut stones: Vec<(u32, u32, u32)> = (3..7).map(|i| (i, i, 2)).collect();
    stones.extend([(2, 2, 1), (0, 14, 1), (14, 0, 1)]);
    for args in [&["--nodes", "2000"][..], &["--ms", "20"], &["--level", "MEDIUM"], &["--level", "HARD"]] {
        let mut b = Brain::start(args);
        assert_eq!(b.ask("START 15"), "OK");
        assert_eq!(b.ask(&board_command(&stones)), "7,7", "{args:?}");
        // TAKEBACK the answer and the fourth stone, then the same threat arrives by TURN.
        assert_eq!(b.ask("TAKEBACK 7,7"), "OK");
        assert_eq!(b.ask("TAKEBACK 6,6"), "OK");
        assert_eq!(b.ask("TURN 6,6"), "7,7", "{args:?}");
    }
}

#[test]
fn takeback_and_restart() {
    let mut b = Brain::start(&["--nodes", "2000"]);
    assert_eq!(b.ask("TAKEBACK 1,1"), "ERROR no board yet: send START first");
    assert_eq!(b.ask("RESTART"), "ERROR no board yet: send START first");
    assert_eq!(b.ask("START 15"), "OK");
    let (x, y) = parse_move(&b.ask("TURN 7,7"), 15, 15);
    assert_eq!(b.ask(&format!("TAKEBACK {x},{y}")), "OK");
    assert_eq!(b.ask("TAKEBACK 7,7"), "OK");
    assert_eq!(b.ask("TAKEBACK 7,7"), "ERROR no stone there to take back");
    assert_eq!(b.ask("TAKEBACK 15,0"), "ERROR coordinates outside the board");
    // Both cells are free again: the opponent may play the brain's cell.
    parse_move(&b.ask(&format!("TURN {x},{y}")), 15, 15);
    // RESTART empties the board: the same cell can be played again.
    assert_eq!(b.ask("RESTART"), "OK");
    parse_move(&b.ask(&format!("TURN {x},{y}")), 15, 15);
}

#[test]
fn bad_input_is_answered_and_survived() {
    let mut b = Brain::start(&["--nodes", "500"]);
    assert_eq!(b.ask("BEGIN"), "ERROR no board yet: send START first");
    assert_eq!(b.ask("TURN 1,1"), "ERROR no board yet: send START first");
    assert_eq!(b.ask("BOARD\n1,1,1\nDONE"), "ERROR no board yet: send START first");
    assert_eq!(b.ask("PLAY 1,1"), "UNKNOWN command PLAY");
    assert_eq!(b.ask("DONE"), "UNKNOWN command DONE");
    for (line, answer) in [
        ("START", "ERROR START needs one size, e.g. START 15"),
        ("START -5", "ERROR START needs one size, e.g. START 15"),
        ("START 99999999999999999999", "ERROR START needs one size, e.g. START 15"),
        ("START 0", "ERROR unsupported size: each side must be 1 to 1024"),
        ("START 4", "ERROR unsupported size: the line length k is longer than the board"),
        ("RECTSTART 20", "ERROR RECTSTART needs width,height, e.g. RECTSTART 20,15"),
        ("BEGIN now", "ERROR this command takes no argument"),
        ("INFO", "ERROR INFO needs a key and a value"),
        ("INFO timeout_turn soon", "ERROR INFO timeout_turn needs a number"),
    ] {
        assert_eq!(b.ask(line), answer, "{line}");
    }
    assert_eq!(b.ask("START 15"), "OK");
    for (line, answer) in [
        ("TURN 7", "ERROR TURN needs x,y, e.g. TURN 7,7"),
        ("TURN 7,7,7", "ERROR TURN needs x,y, e.g. TURN 7,7"),
        ("TURN x,y", "ERROR TURN needs x,y, e.g. TURN 7,7"),
        ("TURN 15,0", "ERROR coordinates outside the board"),
        ("TAKEBACK", "ERROR TAKEBACK needs x,y, e.g. TAKEBACK 7,7"),
    ] {
        assert_eq!(b.ask(line), answer, "{line}");
    }
    let long = format!("TURN {}", "1".repeat(5000));
    assert_eq!(b.ask(&long), "ERROR line too long");
    assert_eq!(b.ask("\u{1}\u{7f}\u{ff}garbage"), "UNKNOWN command \u{1}\u{7f}\u{ff}GARBAGE");
    // BOARD problems are answered at DONE, after the whole block is read.
    assert_eq!(
        b.ask("BOARD\n1,1,1\nnonsense\n2,2,2\nDONE"),
        "ERROR a BOARD line is x,y,field with field 1, 2 or 3, or DONE"
    );
    assert_eq!(b.ask("BOARD\n1,1,4\nDONE"), "ERROR a BOARD line is x,y,field with field 1, 2 or 3, or DONE");
    assert_eq!(b.ask("BOARD\n1,1,1\n1,1,2\nDONE"), "ERROR that cell is taken");
    assert_eq!(b.ask("BOARD\n1,1,1\n20,1,2\nDONE"), "ERROR coordinates outside the board");
    let long_stone = format!("BOARD\n1,1,{}\nDONE", "1".repeat(5000));
    assert_eq!(b.ask(&long_stone), "ERROR line too long");
    assert_eq!(
        b.ask("BOARD\n1,1,1\n2,2,1\nDONE"),
        "ERROR not the brain's turn: it needs as many stones as the opponent, or one fewer"
    );
    // A five already on the board: no move to make.
    assert_eq!(
        b.ask(&board_command(
            &(0..5).map(|x| (x, 0, 2)).chain((0..4).map(|x| (x, 5, 1))).collect::<Vec<_>>()
        )),
        "ERROR the game is over"
    );
    // After all that, the brain still plays.
    assert_eq!(b.ask("RESTART"), "OK");
    parse_move(&b.ask("TURN 7,7"), 15, 15);
    let (rest, status) = b.finish();
    assert!(status.success() && rest.is_empty(), "{status} {rest:?}");
}

/// The time limits from INFO, however tight or loose, still give a legal move (the time taken
/// is not asserted: the hang guard only catches a brain that does not answer).
#[test]
fn any_time_limit_gets_a_move() {
    let mut b = Brain::start(&[]);
    assert_eq!(b.ask("START 15"), "OK");
    let limits = [
        "INFO timeout_turn 0",
        "INFO timeout_turn 1",
        "INFO timeout_turn 30\nINFO timeout_match 1000\nINFO time_left 0",
        "INFO time_left -5",
        // Past any number: a turn without limit, the match's time left keeping it short.
        "INFO timeout_turn 99999999999999999999999\nINFO timeout_match 100000\nINFO time_left 2000",
    ];
    let mut taken = Vec::new();
    for info in limits {
        b.send(&format!("{info}\n"));
        let x = (0..15).find(|x| !taken.contains(&(*x, 14))).expect("row 14 has room");
        taken.push((x, 14));
        taken.push(parse_move(&b.ask(&format!("TURN {x},14")), 15, 15));
    }
}

#[test]
fn bad_options_exit_with_usage() {
    for args in [
        &["--k"][..],
        &["--k", "0"],
        &["--level", "GODLIKE"],
        &["--ms", "-1"],
        &["--nodes", "x"],
        &["--what"],
    ] {
        let out = Command::new(program()).args(args).stdin(Stdio::null()).output().expect("the brain runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "usage errors go to stderr: {args:?}");
    }
}

/// A whole game on 15,15,5 against an opponent that fills the top row from the left, judged
/// by the library's Rust API: every answer must be legal, and the brain must win (it blocks
/// the row and has all the time in the world to build five).
#[test]
fn plays_a_game_to_the_end() {
    use tictactoe::{Game, Player, Rules};
    let mut b = Brain::start(&["--level", "HARD"]);
    assert_eq!(b.ask("START 15"), "OK");
    let rules = Rules::new(15, 15, 5).expect("15,15,5 is a legal size");
    let mut game = Game::new(rules).expect("a 15 x 15 game fits in memory");
    let mut next = 0u32;
    let mut line = b.ask("BEGIN");
    loop {
        let (x, y) = parse_move(&line, 15, 15);
        game.play(y, x).unwrap_or_else(|e| panic!("the brain's move {line} is illegal: {e}"));
        if game.outcome().winner().is_some() {
            break;
        }
        assert!(game.to_move().is_some(), "the board filled up without the brain winning");
        while game.cell(0, next).expect("the top row has 15 cells").is_some() {
            next += 1;
        }
        game.play(0, next).expect("the opponent's move is legal");
        assert!(game.outcome().winner().is_none(), "the brain let the top row make five");
        line = b.ask(&format!("TURN {next},0"));
    }
    assert_eq!(game.outcome().winner(), Some(Player::X), "the brain opened, so it is X");
    b.send("END\n");
    assert!(b.finish().1.success());
}

/// One session of every kind of command under valgrind memcheck: no memory error, no leak,
/// and the same answers as without it.
#[test]
fn session_under_valgrind() {
    if !c_tools::use_valgrind() {
        return;
    }
    let script = [
        "ABOUT",
        "START 15",
        "INFO timeout_turn 1000",
        "INFO rule 1",
        "BEGIN",
        "TURN 0,0",
        "TAKEBACK 0,0",
        "BOARD",
        "3,7,1",
        "4,7,1",
        "5,7,1",
        "6,7,1",
        "2,7,2",
        "9,9,2",
        "10,9,2",
        "11,9,2",
        "12,9,2",
        "DONE",
        "BOARD",
        "1,1,1",
        "x",
        "DONE",
        "RESTART",
        "RECTSTART 20,10",
        "TURN 19,9",
        "FOO",
        "TURN 1",
        &"9".repeat(3000),
        "END",
    ]
    .join("\n")
        + "\n";
    let run = |cmd: Command| {
        let mut b = Brain::spawn(cmd, &["--nodes", "300"]);
        b.send(&script);
        let (lines, status) = b.finish();
        assert!(status.success(), "{status}: {lines:?}");
        lines
    };
    let plain = run(Command::new(program()));
    let checked = run(c_tools::memcheck(&Command::new(program())));
    assert_eq!(checked, plain, "the answers differ under valgrind");
    assert_eq!(plain.len(), 14, "one answer a command, none for INFO timeout_turn and END: {plain:?}");
    assert_eq!(plain[6], "7,7", "the BOARD's immediate win: {plain:?}");
}

/// clang, with its own warnings, must find nothing to say either (on the host, as the
/// header's own clang test does: the cross builds have no 32-bit clang sysroot).
#[test]
fn compiles_clean_with_clang() {
    if !c_tools::tool_available("clang", "TTT_REQUIRE_CLANG") {
        return;
    }
    let mut cmd = Command::new("clang");
    cmd.args(["-std=c99", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Werror"])
        .arg("-I")
        .arg(root().join("include"));
    let out = cmd.args(SOURCES.iter().map(|s| root().join(s))).output().expect("clang runs");
    assert!(out.status.success(), "clang warns:\n{}", String::from_utf8_lossy(&out.stderr));
}
