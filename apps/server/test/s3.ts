import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/plugins/storage.ts';

export interface TestS3 {
  /** The store's settings, as `S3_*` would give them (`driver: 's3'`). */
  settings: { driver: 's3' } & Required<S3Settings>;
  /** The same settings as environment variables, for a server started as a process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3 protocol server (s3rver: the S3 REST API over files in a temporary folder) on a free
 * loopback port, with one empty bucket. s3rver accepts its fixed key pair `S3RVER`/`S3RVER`.
 */
export async function startTestS3(bucket = 'estudai-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const settings = {
    driver: 's3' as const,
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  let closed = false;
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
