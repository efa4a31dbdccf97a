// Confirm, then act, then toast (useConfirmAction.ts): the order every screen's confirmed write keeps.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { useConfirmStore } from '../stores/useConfirmStore.ts';
import { useToastStore } from '../stores/useToastStore.ts';
import { confirmThenAct, type ConfirmedAction } from './useConfirmAction.ts';

const QUESTION = { title: 'Delete?', description: 'It goes for good.', confirmLabel: 'Delete', destructive: true };

/** Runs the action, answering its question (if one opens) with `answer`; the events in their order. */
async function run(action: Partial<ConfirmedAction>, answer = true): Promise<string[]> {
  const events: string[] = [];
  const unsubscribe = useConfirmStore.subscribe((s) => {
    if (!s.current) return;
    events.push(`asked: ${s.current.title}`);
    queueMicrotask(() => useConfirmStore.getState().answer(answer));
  });
  const unsubscribeToast = useToastStore.subscribe((s) => {
    if (s.toast) events.push(`toast: ${s.toast.title}${s.toast.description ? ` / ${s.toast.description}` : ''}`);
  });
  try {
    await confirmThenAct({
      failed: 'Could not delete.',
      settled: () => events.push('settled'),
      ...action,
      act: async () => {
        events.push('act');
        return action.act?.();
      },
    });
  } finally {
    unsubscribe();
    unsubscribeToast();
  }
  return events;
}

afterEach(() => {
  useToastStore.getState().dismiss();
});

describe('confirmThenAct', () => {
  it('a No does nothing: no write, no toast', async () => {
    expect(await run({ ask: QUESTION }, false)).toEqual(['asked: Delete?']);
  });

  it('a Yes writes, then toasts what the write answered, then settles', async () => {
    expect(await run({ ask: QUESTION, act: async () => ({ title: 'Deleted' }) })).toEqual([
      'asked: Delete?',
      'act',
      'toast: Deleted',
      'settled',
    ]);
  });

  it('a write that answers nothing shows no toast', async () => {
    expect(await run({ ask: QUESTION, act: async () => undefined })).toEqual(['asked: Delete?', 'act', 'settled']);
  });

  it("a failure shows the server's message under Error, else the screen's sentence; or the screen's whole toast", async () => {
    const refused = new ApiError(409, 'Conflict', JSON.stringify({ message: 'Already gone.' }));
    expect(await run({ ask: QUESTION, act: () => Promise.reject(refused) })).toEqual([
      'asked: Delete?',
      'act',
      'toast: Error / Already gone.',
      'settled',
    ]);
    expect(await run({ act: () => Promise.reject(new TypeError('Failed to fetch')) })).toEqual([
      'act',
      'toast: Error / Could not delete.',
      'settled',
    ]);
    expect(useToastStore.getState().toast?.variant).toBe('destructive');
    expect(await run({ act: () => Promise.reject(refused), failed: () => ({ title: 'Not removed', variant: 'destructive' }) })).toEqual([
      'act',
      'toast: Not removed',
      'settled',
    ]);
  });

  it('a question found when the action starts (the roster check): asked if there is one, else straight on', async () => {
    expect(await run({ ask: async () => QUESTION }, false)).toEqual(['asked: Delete?']);
    expect(await run({ ask: async () => null, act: async () => ({ title: 'Accepted' }) })).toEqual(['act', 'toast: Accepted', 'settled']);
  });
});
