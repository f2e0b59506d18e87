'use strict';
// The koffi declarations and enum name lists must say exactly what include/tictactoe.h says.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const {
  PROTOTYPES, STATUS_NAMES, VERDICT_NAMES, RESULT_NAMES, LEVEL_NAMES,
} = require('../lib/native');
const { version } = require('..');

const header = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'include', 'tictactoe.h'), 'utf8');
const code = header.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
const squash = (s) => s.replace(/\s+/g, ' ').trim();

test('every header function is declared, with the same prototype', () => {
  const fromHeader = [...code.matchAll(/^[^#;{}]*\bttt_\w+\s*\([^)]*\)\s*;/gm)]
    .map((m) => squash(m[0]).replace(/;$/, ''));
  assert.ok(fromHeader.length >= 30, `parsed only ${fromHeader.length} prototypes`);
  const declared = PROTOTYPES.map((p) => squash(p.replace(/_Out_ /g, '')));
  assert.deepEqual([...declared].sort(), [...fromHeader].sort());
});

function enumNames(name) {
  const body = code.match(new RegExp(`enum ${name}[^{]*\\{([^}]*)\\}`))[1];
  const names = [];
  for (const [, key, value] of body.matchAll(/TTT_(\w+) = (\d+)/g)) names[Number(value)] = key;
  return names;
}

test('status, verdict and result names match the header enums', () => {
  assert.deepEqual(STATUS_NAMES, enumNames('TttStatus'));
  assert.deepEqual(VERDICT_NAMES, enumNames('TttVerdict'));
  assert.deepEqual(RESULT_NAMES, enumNames('TttResult'));
});

test("difficulty levels match the header's TTT_LEVEL_* defines", () => {
  const levels = [];
  for (const [, name, value] of header.matchAll(/#define TTT_LEVEL_(\w+) (\d+)/g)) {
    levels[Number(value)] = name;
  }
  assert.ok(levels.length >= 2);
  assert.deepEqual(LEVEL_NAMES, levels);
});

test('version matches the header', () => {
  assert.equal(version(), header.match(/#define TTT_VERSION_STRING "([^"]+)"/)[1]);
});
