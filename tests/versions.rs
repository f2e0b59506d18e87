//! One version everywhere: Cargo.toml's is the one the header's macros, every package's
//! manifest (pyproject, package.json and its lock, the .nuspec, the Unity package, the
//! rockspec) and CHANGELOG.md carry. The .deb and the Go module take theirs from the header
//! when bindings/package.sh builds them (bindings/package-test.sh checks the built .deb), and
//! the soname follows from it by the rule below.

use std::fs;
use std::path::{Path, PathBuf};

const VERSION: &str = env!("CARGO_PKG_VERSION");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text between `before` and the next `after` (or the line's end, for "") on each line
/// that starts with `before` once indentation is left out.
fn values<'a>(text: &'a str, before: &str, after: &str) -> Vec<&'a str> {
    text.lines()
        .filter_map(|line| {
            let rest = line.trim_start().strip_prefix(before)?;
            let len = if after.is_empty() { rest.len() } else { rest.find(after)? };
            Some(&rest[..len])
        })
        .collect()
}

fn numbers() -> [u32; 3] {
    let parts: Vec<u32> = VERSION.split('.').map(|p| p.parse().unwrap()).collect();
    [parts[0], parts[1], parts[2]]
}

#[test]
fn header_macros_are_the_crate_version() {
    let header = read("include/tictactoe.h");
    assert_eq!(values(&header, "#define TTT_VERSION_STRING \"", "\""), [VERSION]);
    for (name, want) in ["MAJOR", "MINOR", "PATCH"].iter().zip(numbers()) {
        let got = values(&header, &format!("#define TTT_VERSION_{name} "), "");
        let got: Vec<u32> = got.iter().map(|v| v.trim().parse().unwrap()).collect();
        assert_eq!(got, [want], "TTT_VERSION_{name}");
    }
}

#[test]
fn soname_follows_the_version() {
    // Before 1.0 every minor release may change the ABI: libtictactoe.so.0.MINOR, and the
    // Debian runtime package is named after it. install.sh derives it so; its docs name it.
    let [major, minor, _] = numbers();
    let soversion = if major == 0 { format!("0.{minor}") } else { major.to_string() };
    let soname = format!("libtictactoe.so.{soversion}");
    let c_readme = read("bindings/c/README.md");
    assert!(
        c_readme.contains(&format!("libtictactoe.so.{VERSION}`, `{soname}`")),
        "bindings/c/README.md names another soname than {soname}"
    );
    let packages = read("docs/packages.md");
    assert!(
        packages.contains(&format!("`libtictactoe{soversion}`")),
        "docs/packages.md does not name the runtime package libtictactoe{soversion}"
    );
    assert!(read("bindings/c/install.sh").contains(r#"soversion="0.$minor""#));
}

#[test]
fn python_takes_the_crate_version() {
    let pyproject = read("bindings/python/pyproject.toml");
    let fixed = values(&pyproject, "version = \"", "\"");
    if fixed.is_empty() {
        // maturin reads the version from the extension crate's Cargo.toml, beside pyproject.
        assert!(pyproject.contains("dynamic = [\"version\"]"), "pyproject.toml has no version");
        assert!(pyproject.contains("build-backend = \"maturin\""), "a dynamic version needs maturin");
        assert!(pyproject.contains("manifest-path = \"Cargo.toml\""));
        let manifest = read("bindings/python/Cargo.toml");
        assert_eq!(values(&manifest, "version = \"", "\""), [VERSION], "bindings/python/Cargo.toml");
    } else {
        assert_eq!(fixed, [VERSION], "pyproject.toml");
    }
}

#[test]
fn node_package_and_lock() {
    let package = read("bindings/node/package.json");
    assert_eq!(values(&package, "\"version\": \"", "\""), [VERSION], "package.json");
    // The lock repeats the package's own version twice, first of all its versions.
    let lock = read("bindings/node/package-lock.json");
    assert_eq!(values(&lock, "\"version\": \"", "\"")[..2], [VERSION, VERSION], "package-lock.json");
}

#[test]
fn nuget_and_unity_packages() {
    let nuspec = read("bindings/csharp/TicTacToe.nuspec");
    assert_eq!(values(&nuspec, "<version>", "</version>"), [VERSION], "TicTacToe.nuspec");
    let unity = read("bindings/csharp/unity/package.json");
    assert_eq!(values(&unity, "\"version\": \"", "\""), [VERSION], "unity/package.json");
}

#[test]
fn rockspec_is_named_and_versioned() {
    let specs: Vec<PathBuf> = fs::read_dir(root().join("bindings/lua"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rockspec"))
        .collect();
    let want = format!("tictactoe-{VERSION}-1.rockspec");
    let names: Vec<&str> = specs.iter().map(|p| p.file_name().unwrap().to_str().unwrap()).collect();
    assert_eq!(names, [want.as_str()], "bindings/lua's rockspec");
    let spec = fs::read_to_string(Path::new(&specs[0])).unwrap();
    assert_eq!(values(&spec, "version = \"", "\""), [format!("{VERSION}-1")]);
}

#[test]
fn changelog_names_the_version() {
    let changelog = read("CHANGELOG.md");
    assert!(changelog.contains("## [Unreleased]"));
    let heading = format!("## [{VERSION}] - ");
    assert!(changelog.lines().any(|l| l.starts_with(&heading)), "CHANGELOG.md has no {heading}DATE");
}
