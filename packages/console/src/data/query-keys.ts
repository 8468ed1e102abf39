// Every cached read's key, in one place, so a mutation invalidates exactly the reads it changes.
// Keys start with the subject; the rest narrows it (a prefix invalidates all of a subject).
export const queryKeys = {
  signer: (signerUuid: string) => ['signer', signerUuid] as const,
  developerSigner: (publicKey: string) => ['developer-signer', publicKey] as const,
  castMetrics: (q: string, interval: string, authorFid: number | undefined) =>
    ['cast-metrics', q, interval, authorFid ?? null] as const,
  storage: (fid: number) => ['storage', fid] as const,
  webhooks: () => ['webhooks'] as const,
  clock: () => ['emulator-clock'] as const,
  snapshots: () => ['emulator-snapshots'] as const,
  deliveries: (webhookId: string) => ['webhook-deliveries', webhookId] as const,
};
