// Form, live request preview and the Send button for one operation. The preview and the send share
// one `checkRequest` result, built by the SDK's pure `buildRequest`, so they cannot disagree.
import type { OperationSpec } from '@castkit/sdk/2.x';
import { useMemo, useState } from 'react';
import { RequestPreview } from '../preview/RequestPreview';
import { fieldId } from './fields/Field';
import { type BuildContext, checkRequest, type FormValues, RAW_BODY, type RequestCheck } from './form-model';
import { OperationForm } from './OperationForm';

interface Props {
  op: OperationSpec;
  values: FormValues;
  rawBody: string | undefined;
  context: BuildContext;
  onChange: (values: FormValues) => void;
  onRawBodyChange: (raw: string | undefined) => void;
  onSend: (check: Extract<RequestCheck, { ok: true }>) => void;
  sending?: boolean;
  onCancel?: () => void;
}

export function RequestBuilder({
  op,
  values,
  rawBody,
  context,
  onChange,
  onRawBodyChange,
  onSend,
  sending,
  onCancel,
}: Props) {
  const check = useMemo(() => checkRequest(op, values, rawBody, context), [op, values, rawBody, context]);
  // Field errors appear once the user tried to send (or typed something unusable), not on a fresh form.
  const [attempted, setAttempted] = useState(false);
  const shownErrors = check.ok || (check.missing && !attempted) ? {} : check.errors;

  const send = () => {
    setAttempted(true);
    if (check.ok) onSend(check);
    else {
      const target = check.field === RAW_BODY ? 'raw-body' : op.params.find((p) => p.key === check.field);
      const id = typeof target === 'string' ? target : target ? fieldId(target) : undefined;
      if (id) document.getElementById(id)?.focus();
    }
  };

  return (
    <form
      aria-label={`${op.name} request`}
      className="grid gap-6 lg:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
          e.preventDefault();
          send();
        }
      }}
    >
      <div className="space-y-4">
        <OperationForm
          op={op}
          values={values}
          rawBody={rawBody}
          errors={shownErrors}
          onChange={onChange}
          onRawBodyChange={onRawBodyChange}
        />
        {attempted && !check.ok && (
          <div
            role="alert"
            className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {check.message}
          </div>
        )}
        <div className="flex items-center gap-3">
          <button
            type="submit"
            disabled={sending}
            className="rounded bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
          >
            {sending ? 'Sending…' : 'Send request'}
          </button>
          {sending && onCancel && (
            <button type="button" onClick={onCancel} className="text-sm text-slate-700 underline">
              Cancel
            </button>
          )}
          <span className="text-xs text-slate-600">Ctrl/⌘ Enter sends</span>
        </div>
      </div>
      <RequestPreview op={op} check={check} />
    </form>
  );
}
