// An image over the server's 10 MB is named with its size before anything is sent.
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '#protocol/limits.ts';
import { imageTooLargeText, megabytes } from './imageUploads.ts';

const MB = 1024 * 1024;
const file = (name: string, bytes: number) => ({ name, size: bytes, type: 'image/heic' }) as File;

describe('images too large', () => {
  it('names the first with its size, and how many more', () => {
    expect(imageTooLargeText([file('ok.png', MB), file('photo.heic', 12.4 * MB)])).toBe(
      'photo.heic is 12.4 MB; images can be at most 10 MB',
    );
    expect(imageTooLargeText([file('a.heic', 15 * MB), file('b.heic', 11 * MB), file('c.heic', 20 * MB)])).toBe(
      'a.heic is 15 MB (and 2 more); images can be at most 10 MB',
    );
    expect(imageTooLargeText([file('ok.png', MAX_IMAGE_BYTES)])).toBeNull();
  });

  it('never reads a file over the limit as 10 MB', () => {
    expect(megabytes(MAX_IMAGE_BYTES + 1)).toBe('10.1 MB');
    expect(megabytes(Math.round(12.44 * MB))).toBe('12.4 MB');
  });
});
