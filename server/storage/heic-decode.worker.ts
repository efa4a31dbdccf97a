// Runs in a worker thread (server/storage/heic-decoder.ts): libheif's WASM decoder is synchronous
// and takes seconds for a 12-megapixel photo, which would stall every socket of the instance.
// Erasable TypeScript only: the worker is loaded by Node itself (or tsx where the parent runs it).
import decode from 'heic-decode';
import { parentPort, workerData } from 'node:worker_threads';

const { buffer } = workerData as { buffer: Uint8Array };
const image = await decode({ buffer });
const pixels = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
parentPort!.postMessage({ width: image.width, height: image.height, pixels }, [pixels.buffer as ArrayBuffer]);
