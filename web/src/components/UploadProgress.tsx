// How far the photos being sent are: one bar for every multipart send in flight (requests, offers,
// messages, chat, schedule), fed by the API client (docs/decisions/0024). Shown in the place kept for
// it (stores/useStatusHostStore.ts): inside the open dialog that sends (the request form, say), above
// its buttons, or in the band under the navigation; never over a control.
import { overallProgress, useUploadProgressStore } from '../stores/useUploadProgressStore.ts';
import { SHELL_TEXT } from '../texts/shell.ts';

export function UploadProgress() {
  const uploads = useUploadProgressStore((s) => s.uploads);
  const { files, percent } = overallProgress(uploads);
  if (uploads.length === 0 || files === 0) return null;
  const label = SHELL_TEXT.uploadingImages(files);
  return (
    <div className="upload-progress" role="status">
      <span>
        {label} {percent}%
      </span>
      <progress max={100} value={percent} aria-label={label} />
    </div>
  );
}
