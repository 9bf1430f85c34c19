// `npm run bench:uploads` (issue 43): 50 uploaded images classified one after another by the image
// check (nsfwjs's MobileNetV2 on TensorFlow.js's WASM backend, on its worker thread), inside a running
// app, while GET /api/health is asked over HTTP without pause. Prints the median and p99 of one
// classification (decoding included; the first one, which loads the model, apart), and /api/health's
// median and p99 idle and during the classifications side by side: the model must not freeze the
// server. Also the process's resident memory before the first image and after the last (the model
// loads with the first image, never at boot). Never part of `npm test`.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { buildApp } from '../src/app.ts';
import { ImageClassifierThread } from '../src/features/media/image-classifier.ts';
import { sensitivityOf } from '../src/features/media/image-thresholds.ts';
import { benchConfig, openBenchDatabase } from './bench-database.ts';

const IMAGES = 50;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/images/${name}`, import.meta.url));

/** 50 images as the store keeps them (WebP, up to 2048 px): the three fixtures, then coloured noise and gradients. */
async function images(): Promise<Buffer[]> {
  const made = [fixture('drawing.png'), fixture('notebook.jpg'), fixture('sensitive.png')];
  for (let i = made.length; i < IMAGES; i++) {
    const width = 800 + ((i * 97) % 1248);
    const height = 600 + ((i * 61) % 900);
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 60 + (i % 5) * 30, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    made.push(
      await sharp(noise)
        .tint({ r: (i * 53) % 255, g: (i * 29) % 255, b: (i * 71) % 255 })
        .webp({ quality: 82 })
        .toBuffer(),
    );
  }
  return made;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: sorted.length, median: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};
const rssMiB = () => process.memoryUsage().rss / 1024 / 1024;

/** Asks /api/health one request after another until `until` resolves; answers each one's time. */
async function probeHealth(url: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function main() {
  const { database, label, drop } = await openBenchDatabase('estudai_bench_uploads');
  const { config, cleanUp } = benchConfig();
  const app = await buildApp(config, { database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const classifier = new ImageClassifierThread();
  const pictures = await images();
  const load = os.loadavg()[0]?.toFixed(1);
  console.log(`${label}; ${os.cpus().length} cores; load ${load}; Node ${process.version}`);
  try {
    const rssBefore = rssMiB();
    const idle = summary(await probeHealth(url, new Promise((resolve) => setTimeout(resolve, IDLE_MS))));

    const classifyTimes: number[] = [];
    const counts = { ok: 0, sensitive: 0, blocked: 0 };
    let first = Number.NaN;
    const classifying = (async () => {
      for (const [index, picture] of pictures.entries()) {
        const started = performance.now();
        const scores = await classifier.classify(picture);
        const took = performance.now() - started;
        if (index === 0) first = took;
        else classifyTimes.push(took);
        counts[sensitivityOf(scores)]++;
      }
    })();
    const during = summary(await probeHealth(url, classifying));
    await classifying;
    const rssAfter = rssMiB();
    const classified = summary(classifyTimes);

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`\n| measure | median | p99 | n |\n|---|---|---|---|`);
    console.log(`| /api/health, idle (reference) | ${ms(idle.median)} | ${ms(idle.p99)} | ${idle.n} |`);
    console.log(
      `| /api/health, during the 50 classifications | ${ms(during.median)} | ${ms(during.p99)} | ${during.n} |`,
    );
    console.log(
      `| one classification (decode + model), images 2–50 | ${ms(classified.median)} | ${ms(classified.p99)} | ${classified.n} |`,
    );
    console.log(`| first classification (loads the model) | ${ms(first)} | | 1 |`);
    console.log(
      `\n/api/health p99 during / idle: ${(during.p99 / idle.p99).toFixed(2)}× (target ≤ 3×); results ${JSON.stringify(counts)}`,
    );
    // In the app the thread goes after five idle minutes, and its memory with it.
    await classifier.close();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    console.log(
      `resident memory: ${rssBefore.toFixed(0)} MiB before the first image, ${rssAfter.toFixed(0)} MiB after the last, ${rssMiB().toFixed(0)} MiB once the thread stopped`,
    );
  } finally {
    await classifier.close();
    await app.close();
    await database.close().catch(() => undefined);
    await drop();
    cleanUp();
  }
}

await main();
