# Sourced by bindings/package.sh, bindings/package-test.sh and the scripts beside this file:
# the names and paths every package shares.
#
#   root      the checkout
#   out       target/packages: the packages themselves, what a release uploads
#   work      target/package-work: scratch (staged trees, the installed C tree)
#   tree      the C library installed by bindings/c/install.sh (relocatable, no debug info);
#             bindings/package.sh makes it first, every package takes its library from it
#   version   the library's version (the header's TTT_VERSION_STRING, which is Cargo.toml's)
#   soname    libtictactoe.so.0.MINOR before 1.0 (every minor release may change the ABI)
#   lib       the stripped shared library, $tree/lib/libtictactoe.so.$version
#   platform  the host's platform as the packages name it: linux-x86_64, linux-aarch64 ...
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$root/target/packages"
work="$root/target/package-work"
tree="$work/tree"
version="$(sed -n 's/^#define TTT_VERSION_STRING "\(.*\)"$/\1/p' "$root/include/tictactoe.h")"
[[ "$version" =~ ^([0-9]+)\.([0-9]+)\.[0-9]+$ ]] || { echo "no version in include/tictactoe.h" >&2; exit 1; }
if [ "${BASH_REMATCH[1]}" = 0 ]; then soname="libtictactoe.so.0.${BASH_REMATCH[2]}"; else soname="libtictactoe.so.${BASH_REMATCH[1]}"; fi
lib="$tree/lib/libtictactoe.so.$version"
platform="linux-$(uname -m)"

# choose_packages SUFFIX [NAME...]: sets `names` to the NAMEs given (every package when none
# is), each of which must have a script NAME$SUFFIX.sh beside this file.
all=(c deb node python nuget unity lua go)
choose_packages() {
  local suffix="$1" n
  shift
  names=("${@:-${all[@]}}")
  for n in "${names[@]}"; do
    [ -f "$root/bindings/packages/$n$suffix.sh" ] ||
      { echo "$(basename "$0"): no $n (there are: ${all[*]})" >&2; exit 2; }
  done
}

# need TOOL...: each TOOL is on PATH, else the script fails naming the Debian package list.
need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || { echo "$(basename "$0"): $t is required (.ci/apt/packages.txt)" >&2; exit 1; }
  done
}

# The commit's time stamps what the packages hold (tar, dpkg-deb, zip), so that a package
# built twice from one commit is the same.
SOURCE_DATE_EPOCH="$(git -C "$root" log -1 --format=%ct)"
export SOURCE_DATE_EPOCH

# check_lib FILE: FILE is a stripped shared library: no debug sections, no symbol table
# beyond the dynamic one the loader needs.
check_lib() {
  local sections
  sections="$(readelf -S -W "$1")" || { echo "$1: not an ELF file" >&2; return 1; }
  if grep -qE '\.debug_|\.symtab' <<<"$sections"; then
    echo "$1 is not stripped:" >&2
    grep -E '\.debug_|\.symtab' <<<"$sections" >&2
    return 1
  fi
}

# check_listing PACKAGE < LISTING: the package's file list (one path a line) names nothing of a
# build folder: no target/ or build/ path, no object file, no Rust metadata.
check_listing() {
  local bad
  bad="$(grep -E '(^|/)(target|build|deps|incremental|\.fingerprint)/|\.(rlib|rmeta|d|o|pdb)$' || true)"
  [ -z "$bad" ] || { echo "$1 holds build files:" >&2; echo "$bad" >&2; return 1; }
}
