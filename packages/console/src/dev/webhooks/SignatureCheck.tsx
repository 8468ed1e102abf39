// Checks an X-Neynar-Signature a receiver got against the delivery's body, with the SDK's
// verifyWebhookSignature, one secret at a time so the answer can say which secret signed it. The
// delivery log keeps the body as JSON, not the signature: the raw body is that JSON serialised
// again, which is byte for byte what was sent (the emulator sends JSON.stringify of the event).
import { verifyWebhookSignature, type WebhookSecret } from '@castkit/sdk/2.x';
import { useId, useState } from 'react';
import { inputClass, secondaryButtonClass } from '../DevPage';

type Verdict = { kind: 'match'; index: number; uid: string } | { kind: 'none'; secrets: number };

export function SignatureCheck({ payload, secrets }: { payload: unknown; secrets: WebhookSecret[] }) {
  const id = useId();
  const [signature, setSignature] = useState('');
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const check = async () => {
    const rawBody = JSON.stringify(payload);
    for (const [index, s] of secrets.entries()) {
      if (await verifyWebhookSignature({ rawBody, signature: signature.trim(), secrets: s.value })) {
        setVerdict({ kind: 'match', index, uid: s.uid });
        return;
      }
    }
    setVerdict({ kind: 'none', secrets: secrets.length });
  };
  return (
    <form
      className="space-y-1"
      aria-label="Signature check"
      onSubmit={(e) => {
        e.preventDefault();
        void check();
      }}
    >
      <label htmlFor={id} className="block text-sm font-medium">
        X-Neynar-Signature your receiver got
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          className={`${inputClass} flex-1 font-mono`}
          value={signature}
          spellCheck={false}
          onChange={(e) => {
            setSignature(e.target.value);
            setVerdict(undefined);
          }}
        />
        <button type="submit" className={secondaryButtonClass} disabled={signature.trim() === ''}>
          Check signature
        </button>
      </div>
      {verdict && (
        <p
          role="status"
          data-testid="signature-verdict"
          className={`text-sm ${verdict.kind === 'match' ? 'text-emerald-900' : 'text-red-900'}`}
        >
          {verdict.kind === 'match'
            ? `Valid: signed with secret ${verdict.uid} (${verdict.index === 0 ? 'the current signing secret' : 'an older secret, still valid'}).`
            : `Invalid: matches none of the webhook's ${verdict.secrets} secrets.`}
        </p>
      )}
    </form>
  );
}
