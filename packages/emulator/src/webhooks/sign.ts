// X-Neynar-Signature: hex HMAC-SHA512 of the exact raw body, keyed with the webhook's secret. The
// delivery thread (sender.ts) computes it; the SDK's verifyWebhookSignature checks it.
export const SIGNATURE_HEADER = 'x-neynar-signature';
export const SIGNATURE_ALGORITHM = 'sha512';
