// A HEIC's preview (lib/imagePreview.ts), a chunk of its own loaded only when a HEIC is picked: the
// browser's own decoder if it has one (Safari), else a small JPEG made on a worker with libheif's
// WASM build (heicPreview.worker.ts; about 0.5 MB compressed, fetched then, never precached).

/** The longer side of a HEIC's preview, in pixels: twice the largest tile it fills. */
export const PREVIEW_SIDE = 640;

/** Whether this browser shows the image at `url` (Safari shows a HEIC; Chrome, Firefox and Android do not). */
function shows(url: string): Promise<boolean> {
  const img = new Image();
  img.src = url;
  return img.decode().then(
    () => true,
    () => false,
  );
}

/** A small JPEG of a HEIC photo, made on a worker of its own (libheif's memory only grows; it goes with the worker). */
function heicToJpeg(file: File): Promise<Blob> {
  const worker = new Worker(new URL('./heicPreview.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<{ jpeg?: Blob; error?: string }>) =>
      event.data.jpeg ? resolve(event.data.jpeg) : reject(new Error(event.data.error ?? 'no preview'));
    worker.onerror = (event) => reject(new Error(event.message || 'no preview'));
    worker.postMessage({ file, side: PREVIEW_SIDE });
  }).finally(() => worker.terminate());
}

/** One HEIC at a time: each decode takes a core and, for a 12-megapixel photo, tens of megabytes. */
let queue: Promise<unknown> = Promise.resolve();

/** An object URL of a HEIC's preview (the caller revokes it), or null when it cannot be shown. */
export async function heicPreviewUrl(file: File): Promise<string | null> {
  const own = URL.createObjectURL(file);
  if (await shows(own)) return own;
  URL.revokeObjectURL(own);
  const made = queue.then(() => heicToJpeg(file));
  queue = made.catch(() => undefined);
  try {
    return URL.createObjectURL(await made);
  } catch {
    return null;
  }
}
