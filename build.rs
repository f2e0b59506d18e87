//! Generates `include/tictactoe.h` from the Rust source with cbindgen on every build, so the
//! committed header can never silently drift (CI fails when it differs from this output).
//! Only with the `header` feature (on by default); without it the build does nothing here.

#[cfg(not(feature = "header"))]
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    export_target();
}

/// Tells the integration tests which target they were built for (`TTT_TARGET`), so that the C
/// programs they compile match the library: in a cross build (tests/cross.sh) the target is
/// not the host.
fn export_target() {
    let target = std::env::var("TARGET").expect("cargo sets TARGET for build scripts");
    println!("cargo:rustc-env=TTT_TARGET={target}");
}

#[cfg(feature = "header")]
fn main() {
    use std::env;
    use std::path::PathBuf;

    export_target();

    let dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=cbindgen.toml");

    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml is valid");
    let version = |part: &str| env::var(format!("CARGO_PKG_VERSION_{part}")).expect("cargo sets the version");
    config.after_includes = Some(format!(
        "\n{}\n/** Major version of this header; matches the crate version in Cargo.toml. */\n\
         #define TTT_VERSION_MAJOR {}\n\
         /** Minor version of this header. */\n\
         #define TTT_VERSION_MINOR {}\n\
         /** Patch version of this header. */\n\
         #define TTT_VERSION_PATCH {}\n\
         /** The version as a string; `ttt_version()` returns the library's own. */\n\
         #define TTT_VERSION_STRING \"{}\"",
        banner("Version", "the version of this header; ttt_version() gives the library's."),
        version("MAJOR"),
        version("MINOR"),
        version("PATCH"),
        env::var("CARGO_PKG_VERSION").expect("cargo sets the version"),
    ));
    let bindings = match cbindgen::Builder::new().with_crate(&dir).with_config(config).generate() {
        Ok(bindings) => bindings,
        Err(e) => panic!("cbindgen could not generate include/tictactoe.h: {e}"),
    };
    let mut text = Vec::new();
    bindings.write(&mut text);
    let text = untagged_c_enums(&String::from_utf8(text).expect("cbindgen writes UTF-8"));
    let text = with_banners(&text);
    let path = dir.join("include/tictactoe.h");
    // Written only when it changes, so that a build does not touch a fresh header.
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text).expect("include/tictactoe.h is writable");
    }
}

/// The header's sections after the version, in order: a title, a line on what it holds, and
/// the text of the line that begins its first item (a macro, a type or a function). The
/// functions come in the order of the FFI modules (src/ffi/mod.rs declares them in this
/// order, and cbindgen writes them in the order it reads them).
#[cfg(feature = "header")]
const SECTIONS: [(&str, &str, &str); 12] = [
    ("Constants", "limits, the exact solver's budget, the AI levels.", "#define TTT_MAX_CELLS "),
    ("Types", "statuses, results, verdicts, the game and batch handles.", "enum TttResult : uint32_t"),
    ("Lifecycle", "create, copy, reset and free a game.", "TttStatus ttt_game_new("),
    ("Moves", "a named player's move, or the side to move's.", "TttStatus ttt_game_move("),
    ("Queries", "the size, the turn, the result, the cells, the winning line.", "TttStatus ttt_game_size("),
    ("History", "the moves played; undo and redo.", "TttStatus ttt_game_moves("),
    ("Text", "a game saved as one line of text, and loaded from it.", "TttStatus ttt_game_to_text("),
    ("Judge", "the result of a whole move list, without a game.", "TttStatus ttt_judge("),
    ("Validate", "whether a board can arise in a legal game.", "TttStatus ttt_validate("),
    ("AI", "perfect play, budgeted search, difficulty levels.", "TttStatus ttt_game_best_move("),
    ("Describe", "statuses, results and verdicts in words; the version.", "const char *ttt_status_str("),
    (
        "Batch",
        "many games of one shape stepped together, for self-play and training.",
        "TttStatus ttt_batch_new(",
    ),
];

/// A section banner: a plain comment (not a doc comment, so no tool takes it for an item's).
#[cfg(feature = "header")]
fn banner(title: &str, what: &str) -> String {
    let rule = "-".repeat(94);
    format!("/* {rule}\n * {title}: {what}\n * {rule} */\n")
}

/// Puts each section's banner before the doc comment of its first item (`SECTIONS`). Panics
/// if an item is missing or out of order, so that the build fails rather than write a header
/// whose sections are wrong.
#[cfg(feature = "header")]
fn with_banners(text: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut after = 0;
    for (title, what, first) in SECTIONS {
        let found = lines.iter().skip(after).position(|l| l.starts_with(first));
        let item =
            after + found.unwrap_or_else(|| panic!("section {title}: no line `{first}` after line {after}"));
        // Up over an enum's `#ifdef __cplusplus`, then to the start of the doc comment.
        let mut at = item;
        while at > 0 && lines[at - 1].starts_with("#if") {
            at -= 1;
        }
        assert!(at > 0 && lines[at - 1] == " */", "section {title}: `{first}` has no doc comment");
        while !lines[at - 1].starts_with("/**") {
            at -= 1;
        }
        at -= 1;
        lines.insert(at, banner(title, what));
        after = item + 2;
    }
    lines.join("\n") + "\n"
}

/// cbindgen writes a C enum with a tag and a typedef of the same name
/// (`enum TttStatus {...}; typedef uint32_t TttStatus;`): valid C, but `-Wc++-compat` and some
/// header parsers of other languages reject the pair. Here C gets an untagged enum and C++
/// keeps `enum TttStatus : uint32_t`, spelled out whole in the C++ branch so that the name
/// still reads (and greps) next to its values. Panics if cbindgen's output no longer has the
/// expected shape, so the build fails rather than ship the old form.
#[cfg(feature = "header")]
fn untagged_c_enums(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.lines().peekable();
    let mut rewritten = 0;
    while let Some(line) = lines.next() {
        let name = line.strip_prefix("enum ").filter(|n| n.starts_with("Ttt") && !n.contains(' '));
        match name {
            Some(name) if lines.peek() == Some(&"#ifdef __cplusplus") => {
                lines.next();
                let underlying =
                    lines.next().and_then(|l| l.strip_prefix("  : ")).expect("enum underlying type");
                let endif = lines
                    .next()
                    .filter(|l| l.starts_with("#endif"))
                    .expect("the #endif of the underlying type");
                out.push_str(&format!(
                    "#ifdef __cplusplus\nenum {name} : {underlying}\n#else\nenum\n{endif}\n"
                ));
                rewritten += 1;
            }
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    assert!(rewritten >= 3, "expected cbindgen's tagged enums (TttResult, TttStatus, TttVerdict)");
    out
}
