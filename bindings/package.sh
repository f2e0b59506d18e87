#!/usr/bin/env bash
# Builds the packages into target/packages/, for the host platform (docs/packages.md):
#
#   c       tictactoe-VERSION-PLATFORM.tar.gz        C and C++: include/, lib/, pkg-config, CMake
#   deb     libtictactoe0.1_*.deb, libtictactoe-dev_*.deb
#   python  tictactoe-VERSION-*-manylinux_*.whl
#   node    tictactoe-VERSION.tgz                    npm pack; the library in prebuilds/
#   nuget   TicTacToe.VERSION.nupkg
#   unity   org.tictactoe.tictactoe-VERSION.tgz
#   lua     tictactoe-VERSION-1.PLATFORM.rock and its rockspec
#   go      goproxy/                                 a module proxy folder
#
# Usage: bash bindings/package.sh [NAME...]   (default: all of them)
# The C library is installed first (bindings/c/install.sh, stripped, into
# target/package-work/tree); every package takes its library from there. The scripts
# bindings/packages/NAME.sh build one package each; bindings/packages/setup.sh prepares the
# Python tools, .ci/apt/packages.txt lists the Debian ones.
set -euo pipefail
here="$(cd "$(dirname "$0")/packages" && pwd)"
. "$here/common.sh"
choose_packages "" "$@"
rm -rf "$tree"
mkdir -p "$out" "$work"
bash "$root/bindings/c/install.sh" --prefix "$tree" --no-debug-info --relocatable >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; echo "package.sh: bindings/c/install.sh failed" >&2; exit 1; }
for n in "${names[@]}"; do
  echo "== package: $n"
  bash "$here/$n.sh"
done
