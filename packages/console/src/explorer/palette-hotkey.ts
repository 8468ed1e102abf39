// The Cmd/Ctrl-K hotkey apart from the palette itself, so the shell loads the palette only when opened.
import { useCallback, useEffect, useState } from 'react';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** How the palette's hotkey is written on this platform. */
export const PALETTE_SHORTCUT = isMac ? '⌘K' : 'Ctrl K';

export function useCommandPaletteHotkey() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.metaKey || e.ctrlKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((o) => !o);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return {
    open,
    show: useCallback(() => setOpen(true), []),
    hide: useCallback(() => setOpen(false), []),
    shortcut: PALETTE_SHORTCUT,
  };
}
