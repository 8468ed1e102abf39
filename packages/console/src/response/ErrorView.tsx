// Errors as the SDK types them: API errors with status, message and offending property; transport
// failures with what went wrong on the way.
import { ApiError, RequiredError, TransportError } from '@castkit/sdk/2.x';
import { statusText } from './format';
import { JsonTree } from './JsonTree';

export function ErrorView({ error }: { error: Error }) {
  if (error instanceof ApiError) {
    return (
      <div role="alert" className="space-y-2 rounded border border-red-300 bg-red-50 p-3 text-sm">
        <p className="font-semibold text-red-900">
          <span data-testid="error-status">{statusText(error.status)}</span> — {error.name}
        </p>
        {error.apiMessage && (
          <p data-testid="error-message" className="text-red-900">
            {error.apiMessage}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-red-900">
          {error.property && (
            <>
              <dt className="font-semibold">property</dt>
              <dd data-testid="error-property" className="font-mono">
                {error.property}
              </dd>
            </>
          )}
          {error.code && (
            <>
              <dt className="font-semibold">code</dt>
              <dd className="font-mono">{error.code}</dd>
            </>
          )}
        </dl>
        {error.body !== undefined && typeof error.body === 'object' && (
          <JsonTree value={error.body} label="error body" />
        )}
      </div>
    );
  }
  const kind =
    error instanceof RequiredError
      ? 'Missing parameter'
      : error instanceof TransportError
        ? 'Network error'
        : 'Error';
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{kind}</p>
      <p data-testid="error-message">{error.message}</p>
    </div>
  );
}
