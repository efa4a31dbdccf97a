// Shows the question confirm() asked, if any (mounted once in the signed-in frame). The dialog's
// code is fetched with the first question.
import { Suspense } from 'react';
import { useConfirmStore } from '../stores/useConfirmStore.ts';
import { lazyScreen } from '../lib/lazyScreen.ts';

const ConfirmDialog = lazyScreen(() => import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })));

export function ConfirmHost() {
  const current = useConfirmStore((s) => s.current);
  const answer = useConfirmStore((s) => s.answer);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        title={current.title}
        description={current.description}
        confirmLabel={current.confirmLabel}
        cancelLabel={current.cancelLabel}
        destructive={current.destructive}
        details={current.details}
        onAnswer={answer}
      />
    </Suspense>
  );
}
