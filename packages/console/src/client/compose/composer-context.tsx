// What the composer is answering: nothing (a new cast), a reply, or a quote. Any cast's buttons
// set it; the composer in the layout reads it.
import type { CastWithInteractions } from '@castkit/sdk/2.x';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

export interface ComposeTarget {
  reply?: CastWithInteractions;
  quote?: CastWithInteractions;
}

interface ComposerState {
  target: ComposeTarget;
  open(target: ComposeTarget): void;
  clear(): void;
}

const Ctx = createContext<ComposerState>({ target: {}, open() {}, clear() {} });

export function ComposerProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<ComposeTarget>({});
  const value = useMemo<ComposerState>(
    () => ({
      target,
      open: (t) => {
        setTarget(t);
        document.getElementById('compose-text')?.focus();
      },
      clear: () => setTarget({}),
    }),
    [target],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useComposer = () => useContext(Ctx);
