// How far the photos being sent are: one bar for every multipart send in flight (requests, offers,
// messages, chat, schedule), fed by the API client (docs/decisions/0024).
import { createPortal } from 'react-dom';
import { overallProgress, useUploadProgressStore } from '../stores/useUploadProgressStore.ts';
import { SHELL_TEXT } from '../texts/shell.ts';

export function UploadProgress() {
  const uploads = useUploadProgressStore((s) => s.uploads);
  const { files, percent } = overallProgress(uploads);
  if (uploads.length === 0 || files === 0) return null;
  const label = SHELL_TEXT.uploadingImages(files);
  // Straight into <body>: a dialog open meanwhile (the request form, say) hides the app's root
  // from assistive technology, and the progress must still be heard and seen above it.
  return createPortal(
    <div className="upload-progress" role="status">
      <span>
        {label} {percent}%
      </span>
      <progress max={100} value={percent} aria-label={label} />
    </div>,
    document.body,
  );
}
