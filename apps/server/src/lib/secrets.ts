import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Secrets every process agrees on (plugins/shared-secrets.ts, at boot), by data directory and name. */
const shared = new Map<string, string>();
const sharedName = (dataDir: string, name: string) => `${dataDir}\n${name}`;

/** From now on `loadOrCreateSecret(dataDir, name)` answers `value`, before any file. */
export function useSharedSecret(dataDir: string, name: string, value: string): void {
  shared.set(sharedName(dataDir, name), value);
}

function secretFile(dataDir: string, name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid secret name: ${name}`);
  return path.join(dataDir, 'secrets', name);
}

/** The secret kept in `DATA_DIR/secrets/<name>`, if there is one. */
export function readSecretFile(dataDir: string, name: string): string | undefined {
  try {
    return fs.readFileSync(secretFile(dataDir, name), 'utf8').trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

/**
 * A secret from the environment, or the one every process shares (`useSharedSecret`), or else one
 * generated once and kept in `DATA_DIR/secrets/<name>` (ARCHITECTURE: development needs no setup).
 * Two processes starting at once agree on one file.
 */
export function loadOrCreateSecret(
  dataDir: string,
  name: string,
  fromEnv?: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): string {
  if (fromEnv) return fromEnv;
  const kept = shared.get(sharedName(dataDir, name)) ?? readSecretFile(dataDir, name);
  if (kept) return kept;
  const file = secretFile(dataDir, name);
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written aside, then linked into place: a reader never sees a half-written file, and
  // when two processes race, the link of the second fails and it reads the first one's.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${generate()}\n`, { mode: 0o600 });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
