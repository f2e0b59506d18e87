//! The C side of the library, checked from the outside: the example programs in `examples/` are
//! compiled with the `cc` crate's compiler, linked against the library this same `cargo test`
//! built, run, and its output compared with text written by hand from the seed exercises. With
//! valgrind (required when `TTT_REQUIRE_VALGRIND=1`, as `.ci/test` sets) each also runs under
//! memcheck and must show no error and no leak of any kind. The header must compile on its own
//! as C99 and C++, and the C benchmark must build and pass its own cross-checks.
//!
//! Which library file: `cargo test` compiles the library once, in every crate type of
//! Cargo.toml (rlib, staticlib, cdylib), into its build folder; only `cargo build` copies them
//! up to `target/<profile>/`. So the tests link the `libtictactoe.{a,so}` of the very rustc run
//! that produced the rlib this test executable contains (`c_tools::lib_dir` finds it in either
//! of Cargo's build-dir layouts), never a stale copy from an older `cargo build`, and no nested
//! cargo is needed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

mod common;
use common::c_tools;

/// Where things are, found once.
struct Paths {
    root: PathBuf,
    /// The folder holding `libtictactoe.a` and `libtictactoe.so` (`c_tools::lib_dir`).
    lib_dir: PathBuf,
    /// Where the compiled programs go.
    out_dir: PathBuf,
}

fn paths() -> &'static Paths {
    static PATHS: OnceLock<Paths> = OnceLock::new();
    PATHS.get_or_init(|| {
        let lib_dir = c_tools::lib_dir();
        let out_dir = lib_dir.parent().expect("the library's folder has a parent").join("c-examples");
        std::fs::create_dir_all(&out_dir).expect("can create the output directory");
        Paths { root: PathBuf::from(env!("CARGO_MANIFEST_DIR")), lib_dir, out_dir }
    })
}

/// The C or C++ compiler for the library's target (see `c_tools::compiler`), with every
/// warning an error and the header's folder on the include path.
fn compiler(cpp: bool) -> Command {
    let mut cmd = c_tools::compiler(cpp, 2);
    cmd.args(["-Wall", "-Wextra", "-Wpedantic", "-Werror"]).arg("-I").arg(paths().root.join("include"));
    cmd
}

#[derive(Clone, Copy)]
enum Link {
    /// `libtictactoe.a` plus the system libraries the Rust standard library needs.
    Static,
    /// `-ltictactoe` with an rpath, so the program finds the `.so` where it was built.
    Shared,
}

