// Images picked for an upload: previews as object URLs (released when removed or when the form
// goes away), only images, at most MAX_IMAGES. A refused pick leaves the list as it was and says why.
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGES } from '#protocol/limits.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';

export interface ImageUpload {
  key: number;
  file: File;
  url: string;
}

/** Images only: a MIME type of image/*, or a HEIC/HEIF name (browsers often give those no type). */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
}

export function useImageUploads(max = MAX_IMAGES) {
  const [uploads, setUploads] = useState<ImageUpload[]>([]);
  const [error, setError] = useState<string | undefined>();
  const nextKey = useRef(0);
  const live = useRef<ImageUpload[]>([]);

  useEffect(() => {
    live.current = uploads;
  }, [uploads]);
  useEffect(() => () => live.current.forEach((u) => URL.revokeObjectURL(u.url)), []);

  function add(files: File[]) {
    if (files.length === 0) return;
    if (!files.every(isImageFile)) return setError(UPLOADS_MSG.onlyImages);
    if (uploads.length + files.length > max) return setError(UPLOADS_MSG.tooManyImages);
    setError(undefined);
    setUploads((list) => [...list, ...files.map((file) => ({ key: nextKey.current++, file, url: URL.createObjectURL(file) }))]);
  }

  function remove(key: number) {
    setError(undefined);
    setUploads((list) => {
      const gone = list.find((u) => u.key === key);
      if (gone) URL.revokeObjectURL(gone.url);
      return list.filter((u) => u.key !== key);
    });
  }

  return { uploads, error, add, remove };
}
