import type { Worker } from 'node:worker_threads';
import type { ImageScores } from '@estudai/contract';
import { startWorker } from '../../lib/worker-thread.ts';

/** The model's input: a 224×224 RGB square (nsfwjs's MobileNetV2). */
const SIDE = 224;
/** The thread (and its ~100 MB of model) goes after this long without an image; the next one starts it again. */
const IDLE_MS = 5 * 60_000;

/** What scores an image: the thread below in the app, a test's own where a test says so. */
export interface ImageClassifier {
  classify(image: Buffer): Promise<ImageScores>;
  close(): Promise<void>;
}

/** Stored bytes that are no picture sharp can read (the check cannot score them). */
export class UndecodableImage extends Error {}

/** Any stored image → the model's 224×224 RGB bytes (sharp decodes off the event loop, in libuv's pool). */
async function modelPixels(image: Buffer): Promise<Uint8Array> {
  // Loaded with the first image, not at every start (libvips: ~15 MiB; docs/performance.md).
  const { default: sharp } = await import('sharp');
  try {
    const { data } = await sharp(image, { failOn: 'none' })
      .resize(SIDE, SIDE, { fit: 'fill' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  } catch (error) {
    throw new UndecodableImage(error instanceof Error ? error.message : String(error));
  }
}

interface Pending {
  resolve: (scores: ImageScores) => void;
  reject: (error: Error) => void;
}

/**
 * The image check on a worker thread (image-classifier.worker.ts), started with the first image,
 * not at boot (the model costs memory only once an image is uploaded), and stopped after five idle
 * minutes. Images go one at a time, in order.
 */
export class ImageClassifierThread implements ImageClassifier {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly idleMs = IDLE_MS) {}

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker(new URL('./image-classifier.worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (message: { id: number; scores?: ImageScores; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.scores) waiting.resolve(message.scores);
      else waiting.reject(new Error(message.error ?? 'image check failed'));
      this.armIdle();
    });
    const fail = (error: Error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('image check thread stopped')));
    this.worker = worker;
    return worker;
  }

  private armIdle(): void {
    clearTimeout(this.idle);
    if (this.pending.size > 0) return;
    this.idle = setTimeout(() => void this.close(), this.idleMs);
    this.idle.unref();
  }

  async classify(image: Buffer): Promise<ImageScores> {
    const pixels = await modelPixels(image);
    clearTimeout(this.idle);
    const worker = this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, pixels }, [pixels.buffer as ArrayBuffer]);
    });
  }

  /** Whether the model is loaded in this process now (the memory bench reads it). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}
