// The signers this browser made, kept in localStorage so the list survives a reload and the trip
// through the approval screen. The API has no "list my signers" without a wallet signature.
export type KnownSigner = { kind: 'managed'; signerUuid: string } | { kind: 'developer'; publicKey: string };

const KEY = 'castkit-console-signers';

export const signerId = (s: KnownSigner) => (s.kind === 'managed' ? s.signerUuid : s.publicKey);

export function readKnownSigners(): KnownSigner[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter(isKnownSigner) : [];
  } catch {
    return [];
  }
}

export function addKnownSigner(signer: KnownSigner): KnownSigner[] {
  const list = [signer, ...readKnownSigners().filter((s) => signerId(s) !== signerId(signer))].slice(0, 50);
  localStorage.setItem(KEY, JSON.stringify(list));
  return list;
}

export function forgetKnownSigner(id: string): KnownSigner[] {
  const list = readKnownSigners().filter((s) => signerId(s) !== id);
  localStorage.setItem(KEY, JSON.stringify(list));
  return list;
}

function isKnownSigner(value: unknown): value is KnownSigner {
  const v = value as Partial<Record<string, unknown>> | null;
  return (
    !!v &&
    ((v.kind === 'managed' && typeof v.signerUuid === 'string') ||
      (v.kind === 'developer' && typeof v.publicKey === 'string'))
  );
}
