import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareImage, THUMB_MAX_BYTES, UndecodableImage } from './image-processing.ts';

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 60, b: 30, alpha: 0.5 } } });

describe('prepareImage', () => {
  it('turns an AV1-coded HEIF (which sharp reads itself) into a JPEG', async () => {
    const heif = await canvas(120, 80).heif({ compression: 'av1' }).toBuffer();
    const prepared = await prepareImage(heif, 'image/heif');
    expect(prepared.mimeType).toBe('image/jpeg');
    expect((await sharp(prepared.full).metadata()).format).toBe('jpeg');
  });

  it('keeps a PNG a PNG with its transparency, and its thumbnail keeps it too', async () => {
    const prepared = await prepareImage(await canvas(300, 200).png().toBuffer(), 'image/png');
    expect(prepared.mimeType).toBe('image/png');
    expect((await sharp(prepared.full).metadata()).hasAlpha).toBe(true);
    expect((await sharp(prepared.thumb).metadata()).hasAlpha).toBe(true);
  });

  it('keeps an animated GIF animated; its thumbnail is the first frame', async () => {
    const red = await canvas(64, 64).png().toBuffer();
    const blue = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2244cc' } })
      .png()
      .toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const prepared = await prepareImage(animated, 'image/gif');
    expect(prepared.mimeType).toBe('image/gif');
    expect((await sharp(prepared.full).metadata()).pages).toBe(2);
    const thumb = await sharp(prepared.thumb).metadata();
    expect([thumb.format, thumb.pages ?? 1]).toEqual(['webp', 1]);
  });

  it('squeezes any thumbnail under 100 kB, noise included', async () => {
    const noise = await sharp(randomBytes(2000 * 2000 * 3), { raw: { width: 2000, height: 2000, channels: 3 } })
      .png()
      .toBuffer();
    const prepared = await prepareImage(noise, 'image/png');
    expect(prepared.thumb.length).toBeLessThan(THUMB_MAX_BYTES);
  });

  it('calls bytes that do not decode an UndecodableImage', async () => {
    await expect(prepareImage(Buffer.from('GIF89a not really'), 'image/gif')).rejects.toBeInstanceOf(UndecodableImage);
    await expect(prepareImage(Buffer.from('not a heic at all'), 'image/heic')).rejects.toBeInstanceOf(UndecodableImage);
  });
});
