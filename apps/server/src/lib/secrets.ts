import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret from the environment, or else one generated once and kept in `DATA_DIR/secrets/<name>`
 * (ARCHITECTURE: development needs no setup). Two processes starting at once agree on one file.
 */
export function loadOrCreateSecret(
  dataDir: string,
  name: string,
  fromEnv?: string,
  generate: () => string = () => randomBytes(32).toString('base64url'),
): string {
  if (fromEnv) return fromEnv;
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid secret name: ${name}`);
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
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
