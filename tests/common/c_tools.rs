//! The C toolchain for the tests that compile and run C programs against the library
//! (tests/examples.rs, tests/ai_play_example.rs): one place that knows which target to compile
//! for and whether valgrind can check the result.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::SystemTime;

/// The target this test executable, and so the library it links, was built for: the host in
/// a plain `cargo test`, another one in a cross build (tests/cross.sh builds for i686, where
/// the programs still run natively). build.rs exports it.
pub const TARGET: &str = env!("TTT_TARGET");

/// The C or C++ compiler `cc` picks for `TARGET`, with its base flags (optimization `opt`,
/// debug info, `-m64` or `-m32`...). Outside a build script `cc` has no TARGET, HOST,
/// OPT_LEVEL or DEBUG variables, so they are given here.
pub fn compiler(cpp: bool, opt: u32) -> Command {
    let tool = cc::Build::new()
        .cargo_metadata(false)
        .cpp(cpp)
        .opt_level(opt)
        .debug(true)
        .host(host())
        .target(TARGET)
        .get_compiler();
    tool.to_command()
}

/// The host's target triple, from `rustc -vV` (asked once).
pub fn host() -> &'static str {
    static HOST: OnceLock<String> = OnceLock::new();
    HOST.get_or_init(|| {
        let out = Command::new("rustc").arg("-vV").output().expect("rustc is on PATH");
        let text = String::from_utf8(out.stdout).expect("rustc -vV prints UTF-8");
        let host = text.lines().find_map(|l| l.strip_prefix("host: ")).expect("rustc -vV names the host");
        host.to_string()
    })
}

/// Whether `tool` (run with `--version`) is installed; when the environment variable `require`
/// is 1, as `.ci/test` sets it, a missing tool fails the test instead.
pub fn tool_available(tool: &str, require: &str) -> bool {
    let installed = Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success());
    if std::env::var(require).as_deref() == Ok("1") {
        assert!(installed, "{require}=1 but {tool} cannot be run");
    }
    installed
}

/// Whether to run the programs under valgrind memcheck as well: always when CI demands it
/// (`TTT_REQUIRE_VALGRIND=1`; then a missing valgrind fails the test), otherwise when it is
/// installed. Never in a cross build: Debian's valgrind checks only amd64 programs (no
/// memcheck for x86), and the cross lane does not ask for it.
pub fn use_valgrind() -> bool {
    if TARGET != host() {
        assert_ne!(
            std::env::var("TTT_REQUIRE_VALGRIND").as_deref(),
            Ok("1"),
            "TTT_REQUIRE_VALGRIND=1 in a cross build ({TARGET}): valgrind checks host programs only"
        );
        return false;
    }
    tool_available("valgrind", "TTT_REQUIRE_VALGRIND")
}

/// `command` wrapped in valgrind memcheck: a memory error or a leak of any kind makes it exit
/// with 99 (but for the allocations tests/valgrind.supp explains).
pub fn memcheck(command: &Command) -> Command {
    let mut v = Command::new("valgrind");
    let suppressions = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/valgrind.supp");
    v.args(["--error-exitcode=99", "--leak-check=full", "--errors-for-leak-kinds=all", "--quiet"])
        .arg(format!("--suppressions={suppressions}"))
        .arg(command.get_program())
        .args(command.get_args());
    v
}

/// The folder holding the `libtictactoe.a` and `libtictactoe.so` that `cargo test` built
/// beside the rlib inside this test executable (every crate type of Cargo.toml comes out of
/// one rustc run), so the C programs link the code under test, never a stale `cargo build`.
/// Where that is depends on Cargo's build-dir layout, which is internal:
/// - up to Cargo 1.99, the test executable's own folder, `target/<profile>/deps`;
/// - from 1.100 (nightly since 2026; "build-dir layout v2"), one folder per unit,
///   `build/tictactoe/<hash>/out`, the test in one and the library in another. Then it is the
///   sibling holding the newest library not newer than this executable: a library built after
///   the test was linked cannot be the one inside it. (Another sibling can only be a build
///   with other features, and the one feature, `header`, does not change the library.)
pub fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its own path");
    let here = exe.parent().expect("the test executable lives in a folder").to_path_buf();
    if has_libs(&here) {
        return here;
    }
    let linked = modified(&exe);
    let units = here.parent().and_then(Path::parent).expect("build/<package>/<hash>/out");
    let mut found: Vec<(SystemTime, PathBuf)> = std::fs::read_dir(units)
        .expect("the build folder can be listed")
        .filter_map(|unit| Some(unit.ok()?.path().join("out")))
        .filter(|dir| has_libs(dir))
        .map(|dir| (modified(&dir.join("libtictactoe.a")), dir))
        .filter(|(built, _)| *built <= linked)
        .collect();
    found.sort();
    let (_, dir) = found.pop().unwrap_or_else(|| {
        panic!(
            "no libtictactoe.a and .so beside {} or in {}: cargo test builds them",
            exe.display(),
            units.display()
        )
    });
    dir
}

fn has_libs(dir: &Path) -> bool {
    ["libtictactoe.a", "libtictactoe.so"].iter().all(|lib| dir.join(lib).is_file())
}

fn modified(path: &Path) -> SystemTime {
    let meta = std::fs::metadata(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    meta.modified().expect("the file system keeps modification times")
}
