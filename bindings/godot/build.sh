#!/usr/bin/env bash
# Builds the plugin (release, in bindings/godot/target) and copies it to project/bin/x11/,
# where project/tictactoe.gdnlib names it for the X11 and Server platforms.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
command -v cargo >/dev/null || { echo "godot build: cargo is missing (the Rust toolchain)" >&2; exit 1; }
# bindgen (in gdnative's build) loads libclang at build time.
compgen -G "/usr/lib/llvm-*/lib/libclang.so*" >/dev/null ||
  compgen -G "/usr/lib/*/libclang*.so*" >/dev/null ||
  { echo "godot build: libclang is missing (apt-get install libclang-dev)" >&2; exit 1; }
(cd "$here" && cargo build --release --quiet)
mkdir -p "$here/project/bin/x11"
cp "$here/target/release/libtictactoe_godot.so" "$here/project/bin/x11/"
