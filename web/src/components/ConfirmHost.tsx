// Shows the question confirm() asked, if any (mounted once in the signed-in frame).
import { useConfirmStore } from '../stores/useConfirmStore.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export function ConfirmHost() {
  const current = useConfirmStore((s) => s.current);
  const answer = useConfirmStore((s) => s.answer);
  if (!current) return null;
  return (
    <ConfirmDialog
      title={current.title}
      description={current.description}
      confirmLabel={current.confirmLabel}
      cancelLabel={current.cancelLabel}
      destructive={current.destructive}
      onAnswer={answer}
    />
  );
}
