// Radix returns focus to its own Trigger on close; the app's dialogs open from state instead (a
// button sets it, or a question is asked), so they remember what had the focus when they mounted
// and give it back when they close.
import { useState } from 'react';

export function useReturnFocus(): (event: Event) => void {
  const [previous] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  return (event: Event) => {
    event.preventDefault();
    if (previous?.isConnected) previous.focus();
  };
}