/// Runs a command to completion and fails the test, showing its output, unless it succeeds.
fn succeed(mut cmd: Command) -> Output {
    // The command line without the environment `cc` attaches to the compiler command.
    let line =
        std::iter::once(cmd.get_program()).chain(cmd.get_args()).collect::<Vec<_>>().join(" ".as_ref());
    let line = line.to_string_lossy();
    let out = cmd.output().unwrap_or_else(|e| panic!("cannot run {line}: {e}"));
    assert!(
        out.status.success(),
        "{line} failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Compiles and links `sources` (paths from the repository root) into the executable `name`.
fn build(name: &str, sources: &[&str], std: &str, link: Link) -> PathBuf {
    let p = paths();
    let exe = p.out_dir.join(name);
    let mut cmd = compiler(std.contains("++"));
    cmd.arg(format!("-std={std}")).arg("-I").arg(p.root.join("examples"));
    cmd.args(sources.iter().map(|s| p.root.join(s))).arg("-o").arg(&exe);
    match link {
        Link::Static => cmd.arg(p.lib_dir.join("libtictactoe.a")),
        Link::Shared => cmd
            .arg(format!("-L{}", p.lib_dir.display()))
            .arg("-ltictactoe")
            .arg(format!("-Wl,-rpath,{}", p.lib_dir.display())),
    };
    cmd.args(["-lpthread", "-ldl", "-lm"]);
    succeed(cmd);
    exe
}

/// Runs `exe` with `args` and returns its standard output.
fn run_plain(exe: &Path, args: &[&str]) -> String {
    let mut cmd = Command::new(exe);
    cmd.args(args);
    String::from_utf8(succeed(cmd).stdout).expect("the programs print UTF-8")
}

/// Runs `exe` with `args` under valgrind memcheck, if `use_valgrind`, and returns its standard
/// output; any memory error or leak of any kind fails the test.
fn run_memcheck(exe: &Path, args: &[&str]) -> Option<String> {
    if !c_tools::use_valgrind() {
        return None;
    }
    let mut cmd = Command::new(exe);
    cmd.args(args);
    Some(String::from_utf8(succeed(c_tools::memcheck(&cmd)).stdout).expect("the programs print UTF-8"))
}

/// Runs `exe` plainly and under memcheck; both runs must print the same, which is returned.
fn run(exe: &Path, args: &[&str]) -> String {
    let stdout = run_plain(exe, args);
    if let Some(checked) = run_memcheck(exe, args) {
        assert_eq!(checked, stdout, "output differs under valgrind");
    }
    stdout
}

/// Builds `examples/<name>.c` statically, runs it, and compares its whole output.
fn check_example(name: &str, expected: &str) {
    let exe = build(name, &[&format!("examples/{name}.c")], "c99", Link::Static);
    assert_eq!(run(&exe, &[]), expected, "output of examples/{name}.c");
}

// The "Find Winner" exercise's four examples and answers, then a 15 x 15 game won by five in
// row 7, then a list whose third move (index 2) repeats the first cell.
const FIND_WINNER: &str = r#"Find Winner, 3 x 3, A moves first:
moves = [[0,0],[2,0],[1,1],[2,1],[2,2]] -> A
moves = [[0,0],[1,1],[0,1],[0,2],[1,0],[2,0]] -> B
moves = [[0,0],[1,1],[2,0],[1,0],[1,2],[2,1],[0,1],[0,2],[2,2]] -> Draw
moves = [[0,0],[1,1]] -> Pending
Find Winner, 15 x 15, five in a row:
moves = [[7,7],[0,0],[7,8],[0,1],[7,9],[0,2],[7,10],[0,3],[7,11]] -> A
A rejected list:
moves = [[1,1],[0,0],[1,1]] -> error "cell occupied" at move 2
"#;

#[test]
fn find_winner_example() {
    check_example("find_winner", FIND_WINNER);
}

// Batched self-play: X takes cells 0, 2, 4, 6 in every game and wins on the 2-4-6 diagonal at
// the 7th step, which empties every game; the refused step leaves all 9000 cells empty.
const SELFPLAY: &str = r#"1000 games of 3 x 3, each playing its first empty cell:
step 1: Pending (A won 0, B won 0, drawn 0)
  game 0 as O sees it: its stones 000000000, X's 100000000
step 2: Pending (A won 0, B won 0, drawn 0)
step 3: Pending (A won 0, B won 0, drawn 0)
step 4: Pending (A won 0, B won 0, drawn 0)
step 5: Pending (A won 0, B won 0, drawn 0)
step 6: Pending (A won 0, B won 0, drawn 0)
step 7: A (A won 1000, B won 0, drawn 0)
cell 9 in game 500: "cell out of bounds" at game 500; empty cells still 9000
random self-play: 100000 moves, between 11000 and 20000 games ended: yes
game 999 copied out: Pending
"#;

#[test]
fn selfplay_example() {
    check_example("selfplay", SELFPLAY);
}

// The "Valid State" exercise's three boards and answers (O moved first; X moved twice), then:
// the board from the seed's explanation where X's two lines meet at X's last stone (valid),
// both players with a line, and two X lines on 5 x 5 (k = 3) no single move could complete.
const VALID_STATE: &str = r#"Valid Tic-Tac-Toe State, 3 x 3:
board = ["O  ","   ","   "] -> false: O has more stones than X (X always moves first)
board = ["XOX"," X ","   "] -> false: X has more than one stone more than O (players alternate)
board = ["XOX","O O","XOX"] -> true
General boards:
3 x 3, k = 3, board = XXX/OOX/OOX -> true
3 x 3, k = 3, board = XXX/OOO/... -> false: both players have a line
5 x 5, k = 3, board = XXX../O.O.O/.O.O./...../XXX.. -> false: X's lines share no stone that could have been the last move
"#;

#[test]
fn valid_state_example() {
    check_example("valid_state", VALID_STATE);
}

// The "Design Tic-Tac-Toe" example: output [null, 0, 0, 0, 0, 0, 0, 1]; then the moves the
// exercise forbids: after the win, out of turn, on an occupied cell, off the board.
const DESIGN: &str = "TicTacToe toe = TicTacToe(3)
toe.move(0, 0, 1) -> 0
toe.move(0, 2, 2) -> 0
toe.move(2, 2, 1) -> 0
toe.move(1, 1, 2) -> 0
toe.move(2, 0, 1) -> 0
toe.move(1, 0, 2) -> 0
toe.move(2, 1, 1) -> 1
toe.move(1, 2, 2) -> error: game is over
fresh game: move(1, 1, 1), then move(0, 0, 1) -> error: not this player's turn
fresh game: move(1, 1, 2) -> error: cell occupied
fresh game: move(3, 0, 2) -> error: cell out of bounds
";

#[test]
fn design_tictactoe_example() {
    check_example("design_tictactoe", DESIGN);
}

/// The same program linked against the shared library must behave the same, and must really
/// load `libtictactoe.so` at run time.
#[test]
fn design_tictactoe_linked_shared() {
    let exe = build("design_tictactoe_shared", &["examples/design_tictactoe.c"], "c99", Link::Shared);
    let mut readelf = Command::new("readelf");
    readelf.arg("-d").arg(&exe);
    let dynamic = String::from_utf8(succeed(readelf).stdout).expect("readelf prints UTF-8");
    assert!(dynamic.contains("Shared library: [libtictactoe.so]"), "not linked to the .so:\n{dynamic}");
    assert_eq!(run(&exe, &[]), DESIGN);
}

// X takes the centre, O an edge; X's corner (0,0) is blocked on the diagonal by (2,2); X's
// (2,0) makes two threats, O blocks the column at (1,0), and X wins on the anti-diagonal.
// Undo takes back (0,2); the saved text has X to move, and the loaded game, after X plays
// (0,2), reads the same as the original after redo; a reset clone leaves the original alone.
// Then X wins gomoku on the diagonal.
const DEMO: &str = concat!(
    "tictactoe ",
    env!("CARGO_PKG_VERSION"),
    "

Tic-tac-toe: 3 x 3, three in a row wins
X plays (1,1)
O plays (0,1)
X plays (0,0)
O plays (2,2)
X plays (2,0)
O plays (1,0)
X plays (0,2)
X O X
O X .
X . O
result: A, 7 stones
winning line: (0,2) (1,1) (2,0)
(2,1) -> error: game is over
undo
X O .
O X .
X . O
result: Pending, 6 stones, X to move
legal moves: (0,2) (1,2) (2,1)
saved: 3,3,3:XO./OX./X.O:X
loaded: result: Pending, 6 stones, X to move
X plays (0,2)
redo on the original
original:  3,3,3:XOX/OX./X.O:O
continued: 3,3,3:XOX/OX./X.O:O
clone, reset: result: Pending, 0 stones, X to move
original: result: A, 7 stones

Gomoku: 15 x 15, five in a row wins
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . X O . . . . . . . . . .
. . . . X O . . . . . . . . .
. . . . . X O . . . . . . . .
. . . . . . X O . . . . . . .
. . . . . . . X . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
winner: player 1
winning line: (3,3) (4,4) (5,5) (6,6) (7,7)
"
);

#[test]
fn demo_example() {
    check_example("demo", DEMO);
}

/// The header alone, as C99, C11 and C17 and as C++11 and C++17, with every warning an error,
/// and the warnings a careful C or C++ project turns on (`-Wc++-compat`: C code meant to be
/// compiled as C++ too, which cbindgen's tagged enums failed).
#[test]
fn header_compiles_alone_as_c_and_cpp() {
    let header = paths().root.join("include/tictactoe.h");
    let c_strict = ["-Wc++-compat", "-Wstrict-prototypes", "-Wmissing-prototypes", "-Wundef", "-Wshadow"];
    let cpp_strict = ["-Wundef", "-Wold-style-cast", "-Wzero-as-null-pointer-constant", "-Wshadow"];
    for (cpp, std) in [(false, "c99"), (false, "c11"), (false, "c17"), (true, "c++11"), (true, "c++17")] {
        let mut cmd = compiler(cpp);
        cmd.arg(format!("-std={std}")).args(["-fsyntax-only", "-Wconversion", "-Wsign-conversion"]);
        cmd.args(if cpp { &cpp_strict[..] } else { &c_strict[..] });
        cmd.args(["-x", if cpp { "c++" } else { "c" }]).arg(&header);
        succeed(cmd);
    }
}

/// The header under clang's `-Weverything`, every warning clang has, as a user's file that
/// includes it: `-Wdocumentation` among them reads the doc comments as Doxygen (a `\n` in the
/// text was an unknown command). C99, C11 and C++17; for C++ less the C++98 compatibility
/// warnings, since the header's typed enums need C++11. Where clang is missing the test passes
/// without running, unless `TTT_REQUIRE_CLANG=1` (set by `.ci/test`).
#[test]
fn header_is_clean_under_clang_weverything() {
    if !c_tools::tool_available("clang", "TTT_REQUIRE_CLANG") {
        return;
    }
    let user = paths().out_dir.join("clang_user.c");
    std::fs::write(&user, "#include \"tictactoe.h\"\n#include \"tictactoe.h\"\n").expect("can write");
    for (tool, lang, std) in [("clang", "c", "c99"), ("clang", "c", "c11"), ("clang++", "c++", "c++17")] {
        let mut cmd = Command::new(tool);
        cmd.args([&format!("-std={std}"), "-fsyntax-only", "-Weverything", "-Werror"]);
        if lang == "c++" {
            cmd.args(["-Wno-c++98-compat", "-Wno-c++98-compat-pedantic"]);
        }
        cmd.arg("-I").arg(paths().root.join("include")).args(["-x", lang]).arg(&user);
        succeed(cmd);
    }
}

/// Every public name in the header (function, type, enum value, macro) comes right after a
/// doc comment, so a C reader never meets an undocumented item.
#[test]
fn header_documents_every_item() {
    let text = header_text();
    let lines: Vec<&str> = text.lines().collect();
    let mut items = 0;
    for (i, name) in header_names(&text).into_iter().filter(|(_, n)| n != "TICTACTOE_H") {
        // Only conditionals may stand between a doc and its item (an enum's C and C++
        // spellings sit between `#ifdef __cplusplus` lines); another item may not.
        let conditional = |l: &&&str| ["#if", "#else", "#endif"].iter().any(|p| l.starts_with(p));
        let before = lines[..i].iter().rev().find(|l| !l.trim().is_empty() && !conditional(l)).unwrap();
        assert!(before.trim_end().ends_with("*/"), "no doc comment before {name} (line {})", i + 1);
        items += 1;
    }
    // Guards the parser: it must keep finding the whole API (nearly 90 items today).
    assert!(items > 87, "only {items} items found");
}

/// Every name the header defines is in the library's namespace (`ttt_`, `Ttt`, `TTT_`), so it
/// cannot clash with the including program's own: macros, types, enum values and functions.
/// The include guard is the one other name.
#[test]
fn header_names_are_prefixed() {
    let names: Vec<String> = header_names(&header_text()).into_iter().map(|(_, n)| n).collect();
    let stray: Vec<_> = names
        .iter()
        .filter(|n| *n != "TICTACTOE_H" && !["ttt_", "Ttt", "TTT_"].iter().any(|p| n.starts_with(p)))
        .collect();
    assert!(stray.is_empty(), "names outside the ttt namespace: {stray:?}");
    // Guards the parser: each kind of name must be seen.
    for kind in
        ["ttt_game_move", "TttGame", "TTT_SOLVE_MAX_EMPTY", "TTT_CELL_OCCUPIED", "TttStatus", "TttBatchStats"]
    {
        assert!(names.iter().any(|n| n == kind), "{kind} not found among {names:?}");
    }
}

/// What keeps a core item out of the header is cbindgen.toml's exclude list, not a marker in
/// its doc comment, which rustdoc would show to Rust users: no doc comment in `src/` names
/// cbindgen.
#[test]
fn no_doc_comment_speaks_to_cbindgen() {
    for (path, text) in sources() {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_start();
            let doc = line.starts_with("///") || line.starts_with("//!");
            assert!(!(doc && line.contains("cbindgen:")), "{}:{}: {line}", path.display(), i + 1);
        }
    }
}

/// The panic boundary is one helper: `catch_unwind` is called in one place, `src/ffi/mod.rs`,
/// and every export goes through it.
#[test]
fn panics_are_caught_in_one_place() {
    let calls: Vec<String> = sources()
        .into_iter()
        .flat_map(|(path, text)| {
            let lines = text.lines().enumerate().filter(|(_, l)| l.contains("catch_unwind("));
            lines.map(|(i, _)| format!("{}:{}", path.display(), i + 1)).collect::<Vec<_>>()
        })
        .collect();
    let boundary = paths().root.join("src/ffi/mod.rs");
    assert!(
        calls.len() == 1 && calls[0].starts_with(&*boundary.to_string_lossy()),
        "catch_unwind called at {calls:?}"
    );
}

/// Every Rust source file under `src/`, with its text.
fn sources() -> Vec<(PathBuf, String)> {
    let mut stack = vec![paths().root.join("src")];
    let mut files = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path, text));
            }
        }
    }
    assert!(files.len() > 20, "only {} source files found", files.len());
    files
}

