import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, stringTypes } from '../../scripts/string-types';

const root = path.resolve(import.meta.dirname, '../..');

describe('typed t() keys (scripts/string-types.ts, src/lib/translate.ts)', () => {
  it('the committed key list is the one the source language gives', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(stringTypes());
  });

  it('tsc, as npm run check runs it, fails on an unknown key and on an unknown placeholder, and passes known ones', () => {
    const tsc = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tests/fixtures/string-types/tsconfig.json'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    const errors = tsc.stdout.split('\n').filter((line) => line.includes('error TS'));
    expect(tsc.status).not.toBe(0);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^tests\/fixtures\/string-types\/unknown-key\.ts\(5,3\): error TS2345: Argument of type '"auth:signup\.titel"'/);
    expect(errors[1]).toMatch(/^tests\/fixtures\/string-types\/unknown-placeholder\.ts\(5,21\): error TS2561: .*'amonut' does not exist/);
  }, 240_000);
});
