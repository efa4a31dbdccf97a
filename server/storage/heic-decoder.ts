import { Worker } from 'node:worker_threads';
import { workerEntry } from '../runtime-paths.ts';

/** Decoded pixels: RGBA, 8 bits a channel, row after row. */
export interface DecodedImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

let queue: Promise<unknown> = Promise.resolve();

function decodeInWorker(bytes: Uint8Array): Promise<DecodedImage> {
  return new Promise((resolve, reject) => {
    // A worker per image: libheif's WASM memory only grows, and is returned when the worker ends.
    const worker = new Worker(workerEntry('storage/heic-decode.worker.ts'), {
      workerData: { buffer: bytes },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    worker.once('message', (image: DecodedImage) => {
      settled = true;
      resolve(image);
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`HEIC decoder exited with code ${code}`));
    });
  });
}

/**
 * Decodes HEVC-coded HEIC (what iPhones write; sharp's prebuilt libvips has no HEVC decoder) with
 * libheif's WASM build, off the main thread, one image at a time (it uses a whole core).
 */
export function decodeHeic(bytes: Uint8Array): Promise<DecodedImage> {
  const run = queue.then(() => decodeInWorker(bytes));
  queue = run.catch(() => undefined);
  return run;
}
