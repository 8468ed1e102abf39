// The explorer screen: sidebar, the chosen operation's form and preview, the response and history.
// Its state lives in the URL (see router.tsx), so every screen is a link.

import { ApiError, type OperationSpec } from '@castkit/sdk';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { findOperation, fullPath, generationOf, operationKey, useCatalog } from '../api/catalog';
import type { Clients } from '../api/clients';
import { DEFAULT_GENERATION, generationLabel } from '../api/generation';
import { type Outcome, sendOperation } from '../api/send';
import { HistoryPanel } from '../history/HistoryPanel';
import { addHistory, clearHistory, readHistory } from '../history/history-store';
import { ResponseViewer } from '../response/ResponseViewer';
import { useEnv } from '../shell/env-context';
import { EmptyState } from './EmptyState';
import type { FormValues } from './form-model';
import { MethodBadge } from './MethodBadge';
import { OperationList } from './OperationList';
import { PALETTE_SHORTCUT } from './palette-hotkey';
import { RequestBuilder } from './RequestBuilder';

const EMPTY: FormValues = {};

interface SendVariables {
  clients: Clients;
  op: OperationSpec;
  params: Record<string, unknown>;
  values: FormValues;
  raw: string | undefined;
}

export function ExplorerPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate({ from: '/' });
  const generation = search.api ?? DEFAULT_GENERATION;
  const catalog = useCatalog(generation);
  const op = findOperation(catalog, search.op);
  const { clients, status } = useEnv();
  const [history, setHistory] = useState(() => readHistory());
  const abort = useRef<AbortController | null>(null);

  const context = useMemo(
    () =>
      op && clients
        ? { baseUrl: clients.baseUrlOf(op), apiKey: clients.apiKey }
        : { baseUrl: `${location.origin}/v2` },
    [op, clients],
  );

  const mutation = useMutation({
    mutationFn: async (v: SendVariables): Promise<Outcome> => {
      abort.current = new AbortController();
      return sendOperation(v.clients, v.op, v.params, abort.current.signal);
    },
    // Recorded from the variables of the send, not the URL, which may have moved on since.
    onSuccess: (outcome, v) => {
      setHistory(
        addHistory({
          at: Date.now(),
          op: operationKey(v.op),
          api: generationOf(v.op),
          in: v.values,
          raw: v.raw,
          status:
            outcome.kind === 'response'
              ? outcome.status
              : outcome.error instanceof ApiError
                ? outcome.error.status
                : undefined,
          ms: outcome.ms,
        }),
      );
    },
  });

  // A response belongs to the operation it answered; switching operations clears it.
  const { reset } = mutation;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the operation changes.
  useEffect(() => reset(), [search.op, generation, reset]);

  const setValues = (values: FormValues) =>
    navigate({ search: (s) => ({ ...s, in: values }), replace: true });
  const setRaw = (raw: string | undefined) => navigate({ search: (s) => ({ ...s, raw }), replace: true });

  return (
    <div className="flex min-h-0 flex-1">
      <OperationList current={search.op} generation={generation} catalog={catalog} />
      <main id="main" className="min-w-0 flex-1 overflow-y-auto p-6">
        {!op ? (
          <>
            {search.op && catalog && (
              <p role="alert" className="mb-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
                No {generationLabel(generation)} operation named “{search.op}”. Pick one from the list.
              </p>
            )}
            <EmptyState shortcut={PALETTE_SHORTCUT} generation={generation} catalog={catalog} />
            <div className="mx-auto max-w-xl">
              <HistoryPanel entries={history} onClear={() => setHistory(clearHistory())} />
            </div>
          </>
        ) : (
          <div key={`${generation}:${search.op}`} className="space-y-6">
            <header className="space-y-1">
              <div className="flex items-center gap-3">
                <MethodBadge method={op.method} />
                <h1 className="text-xl font-semibold">{op.name}</h1>
                <span className="rounded bg-slate-100 px-2 text-xs text-slate-700">
                  {op.api === 'v2' ? 'v2 API' : 'hub API'} · {op.tag}
                </span>
                <span
                  data-testid="op-generation"
                  className="rounded bg-indigo-50 px-2 text-xs text-indigo-900"
                >
                  SDK {generationLabel(generation)}
                </span>
              </div>
              <p className="font-mono text-sm text-slate-700">{fullPath(op)}</p>
              <p className="text-sm text-slate-700">{op.summary}</p>
            </header>
            {status === 'error' && (
              <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                The console could not reach its server (/_castkit/env); requests cannot be sent.
              </p>
            )}
            <RequestBuilder
              op={op}
              values={search.in ?? EMPTY}
              rawBody={search.raw}
              context={context}
              onChange={setValues}
              onRawBodyChange={setRaw}
              sending={mutation.isPending}
              onCancel={() => abort.current?.abort()}
              onSend={(check) =>
                clients &&
                mutation.mutate({
                  clients,
                  op,
                  params: check.params,
                  values: search.in ?? {},
                  raw: search.raw,
                })
              }
            />
            <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
              <ResponseViewer outcome={mutation.data} pending={mutation.isPending} />
              <HistoryPanel entries={history} onClear={() => setHistory(clearHistory())} />
            </div>
          </div>
        )}
      </main>
    </div>
  );
}
