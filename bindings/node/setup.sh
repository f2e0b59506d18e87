#!/usr/bin/env bash
# Installs the Node binding's dependency (koffi) and its dev dependency (typescript, to type-check
# index.d.ts in the tests), both pinned by package-lock.json. Idempotent.
set -euo pipefail
cd "$(dirname "$0")"
command -v npm >/dev/null || { echo "npm is missing (Node 18+ is required)"; exit 1; }
npm ci --no-audit --no-fund
