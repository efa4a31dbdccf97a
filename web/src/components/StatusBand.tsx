// The band under the navigation, part of the header that stays at the top: the offline line, the
// new version's prompt, the catch-up line, the upload bar and the toast (stores/useStatusHostStore.ts).
// In the flow, so the page moves down for them instead of lying under them; empty, it takes no room.
// With a dialog open, the upload bar and the toast show in the dialog instead.
import { useStatusHost } from '../stores/useStatusHostStore.ts';
import { CatchUpStatus } from './CatchUpStatus.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { ToastView } from './Toaster.tsx';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { UploadProgress } from './UploadProgress.tsx';

export function StatusBand() {
  const shown = useStatusHost('page');
  return (
    <div className="status-band">
      <OfflineBanner />
      <UpdatePrompt />
      <CatchUpStatus />
      {shown && <UploadProgress />}
      {shown && <ToastView />}
    </div>
  );
}
