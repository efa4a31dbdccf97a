// wouter imports useSyncExternalStore from use-sync-external-store's shim, written for React before
// 18; React 19 has the hook, so the build points that import here (vite.config.ts) and the first
// screens do not carry the shim (0.7 KB before compression).
export { useSyncExternalStore } from 'react';
