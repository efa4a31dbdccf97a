// Where the app's passing lines show (a toast, the upload bar): in a place kept for them, never over
// a control or a heading (issue 43). Each place registers while it is on screen: the band under the
// navigation (components/StatusBand.tsx) and the strip above each open dialog's buttons
// (components/DialogStatus.tsx). The lines show in one place only, the top one: the newest dialog's,
// else the band's. With neither (signed out), App.tsx shows them itself.
import { useEffect, useId } from 'react';
import { create } from 'zustand';

/** A page's band is under every dialog, whichever registered first. */
export type StatusHostLevel = 'page' | 'dialog';

interface Host {
  id: string;
  level: StatusHostLevel;
}

interface StatusHostState {
  hosts: Host[];
}

export const useStatusHostStore = create<StatusHostState>(() => ({ hosts: [] }));

/** The place the lines show now, or null when none is registered. */
export function topHost(hosts: readonly Host[]): string | null {
  const dialogs = hosts.filter((h) => h.level === 'dialog');
  return (dialogs.at(-1) ?? hosts.at(-1))?.id ?? null;
}

/** Registers this place while it is mounted; answers whether the lines show here now. */
export function useStatusHost(level: StatusHostLevel): boolean {
  const id = useId();
  useEffect(() => {
    useStatusHostStore.setState((s) => ({ hosts: [...s.hosts, { id, level }] }));
    return () => useStatusHostStore.setState((s) => ({ hosts: s.hosts.filter((h) => h.id !== id) }));
  }, [id, level]);
  return useStatusHostStore((s) => topHost(s.hosts) === id);
}

/** Whether any place is registered (the toast floats at the foot of the window when none is). */
export const useHasStatusHost = () => useStatusHostStore((s) => s.hosts.length > 0);

/** Whether the band under the navigation is there (App.tsx shows the offline line and the prompt itself when not). */
export const useHasStatusBand = () => useStatusHostStore((s) => s.hosts.some((h) => h.level === 'page'));