fn header_text() -> String {
    std::fs::read_to_string(paths().root.join("include/tictactoe.h")).unwrap()
}

/// The names the header defines (macros, types, enum values, functions), each with the index
/// of the line that first defines it. Comments are blanked first (line breaks kept).
fn header_names(text: &str) -> Vec<(usize, String)> {
    let mut code = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        code.push_str(&rest[..start]);
        let end = rest[start..].find("*/").map_or(rest.len(), |e| start + e + 2);
        code.extend(rest[start..end].chars().filter(|&c| c == '\n'));
        rest = &rest[end..];
    }
    code.push_str(rest);
    let first_word =
        |rest: &str| rest.split(|c: char| !c.is_alphanumeric() && c != '_').next().map(String::from);
    let mut names: Vec<(usize, String)> = Vec::new();
    let mut struct_at = None;
    for (i, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("").trim();
        let name = if let Some(rest) = line.strip_prefix("#define ") {
            first_word(rest)
        } else if line.starts_with("typedef struct {") {
            // The name comes at the closing brace; the item (and its doc) starts here.
            struct_at = Some(i);
            None
        } else if let Some(rest) = line.strip_prefix("} ").filter(|r| r.ends_with(';')) {
            first_word(rest)
        } else if let Some(rest) = line.strip_prefix("typedef ") {
            rest.trim_end_matches(';').rsplit([' ', '*']).next().map(String::from)
        } else if let Some(rest) = line.strip_prefix("enum ").or_else(|| line.strip_prefix("struct ")) {
            first_word(rest)
        } else if line.starts_with(|c: char| c.is_ascii_uppercase()) && line.contains(" = ") {
            first_word(line) // an enum value
        } else if let Some(open) = line.find('(').filter(|_| !line.starts_with('#')) {
            line[..open].rsplit([' ', '*']).next().map(String::from)
        } else {
            None
        };
        if let Some(name) = name.filter(|n| !n.is_empty() && !names.iter().any(|(_, m)| m == n)) {
            let at = if line.starts_with("} ") { struct_at.take().unwrap_or(i) } else { i };
            names.push((at, name));
        }
    }
    names
}

