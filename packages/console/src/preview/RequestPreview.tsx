// The request as it will be sent — curl, castkit SDK, @neynar/nodejs-sdk — before anything is sent.
import type { OperationSpec } from '@castkit/sdk/2.x';
import { useState } from 'react';
import type { RequestCheck } from '../explorer/form-model';
import { CopyButton } from './CopyButton';
import { SNIPPET_LABELS, type SnippetKind, snippet } from './snippets';

const KINDS: SnippetKind[] = ['curl', 'castkit', 'neynar'];

export function RequestPreview({ op, check }: { op: OperationSpec; check: RequestCheck }) {
  const [kind, setKind] = useState<SnippetKind>('curl');
  const text = check.ok ? snippet(kind, op, check.request) : '';
  return (
    <section aria-labelledby="preview-title" className="min-w-0 space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="preview-title" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          Request preview
        </h2>
        <div className="flex items-center gap-2">
          {check.ok && <CopyButton text={text} label={`Copy ${SNIPPET_LABELS[kind]}`} />}
          <div role="tablist" aria-label="Preview format" className="flex gap-1">
            {KINDS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                id={`preview-tab-${k}`}
                aria-selected={k === kind}
                aria-controls="preview-panel"
                onClick={() => setKind(k)}
                className={`rounded px-2 py-0.5 text-xs ${k === kind ? 'bg-slate-800 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
              >
                {SNIPPET_LABELS[k]}
              </button>
            ))}
          </div>
        </div>
      </div>
      <div id="preview-panel" role="tabpanel" aria-labelledby={`preview-tab-${kind}`}>
        {check.ok ? (
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
            tabIndex={0}
            data-testid="preview-code"
            data-kind={kind}
            className="max-h-96 overflow-auto rounded bg-slate-900 p-3 text-xs leading-relaxed text-slate-100"
          >
            <code>{text}</code>
          </pre>
        ) : (
          <p
            data-testid="preview-blocked"
            className="rounded border border-dashed border-slate-300 p-3 text-sm text-slate-700"
          >
            Not ready to send: {check.message}
          </p>
        )}
      </div>
    </section>
  );
}
