//! Generates `include/tictactoe.h` from the Rust source with cbindgen on every build, so the
//! committed header can never silently drift (CI fails when it differs from this output).

use std::env;
use std::path::PathBuf;

fn main() {
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
    match cbindgen::Builder::new().with_crate(&dir).with_config(config).generate() {
        Ok(bindings) => {
            bindings.write_to_file(dir.join("include/tictactoe.h"));
        }
        Err(e) => panic!("cbindgen could not generate include/tictactoe.h: {e}"),
    }
}
