import { describe, expect, it } from 'vitest';
import { overallProgress, useUploadProgressStore } from './useUploadProgressStore.ts';

describe('upload progress', () => {
  it('adds up every send in flight and forgets a finished one', () => {
    const store = useUploadProgressStore.getState();
    const a = store.start(6);
    const b = store.start(1);
    expect(overallProgress(useUploadProgressStore.getState().uploads)).toEqual({ files: 7, percent: 0 });
    store.progress(a, 30_000_000, 60_000_000);
    store.progress(b, 10_000_000, 10_000_000);
    expect(overallProgress(useUploadProgressStore.getState().uploads)).toEqual({ files: 7, percent: 57 });
    store.finish(b);
    expect(overallProgress(useUploadProgressStore.getState().uploads)).toEqual({ files: 6, percent: 50 });
    store.finish(a);
    expect(useUploadProgressStore.getState().uploads).toEqual([]);
  });
});
