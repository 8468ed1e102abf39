// Renders a RequestBuilder with its own state, as the explorer page does with the URL.
import type { OperationSpec } from '@castkit/sdk/2.x';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState } from 'react';
import type { FormValues, RequestCheck } from '../../src/explorer/form-model';
import { RequestBuilder } from '../../src/explorer/RequestBuilder';

export const TEST_CONTEXT = { baseUrl: 'http://emulator.test/v2', apiKey: 'castkit-dev-key' };

type Ok = Extract<RequestCheck, { ok: true }>;

function Harness({ op, onSend }: { op: OperationSpec; onSend: (c: Ok) => void }) {
  const [values, setValues] = useState<FormValues>({});
  const [raw, setRaw] = useState<string | undefined>();
  const context = op.api === 'v2' ? TEST_CONTEXT : { ...TEST_CONTEXT, baseUrl: 'http://emulator.test' };
  return (
    <RequestBuilder
      op={op}
      values={values}
      rawBody={raw}
      context={context}
      onChange={setValues}
      onRawBodyChange={setRaw}
      onSend={onSend}
    />
  );
}

export function renderBuilder(op: OperationSpec) {
  const sent: Ok[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <Harness op={op} onSend={(c) => sent.push(c)} />
    </QueryClientProvider>,
  );
  return { ...utils, sent };
}
