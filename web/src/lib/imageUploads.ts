// The rules of images picked for an upload (hooks/useImageUploads.ts and hooks/useAttachments.ts hold
// the picks): only images, each at most MAX_IMAGE_BYTES (one too large is named with its size, before
// anything is sent); an entry's preview at once, or a HEIC's made later (imagePreview.ts).
import { MAX_IMAGE_BYTES } from '#protocol/limits.ts';
import { isHeic } from './imagePreview.ts';

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
