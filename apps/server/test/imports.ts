import fs from 'node:fs';
import path from 'node:path';
import type { TestApp } from './app.ts';

type App = TestApp['app'];

// Helpers of the imports tests (issue 42): the fixture files and the multipart form a browser sends.

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'imports');

export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

/** A multipart/form-data body as a browser's FormData sends it: the text fields, then `file`. */
export function importForm(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = '----estudai-import-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** `POST /api/question-imports` as `cookie`. */
export function postImport(
  app: App,
  cookie: string,
  fields: Record<string, string>,
  file: { name: string; content: Buffer },
) {
  const { payload, contentType } = importForm(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/question-imports',
    headers: { cookie, 'content-type': contentType },
    payload,
  });
}
