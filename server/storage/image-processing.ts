import sharp, { type Sharp } from 'sharp';
import { decodeHeic } from './heic-decoder.ts';

/**
 * What is stored for an upload (docs/decisions/0024): the image as the lightbox shows it, with no
 * metadata (EXIF and its GPS position, XMP, comments) and at most MAX_EDGE pixels on its long side,
 * in a format every browser shows (HEIC/HEIF become JPEG); and a WebP thumbnail for lists and grids.
 */
export const MAX_EDGE = 2560;
export const THUMB_EDGE = 480;
/** A thumbnail stays under this (100 kB), whatever the picture: quality steps down until it fits. */
export const THUMB_MAX_BYTES = 100_000;
const THUMB_QUALITIES = [72, 55, 40, 25];
/** Beyond this many pixels an upload is refused before it is decoded (48-megapixel phone photos pass). */
const MAX_INPUT_PIXELS = 64 * 1024 * 1024;

export interface PreparedImage {
  mimeType: string;
  full: Buffer;
  thumb: Buffer;
}

/** The picture could not be decoded: the client sent something that only looks like an image. */
export class UndecodableImage extends Error {}

sharp.cache(false);

const open = (input: Buffer | string, animated = false) =>
  sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
    // Applies the EXIF orientation to the pixels, since the EXIF that said it is dropped.
    .autoOrient();

async function heicSource(bytes: Buffer): Promise<Sharp> {
  // sharp's libvips reads AVIF-coded HEIF; HEVC-coded HEIC (iPhones) needs libheif's WASM decoder.
  const probe = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (probe && probe.compression !== 'hevc') {
    const ok = await open(bytes)
      .raw()
      .toBuffer({ resolveWithObject: true })
      .catch(() => null);
    if (ok) return sharp(ok.data, { raw: ok.info });
  }
  const { width, height, pixels } = await decodeHeic(bytes).catch((err: unknown) => {
    throw new UndecodableImage(String(err));
  });
  if (width * height > MAX_INPUT_PIXELS) throw new UndecodableImage('too many pixels');
  // libheif applies the file's rotation itself; its pixels come upright.
  return sharp(pixels, { raw: { width, height, channels: 4 } });
}

async function encodeFull(source: Sharp, mimeType: string): Promise<{ mimeType: string; data: Buffer }> {
  const sized = source.resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true });
  // sharp writes no metadata unless asked to (keepMetadata/withExif): none is asked for here.
  switch (mimeType) {
    case 'image/png':
      return { mimeType, data: await sized.png().toBuffer() };
    case 'image/webp':
      return { mimeType, data: await sized.webp({ quality: 85 }).toBuffer() };
    case 'image/gif':
      return { mimeType, data: await sized.gif().toBuffer() };
    default:
      // JPEG stays JPEG; HEIC and HEIF become JPEG, which every browser shows.
      return { mimeType: 'image/jpeg', data: await sized.flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer() };
  }
}

async function encodeThumb(source: Sharp): Promise<Buffer> {
  const sized = source.resize({ width: THUMB_EDGE, height: THUMB_EDGE, fit: 'inside', withoutEnlargement: true });
  let smallest: Buffer | undefined;
  for (const quality of THUMB_QUALITIES) {
    smallest = await sized.clone().webp({ quality }).toBuffer();
    if (smallest.length < THUMB_MAX_BYTES) return smallest;
  }
  // Noise at 480 px that even quality 25 can't fit: a smaller picture always does.
  return source
    .resize({ width: THUMB_EDGE / 2, height: THUMB_EDGE / 2, fit: 'inside' })
    .webp({ quality: 25 })
    .toBuffer();
}

/**
 * Decodes an upload whose bytes were sniffed as `mimeType` and prepares what is stored. Anything
 * that does not decode is an UndecodableImage (the client's fault, a 400).
 */
export async function prepareImage(bytes: Buffer, mimeType: string): Promise<PreparedImage> {
  try {
    const heif = mimeType === 'image/heic' || mimeType === 'image/heif';
    const source = heif ? await heicSource(bytes) : open(bytes, mimeType === 'image/gif');
    const full = await encodeFull(source.clone(), mimeType);
    // The thumbnail of an animation is its first frame.
    const still = mimeType === 'image/gif' ? open(full.data) : source;
    return { mimeType: full.mimeType, full: full.data, thumb: await encodeThumb(still.clone()) };
  } catch (err) {
    if (err instanceof UndecodableImage) throw err;
    // sharp reports a bad or truncated picture as a plain Error from libvips.
    throw new UndecodableImage(err instanceof Error ? err.message : String(err));
  }
}
