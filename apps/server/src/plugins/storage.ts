import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

// Every uploaded file (avatars, post images and attachments, covers, group materials) and every
// generated one (data exports) is kept through this module, by key: `uploads/avatars/<hex>.webp`,
// `materials/<hex>.pdf`, `exports/<id>.zip`. Two drivers behind one interface: the local disk under
// DATA_DIR (the embedded default: the key is the path under DATA_DIR, as before the module came)
// and an S3-compatible store (several processes see the same files). Whether a file may be read is
// decided by the feature before it asks for the bytes; this module knows no permissions.

interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
}

export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Keeps bytes under `key`, replacing any object there. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Keeps a local file under `key`; the local file is gone afterwards (moved, or sent and removed). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object's bytes as a stream; `StoredObjectMissing` when there is none. */
  get(key: string): Promise<StoredObject>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when the store does not answer (`/api/ready`). */
  ping(): Promise<void>;
  close(): void;
}

/** No object under that key (the feature answers its own 404). */
export class StoredObjectMissing extends Error {
  readonly statusCode = 404;
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = 'StoredObjectMissing';
  }
}

/**
 * The store would not keep an object: a full or read-only disk, a folder it may not write (or a file
 * where its folder should be), an S3 that refused or did not answer. Requests answer 503 in pt-BR
 * (plugins/errors.ts); nothing was kept.
 */
export class StorageUnavailable extends Error {
  readonly statusCode = 503;
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(`the store did not keep ${key}`, { cause });
    this.name = 'StorageUnavailable';
  }
}

/** Errors of the disk that are the machine's, not the app's: writing cannot succeed until fixed. */
const UNWRITABLE = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT', 'EIO', 'ENOTDIR', 'EEXIST']);

/** Runs a write to the disk (the store's, or a staging folder), turning its refusals into `StorageUnavailable`. */
export async function writing<T>(key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (UNWRITABLE.has((error as NodeJS.ErrnoException).code ?? '')) throw new StorageUnavailable(key, error);
    throw error;
  }
}

const KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)+$/i;
const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

/** Keys are made by the app, never taken from a request as they are: a bad one is a bug. */
function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part.startsWith('.'))) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/** The type of a file on disk, from its extension (the disk keeps no metadata). */
const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export type StorageSettings = { driver: 'disk' } | ({ driver: 's3' } & S3Settings);

/** The local disk: `key` is a path under `root` (DATA_DIR). */
export function diskStore(root: string): ObjectStore {
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'disk',
    async put(key, body) {
      const file = fileOf(key);
      await writing(key, async () => {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(file, body);
      });
    },
    async putFile(key, source) {
      const file = fileOf(key);
      await writing(key, async () => {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        try {
          await fs.promises.rename(source, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          await fs.promises.copyFile(source, file);
          await fs.promises.rm(source, { force: true });
        }
      });
    },
    async get(key) {
      const handle = await fs.promises.open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') throw new StoredObjectMissing(key);
        throw error;
      });
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new StoredObjectMissing(key);
        return { stream: handle.createReadStream(), size: stat.size, contentType: contentTypeOf(key) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
    async ping() {
      await fs.promises.mkdir(root, { recursive: true });
    },
    close() {},
  };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

const isMissing = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * An S3-compatible store (AWS S3, MinIO, …). With an endpoint, path-style addresses (MinIO). The SDK
 * is loaded when the store is made, not at every start: on the disk store its modules (~20 MiB of
 * memory) stay out of the process (docs/performance.md, `npm run bench:memory`).
 */
export function s3Store(settings: S3Settings): ObjectStore {
  const loading = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: s3Client(sdk, settings) }));
  // Until the first call awaits it, a failed load must not be an unhandled rejection.
  loading.catch(() => undefined);
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    // A refused or unanswered write is the store's (the key and body are the app's own).
    async put(key, body, contentType) {
      const { sdk, client } = await loading;
      const command = new sdk.PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: body,
        ContentType: contentType,
      });
      await client.send(command).catch((error: unknown) => {
        throw new StorageUnavailable(key, error);
      });
    },
    async putFile(key, file, contentType) {
      const { sdk, client } = await loading;
      const { size } = await fs.promises.stat(file);
      const command = new sdk.PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      });
      await client.send(command).catch((error: unknown) => {
        throw new StorageUnavailable(key, error);
      });
      await fs.promises.rm(file, { force: true });
    },
    async get(key) {
      const { sdk, client } = await loading;
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 answered no readable body');
        return {
          stream: object.Body,
          size: object.ContentLength ?? 0,
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissing(sdk, error)) throw new StoredObjectMissing(key);
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await loading;
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async ping() {
      const { sdk, client } = await loading;
      await client.send(new sdk.HeadBucketCommand({ Bucket }));
    },
    close() {
      void loading.then(
        ({ client }) => client.destroy(),
        () => undefined,
      );
    },
  };
}

function s3Client(sdk: S3Sdk, settings: S3Settings) {
  return new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: MinIO and older compatible stores refuse the
    // aws-chunked uploads the SDK otherwise makes for streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createObjectStore(settings: StorageSettings, dataDir: string): ObjectStore {
  return settings.driver === 's3' ? s3Store(settings) : diskStore(dataDir);
}
