// Stands in a picked image's tile while its preview is being made (a HEIC this browser cannot show:
// lib/imagePreview.ts), or when none could be made: a spinner, then the file's kind, never a blank
// tile or a broken image. Named by the file, as the image would be.
export function PreviewPlaceholder({ file, making }: { file: File; making: boolean }) {
  const kind = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]?.toUpperCase() ?? 'IMG';
  return (
    <span className="preview-placeholder" role="img" aria-label={making ? `${file.name} (preparing its preview)` : file.name}>
      {making ? <span className="preview-spinner" aria-hidden="true" /> : <span aria-hidden="true">{kind}</span>}
    </span>
  );
}
