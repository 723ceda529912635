// Logs go through the pino logger (lib/observability/log.ts): no console.* in lib/ and server.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(entry) ? [p] : [];
  });
}

test('no console.* call in lib/ and server.ts', () => {
  const root = process.cwd();
  const offenders: string[] = [];
  for (const file of [...sources(path.join(root, 'lib')), path.join(root, 'server.ts')]) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/\bconsole\.[a-z]+\s*\(/.test(line) && !/^\s*(\/\/|\*)/.test(line)) offenders.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(offenders).toEqual([]);
});
