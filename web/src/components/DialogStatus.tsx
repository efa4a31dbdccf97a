// The strip above an open dialog's buttons where the toast and the upload bar show while it is open
// (stores/useStatusHostStore.ts): part of the dialog, so they are read out and reachable there, and
// the dialog's body gives them room rather than lying under them.
import { useStatusHost } from '../stores/useStatusHostStore.ts';
import { ToastView } from './Toaster.tsx';
import { UploadProgress } from './UploadProgress.tsx';

export function DialogStatus() {
  const shown = useStatusHost('dialog');
  if (!shown) return null;
  return (
    <div className="dialog-status">
      <UploadProgress />
      <ToastView />
    </div>
  );
}
