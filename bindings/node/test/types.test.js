'use strict';
// index.d.ts must describe the runtime API exactly: the same exports, Game members (methods
// as methods, readonly properties as getters without setters), Verdict and error fields, and
// the same Status and Level tables. Read with regular expressions: no TypeScript needed.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const ttt = require('..');

const dts = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

// The body of `export class Name ... { ... }` (classes hold no nested braces but object types).
function classBody(name) {
  const start = dts.search(new RegExp(`export class ${name}\\b`));
  assert.ok(start >= 0, `index.d.ts declares class ${name}`);
  let depth = 0;
  for (let i = dts.indexOf('{', start); i < dts.length; i++) {
    if (dts[i] === '{') depth++;
    if (dts[i] === '}' && --depth === 0) return dts.slice(dts.indexOf('{', start) + 1, i);
  }
  throw new Error(`unbalanced class ${name}`);
}

// Members at the class body's top level: {name, isStatic, readonly, method}.
function members(name) {
  const body = classBody(name).replace(/\{[^{}]*\}/g, '{}'); // flatten object types
  return [...body.matchAll(/^\s*(static\s+)?(readonly\s+)?(\[Symbol\.\w+\]|\w+)(\??)\s*(\(|:)/gm)]
    .map((m) => ({ name: m[3], isStatic: !!m[1], readonly: !!m[2], method: m[5] === '(' }))
    .filter((m) => m.name !== 'constructor');
}

const key = (n) => (n.startsWith('[Symbol.') ? Symbol[n.slice(8, -1)] : n);

test('the declared exports are the runtime exports', () => {
  const declared = [...new Set([...dts.matchAll(/^export (?:declare )?(?:class|function|const) (\w+)/gm)]
    .map((m) => m[1]))]; // overloads declare a function more than once
  const runtime = Object.keys(ttt).filter((n) => !n.startsWith('_'));
  assert.deepEqual([...declared].sort(), [...runtime].sort());
  for (const [, fn] of dts.matchAll(/^export function (\w+)/gm)) assert.equal(typeof ttt[fn], 'function', fn);
  for (const [, cls] of dts.matchAll(/^export class (\w+)/gm)) assert.equal(typeof ttt[cls], 'function', cls);
});

for (const cls of ['Game', 'Batch']) {
  test(`${cls}: every declared member exists with its kind, and nothing public is undeclared`, () => {
    const declared = members(cls);
    const proto = ttt[cls].prototype;
    for (const m of declared) {
      const owner = m.isStatic ? ttt[cls] : proto;
      const d = Object.getOwnPropertyDescriptor(owner, key(m.name));
      assert.ok(d, `${m.isStatic ? 'static ' : ''}${m.name} exists`);
      if (m.method) assert.equal(typeof d.value, 'function', `${m.name} is a method`);
      else assert.ok(d.get && !d.set && m.readonly, `${m.name} is a readonly getter`);
    }
    const names = (o, skip) => Reflect.ownKeys(o).filter((n) => !skip.includes(n) &&
      !(typeof n === 'symbol' && n !== Symbol.dispose));
    assert.deepEqual(names(proto, ['constructor']).map(String).sort(),
      declared.filter((m) => !m.isStatic).map((m) => String(key(m.name))).sort());
    assert.deepEqual(names(ttt[cls], ['length', 'name', 'prototype']).sort(),
      declared.filter((m) => m.isStatic).map((m) => m.name).sort());
  });
}

test('Verdict and the errors carry the declared fields', () => {
  const v = ttt.validate('XX.......');
  const vm = members('Verdict');
  assert.deepEqual(vm.filter((m) => !m.method).map((m) => m.name).sort(), Object.keys(v).sort());
  for (const m of vm.filter((x) => x.method)) assert.equal(typeof v[m.name], 'function', m.name);
  let e;
  try { ttt.judge([[0, 0], [0, 0]]); } catch (err) { e = err; }
  for (const cls of ['TicTacToeError', 'IllegalMoveError']) {
    for (const m of members(cls)) assert.ok(m.name in e, `${cls}.${m.name}`);
  }
  assert.ok(e instanceof ttt.IllegalMoveError);
});

test('Status and Level are declared entry by entry, as at runtime', () => {
  for (const name of ['Status', 'Level']) {
    const body = dts.match(new RegExp(`export const ${name}: Readonly<\\{([^}]*)\\}>`));
    assert.ok(body, `${name} is declared as Readonly<{...}>`);
    const declared = Object.fromEntries([...body[1].matchAll(/(\w+): (\d+)/g)].map((m) => [m[1], Number(m[2])]));
    assert.deepEqual(declared, { ...ttt[name] });
  }
});

test('argument types that the runtime accepts are declared optional or readonly', () => {
  assert.match(dts, /search\(options\?:/, 'search() takes no options too');
  assert.match(dts, /export type Moves = ReadonlyArray<readonly \[/, 'a readonly list of pairs');
  assert.match(dts, /export function judge\(moves: Moves, /, 'judge takes a readonly list');
  assert.match(dts, /export function findWinner\(moves: Moves\)/);
  assert.match(dts, /export function validate\(board: string \| readonly string\[\]/);
});
