// Images picked for an upload: previews as object URLs (released when removed or when the form
// goes away; a HEIC's made first where the browser cannot show one: lib/imagePreview.ts), only
// images, each at most MAX_IMAGE_BYTES, at most MAX_IMAGES (lib/imageUploads.ts). A refused pick
// leaves the list as it was and says why (an image too large by name and size, before anything is sent).
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGES } from '#protocol/limits.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';
import { previewUrl } from '../lib/imagePreview.ts';
import { imageTooLargeText, isImageFile, pickedImage, type ImageUpload } from '../lib/imageUploads.ts';

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
