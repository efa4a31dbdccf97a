// What a picked photo looks like before it is sent (issue 43, part 4). Any image is shown as it is,
// but a HEIC (what iPhones take) shows in Safari only: elsewhere it was a broken image in the
// composers and a blank tile in the request and offer dialogs. Such a HEIC is decoded here for its
// preview, on a worker (heicPreview.worker.ts) with libheif's WASM build, which is fetched only then
// (about 0.5 MB compressed; never in the first screen, never precached), into a small JPEG, one photo
// at a time. What is sent is the file as picked: the server makes its own JPEG of it.

/** A HEIC or HEIF by its type or its name (browsers often give those no type). */
export function isHeic(file: File): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

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

/** An object URL of the preview of `file` (the caller revokes it), or null when it cannot be shown. */
export async function previewUrl(file: File): Promise<string | null> {
  const own = URL.createObjectURL(file);
  if (!isHeic(file) || (await shows(own))) return own;
  URL.revokeObjectURL(own);
  const made = queue.then(() => heicToJpeg(file));
  queue = made.catch(() => undefined);
  try {
    return URL.createObjectURL(await made);
  } catch {
    return null;
  }
}
