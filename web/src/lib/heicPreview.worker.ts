// Runs on a worker (lib/heicPreview.ts): decodes a HEIC photo with libheif's WASM build (its decode
// is synchronous and takes seconds for a 12-megapixel photo: off the page's thread) and answers a
// JPEG at most `side` pixels on its longer side, for the preview shown before sending. The WASM file
// is fetched only here (the pages' CSP allows compiling it: 'wasm-unsafe-eval').
import libheif, { type LibheifModule } from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';

async function loadLibheif(): Promise<LibheifModule> {
  const wasmBinary = await (await fetch(wasmUrl)).arrayBuffer();
  // The options object becomes the module (Emscripten); it is complete once the call has returned.
  return new Promise((resolve) => {
    const options = { wasmBinary, onRuntimeInitialized: () => queueMicrotask(() => resolve(options as unknown as LibheifModule)) };
    libheif(options);
  });
}

async function jpegOf(file: File, side: number): Promise<Blob> {
  const lib = await loadLibheif();
  const [image] = new lib.HeifDecoder().decode(new Uint8Array(await file.arrayBuffer()));
  if (!image) throw new Error(`${file.name} holds no image`);
  const width = image.get_width();
  const height = image.get_height();
  const pixels = await new Promise<ImageData>((resolve, reject) => {
    const target = new ImageData(width, height);
    image.display({ data: target.data, width, height }, (shown) =>
      shown ? resolve(target) : reject(new Error(`${file.name} could not be decoded`)),
    );
  });
  const scale = Math.min(1, side / Math.max(width, height));
  const bitmap = await createImageBitmap(pixels, {
    resizeWidth: Math.max(1, Math.round(width * scale)),
    resizeHeight: Math.max(1, Math.round(height * scale)),
    resizeQuality: 'high',
  });
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
}

/** The worker's own postMessage (the DOM library types `self` as a window). */
const answer = (message: { jpeg: Blob } | { error: string }) => (self as unknown as { postMessage(m: unknown): void }).postMessage(message);

self.onmessage = (event: MessageEvent<{ file: File; side: number }>) => {
  jpegOf(event.data.file, event.data.side).then(
    (jpeg) => answer({ jpeg }),
    (err: unknown) => answer({ error: err instanceof Error ? err.message : String(err) }),
  );
};
