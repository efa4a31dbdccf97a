// What a picked photo looks like before it is sent (issue 43, part 4). Any image is shown as it is,
// but a HEIC (what iPhones take) shows in Safari only: elsewhere it was a broken image in the
// composers and a blank tile in the request and offer dialogs. Such a HEIC is decoded for its
// preview in the browser (heicPreview.ts, a chunk loaded only then, with its worker and WASM), into
// a small JPEG, one photo at a time. What is sent is the file as picked: the server makes its own JPEG.

/** A HEIC or HEIF by its type or its name (browsers often give those no type). */
export function isHeic(file: File): boolean {
  return /^image\/hei[cf]/i.test(file.type) || /\.(heic|heif)$/i.test(file.name);
}

/** An object URL of the preview of `file` (the caller revokes it), or null when it cannot be shown. */
export async function previewUrl(file: File): Promise<string | null> {
  if (!isHeic(file)) return URL.createObjectURL(file);
  try {
    return await (await import('./heicPreview.ts')).heicPreviewUrl(file);
  } catch {
    // The chunk could not be fetched (offline, say): the tile says what the file is.
    return null;
  }
}
