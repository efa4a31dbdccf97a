// Images picked for an upload: previews as object URLs (released when removed or when the form
// goes away; a HEIC's made first where the browser cannot show one: imagePreview.ts), only images,
// each at most MAX_IMAGE_BYTES, at most MAX_IMAGES. A refused pick leaves the list as it was and says
// why (an image too large by name and size, before anything is sent).
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGE_BYTES, MAX_IMAGES } from '#protocol/limits.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';
import { isHeic, previewUrl } from './imagePreview.ts';

export interface ImageUpload {
  key: number;
  file: File;
  /** The preview's object URL; null while a HEIC's is being made (`making`), or when it has none. */
  url: string | null;
  making: boolean;
}

/** A picked file's entry: an image shown as it is has its preview at once; a HEIC's comes later. */
export function pickedImage(key: number, file: File): ImageUpload {
  const later = isHeic(file);
  return { key, file, url: later ? null : URL.createObjectURL(file), making: later };
}

/** Images only: a MIME type of image/*, or a HEIC/HEIF name (browsers often give those no type). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
}

const MB = 1024 * 1024;

/** "12.4 MB": one decimal, rounded up where rounding would make a file over the limit read as within it. */
export function megabytes(bytes: number): string {
  const tenths = bytes / (MB / 10);
  const shown = bytes > MAX_IMAGE_BYTES && Math.round(tenths) <= (MAX_IMAGE_BYTES / MB) * 10 ? Math.ceil(tenths) : Math.round(tenths);
  return `${(shown / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

/** The images over the size limit, as the server counts it (10 MB each). */
export const tooLargeImages = (files: readonly File[]) => files.filter((f) => f.size > MAX_IMAGE_BYTES);

/** "photo.heic is 12.4 MB; images can be at most 10 MB" (the first image too large, and how many more). */
export function imageTooLargeText(files: readonly File[]): string | null {
  const [first, ...more] = tooLargeImages(files);
  if (!first) return null;
  const others = more.length === 0 ? '' : ` (and ${more.length} more)`;
  return `${first.name} is ${megabytes(first.size)}${others}; images can be at most ${MAX_IMAGE_BYTES / MB} MB`;
}

export function useImageUploads(max = MAX_IMAGES) {
  const [uploads, setUploads] = useState<ImageUpload[]>([]);
  const [error, setError] = useState<string | undefined>();
  const nextKey = useRef(0);
  const live = useRef<ImageUpload[]>([]);

  useEffect(() => {
    live.current = uploads;
  }, [uploads]);
  useEffect(
    () => () => {
      live.current.forEach((u) => u.url && URL.revokeObjectURL(u.url));
      live.current = [];
    },
    [],
  );

  /** A HEIC's preview is ready (or none could be made): shown, unless the image went meanwhile. */
  function settle(key: number, url: string | null) {
    if (!live.current.some((u) => u.key === key)) {
      if (url) URL.revokeObjectURL(url);
      return;
    }
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, url, making: false } : u)));
  }

  function add(files: File[]) {
    if (files.length === 0) return;
    if (!files.every(isImageFile)) return setError(UPLOADS_MSG.onlyImages);
    const tooLarge = imageTooLargeText(files);
    if (tooLarge) return setError(tooLarge);
    if (uploads.length + files.length > max) return setError(UPLOADS_MSG.tooManyImages);
    setError(undefined);
    const added = files.map((file) => pickedImage(nextKey.current++, file));
    live.current = [...live.current, ...added];
    setUploads((list) => [...list, ...added]);
    for (const upload of added) if (upload.making) void previewUrl(upload.file).then((url) => settle(upload.key, url));
  }

  function remove(key: number) {
    setError(undefined);
    live.current = live.current.filter((u) => u.key !== key);
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone?.url) URL.revokeObjectURL(gone.url);
      return list.filter((u) => u.key !== key);
    });
  }

  return { uploads, error, add, remove };
}
