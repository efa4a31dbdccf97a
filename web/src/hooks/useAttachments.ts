// Images picked for one message: previews as object URLs (released when removed, sent or when the
// composer goes away; a HEIC's made first where the browser cannot show one: lib/imagePreview.ts), images only, each at most 10 MB (one too large is left out and named with its
// size, before anything is sent), at most MAX_IMAGES. The two composers differ in what happens
// past the limit: direct messages keep the first ones that fit (their attach button is disabled at
// the limit); base chat refuses the pick and says so (docs/product-spec.md section 5).
import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGES } from '#protocol/limits.ts';
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import { UPLOADS_MSG } from '#protocol/messages/uploads.ts';
import { previewUrl } from '../lib/imagePreview.ts';
import { imageTooLargeText, isImageFile, pickedImage, tooLargeImages, type ImageUpload } from '../lib/imageUploads.ts';
import { toast } from '../stores/useToastStore.ts';

export type PickedImage = ImageUpload;

export function useAttachments(overLimit: 'keep-first' | 'refuse') {
  const [images, setImages] = useState<PickedImage[]>([]);
  const nextKey = useRef(0);
  const live = useRef<PickedImage[]>([]);
  useEffect(() => {
    live.current = images;
  }, [images]);
  useEffect(
    () => () => {
      live.current.forEach((i) => i.url && URL.revokeObjectURL(i.url));
      live.current = [];
    },
    [],
  );

  /** A HEIC's preview is ready (or none could be made): shown, unless the image went meanwhile (removed, sent). */
  function settle(key: number, url: string | null) {
    if (!live.current.some((i) => i.key === key)) {
      if (url) URL.revokeObjectURL(url);
      return;
    }
    live.current = live.current.map((i) => (i.key === key ? { ...i, url, making: false } : i));
    setImages(live.current);
  }

  function add(files: File[]) {
    if (files.length === 0) return;
    const pictures = files.filter(isImageFile);
    if (pictures.length < files.length) {
      toast({ title: MESSAGING_MSG.invalidFileTypeTitle, description: UPLOADS_MSG.onlyImages, variant: 'destructive' });
    }
    const tooLarge = imageTooLargeText(pictures);
    if (tooLarge) toast({ title: UPLOADS_MSG.imageTooLargeTitle, description: tooLarge, variant: 'destructive' });
    const over = new Set(tooLargeImages(pictures));
    const accepted = pictures.filter((f) => !over.has(f));
    const room = MAX_IMAGES - live.current.length;
    if (accepted.length > room && overLimit === 'refuse') {
      toast({ title: UPLOADS_MSG.tooManyFilesTitle, description: MESSAGING_MSG.chatTooManyImages, variant: 'destructive' });
      return;
    }
    const kept = accepted.slice(0, Math.max(0, room)).map((file) => pickedImage(nextKey.current++, file));
    if (kept.length === 0) return;
    live.current = [...live.current, ...kept];
    setImages(live.current);
    for (const image of kept) if (image.making) void previewUrl(image.file).then((url) => settle(image.key, url));
  }

  function remove(key: number) {
    const gone = live.current.find((i) => i.key === key);
    if (gone?.url) URL.revokeObjectURL(gone.url);
    live.current = live.current.filter((i) => i.key !== key);
    setImages(live.current);
  }

  /** Hands the files over (to a send) and empties the list; the previews are released. */
  function take(): File[] {
    const files = live.current.map((i) => i.file);
    live.current.forEach((i) => i.url && URL.revokeObjectURL(i.url));
    live.current = [];
    setImages([]);
    return files;
  }

  return { images, add, remove, take, full: images.length >= MAX_IMAGES };
}
