import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, STAMP_FILE, sourceHash } from './build-web.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

function fixture(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-build-'));
  roots.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/feed/page.tsx', 'export {}');
  write('packages/contract/src/posts.ts', 'export const LIMIT = 10');
  write('package-lock.json', '{}');
  write('apps/web/dist/index.html', '<!doctype html>');
  return root;
}

describe('npm start reuses a web build that matches the sources', () => {
  it('finds the build current when the stamp matches, and stale after any input changes', () => {
    const root = fixture();
    const hash = sourceHash(root);
    expect(isBuildCurrent(root, hash)).toBe(false);
    fs.writeFileSync(path.join(root, STAMP_FILE), `${hash}\n`);
    expect(isBuildCurrent(root, sourceHash(root))).toBe(true);

    fs.writeFileSync(path.join(root, 'packages/contract/src/posts.ts'), 'export const LIMIT = 20');
    expect(isBuildCurrent(root, sourceHash(root))).toBe(false);
  });

  it('notices a renamed file, a new file and a lockfile change, and a missing dist', () => {
    const root = fixture();
    const hashes = new Set([sourceHash(root)]);
    fs.renameSync(path.join(root, 'apps/web/src/main.tsx'), path.join(root, 'apps/web/src/entry.tsx'));
    hashes.add(sourceHash(root));
    fs.writeFileSync(path.join(root, 'apps/web/src/new.ts'), '');
    hashes.add(sourceHash(root));
    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    hashes.add(sourceHash(root));
    expect(hashes.size).toBe(4);
    const hash = sourceHash(root);
    fs.writeFileSync(path.join(root, STAMP_FILE), hash);
    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(isBuildCurrent(root, hash)).toBe(false);
  });
});