/// A C++ program that includes the header twice builds and runs against the static library.
#[test]
fn header_included_twice_from_cpp() {
    let exe = build("header_twice", &["examples/header_twice.cpp"], "c++17", Link::Static);
    assert_eq!(run(&exe, &[]), "C++: Pending after one move\n");
}

/// The batch benchmark is not timed here either: it must build with the tests' strict flags,
/// and a tiny run must pass its cross-checks (every call succeeds, the totals add up) and
/// print its six rows against their targets.
#[test]
fn batch_benchmark_builds_and_cross_checks() {
    let exe = build("bench-batch", &["benches/batch/batch.c"], "c11", Link::Static);
    let out = run_plain(&exe, &["0.001"]);
    let rows = out.lines().filter(|l| l.ends_with(" met") || l.ends_with(" MISSED")).count();
    assert_eq!(rows, 6, "{out}");
}

/// The C benchmark is not timed here, but it must build with the tests' strict flags, and a
/// tiny run must pass its own cross-checks (library and plain C computing the same outcomes).
#[test]
fn benchmark_builds_and_cross_checks() {
    let exe = build("bench", &["benches/c/bench.c", "benches/c/plain.c"], "c99", Link::Static);
    // Timings differ from run to run, so only the shape of the table is compared.
    let rows = |out: &str| out.lines().filter(|l| l.ends_with(" met") || l.ends_with(" MISSED")).count();
    let out = run_plain(&exe, &["0.001"]);
    assert_eq!(rows(&out), 6, "{out}");
    if let Some(out) = run_memcheck(&exe, &["0.001"]) {
        assert_eq!(rows(&out), 6, "{out}");
    }
}
