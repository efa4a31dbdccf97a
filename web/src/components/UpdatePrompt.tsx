// "A new version is available": shown when a deploy's service worker has installed and waits.
// Reload hands it control and reloads; Later leaves the running version until the next visit.
import { useAppUpdateStore } from '../stores/useAppUpdateStore.ts';
import { SHELL_TEXT } from '../texts/shell.ts';

export function UpdatePrompt() {
  const waiting = useAppUpdateStore((s) => s.waiting);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{SHELL_TEXT.newVersionAvailable}</span>
      <div className="update-prompt-actions">
        <button type="button" className="button button-primary button-sm" onClick={() => useAppUpdateStore.getState().apply()}>
          {SHELL_TEXT.reloadNow}
        </button>
        <button type="button" className="button button-ghost button-sm" onClick={() => useAppUpdateStore.getState().dismiss()}>
          {SHELL_TEXT.later}
        </button>
      </div>
    </div>
  );
}
