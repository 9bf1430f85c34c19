import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadOrCreateSecret', () => {
  it('generates a secret once under DATA_DIR and returns the same one afterwards', () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(dir, 'altcha-hmac-key');
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(loadOrCreateSecret(dir, 'altcha-hmac-key')).toBe(first);
    const file = path.join(dir, 'secrets', 'altcha-hmac-key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['altcha-hmac-key']);
  });

  it('prefers the value from the environment and writes nothing', () => {
    const dir = tempDir();
    expect(loadOrCreateSecret(dir, 'altcha-hmac-key', 'da-variavel')).toBe('da-variavel');
    expect(fs.existsSync(path.join(dir, 'secrets'))).toBe(false);
  });
});
