// A control whose behaviour lives in a chunk of its own (the shell's Radix menus, docs/decisions/0032):
// the light control fetches the chunk when a pointer or the focus reaches it, and swaps to the real one
// when it is used, which then opens at once. Until then the first screen carries none of that code.
import { useCallback, useState } from 'react';

export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [activated, setActivated] = useState(false);
  const warm = useCallback(() => void load().catch(() => undefined), [load]);
  const activate = useCallback(() => setActivated(true), []);
  return { activated, warm, activate };
}
