'use strict';
// index.d.ts in a TypeScript user's build: tsc --strict type-checks test/typescript/consumer.ts
// (the README's calls, plus misuses that must stay errors) for the targets people build for.
// Without @types/node, so only the target's own library is there: es2020 and es2022 lack
// Symbol.dispose, which index.d.ts declares for them (it failed to compile there before).
// typescript is a devDependency (setup.sh's npm ci installs it); missing, the test fails.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

for (const target of ['es2020', 'es2022', 'esnext']) {
  test(`index.d.ts compiles in a strict ${target} program`, () => {
    assert.ok(fs.existsSync(tsc), `no TypeScript compiler at ${tsc}: run bindings/node/setup.sh`);
    const run = spawnSync(process.execPath, [tsc, '-p', path.join(__dirname, 'typescript'), '--target', target],
      { encoding: 'utf8' });
    assert.equal(run.status, 0, `tsc --target ${target} failed:\n${run.stdout}${run.stderr}`);
  });
}
