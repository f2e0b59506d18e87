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
        "\n/** Major version of this header; matches the crate version in Cargo.toml. */\n\
         #define TTT_VERSION_MAJOR {}\n\
         /** Minor version of this header. */\n\
         #define TTT_VERSION_MINOR {}\n\
         /** Patch version of this header. */\n\
         #define TTT_VERSION_PATCH {}\n\
         /** The version as a string; `ttt_version()` returns the library's own. */\n\
         #define TTT_VERSION_STRING \"{}\"",
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
    let path = dir.join("include/tictactoe.h");
    // Written only when it changes, so that a build does not touch a fresh header.
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        std::fs::write(&path, text).expect("include/tictactoe.h is writable");
    }
}

/// cbindgen writes a C enum with a tag and a typedef of the same name
/// (`enum TttStatus {...}; typedef uint32_t TttStatus;`): valid C, but `-Wc++-compat` and some
/// header parsers of other languages reject the pair (cbindgen issue #1127). Here C gets an
/// untagged enum and C++ keeps `enum TttStatus : uint32_t`, spelled out whole in the C++
/// branch so that the name still reads (and greps) next to its values. Panics if cbindgen's
/// output no longer has the expected shape, so the build fails rather than ship the old form.
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
