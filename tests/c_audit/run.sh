#!/usr/bin/env bash
# Builds tests/c_audit/audit.c (a black-box audit of the C ABI with its own plain references;
# see the comment at its top) with AddressSanitizer and UBSan, links it against the release
# static library and runs it. .ci/test runs this; any failed check fails the step.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo build --release --quiet
exe=target/release/c-audit
gcc -std=c99 -Wall -Wextra -Wpedantic -Werror -O1 -g -fsanitize=address,undefined \
    -fno-sanitize-recover=all -Iinclude tests/c_audit/audit.c target/release/libtictactoe.a \
    -lpthread -ldl -lm -o "$exe"
# INFO lines (what an ambiguous case returned) are left out; FAIL, NOTE and sanitizer reports stay.
set +o pipefail
"$exe" | grep -v '^INFO'
exit "${PIPESTATUS[0]}"
