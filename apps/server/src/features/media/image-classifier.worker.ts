// The image check's thread (issue 43, decision 051): nsfwjs's MobileNetV2 on TensorFlow.js's WASM
// backend, so a classification (about a quarter of a second of pure computation) never holds the
// server's event loop. The model's weights are JavaScript modules inside the nsfwjs package and the
// WASM binary is a file of @tensorflow/tfjs-backend-wasm: nothing is fetched at install or run time.
// Started on the first image by image-classifier.ts (through lib/worker-thread.ts), never at boot.
import { parentPort } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { load, type NSFWJS } from 'nsfwjs';

const SIDE = 224;

/** The libraries greet on the console when loading ('use tfjs-node', 'you're using the model'). */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const { info, log, warn } = console;
  console.info = console.log = console.warn = () => {};
  try {
    return await work();
  } finally {
    Object.assign(console, { info, log, warn });
  }
}

let model: Promise<NSFWJS> | undefined;
const loadModel = () =>
  quietly(async () => {
    await tf.setBackend('wasm');
    await tf.ready();
    return load('MobileNetV2', { size: SIDE });
  });

async function classify(pixels: Uint8Array): Promise<Record<string, number>> {
  model ??= loadModel();
  const ready = await model;
  const input = tf.tensor3d(pixels, [SIDE, SIDE, 3], 'int32');
  try {
    const classes = await ready.classify(input, 5);
    return Object.fromEntries(classes.map((entry) => [entry.className.toLowerCase(), entry.probability]));
  } finally {
    input.dispose();
  }
}

// One image at a time: 224×224 RGB bytes, row by row; answers the five scores by class name.
parentPort?.on('message', ({ id, pixels }: { id: number; pixels: Uint8Array }) => {
  classify(pixels).then(
    (scores) => parentPort?.postMessage({ id, scores }),
    (error: unknown) =>
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
