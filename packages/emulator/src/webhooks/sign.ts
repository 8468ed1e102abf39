// X-Neynar-Signature: hex HMAC-SHA512 of the exact raw body, keyed with the webhook's secret.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-neynar-signature';

export function signBody(body: string | Uint8Array, secret: string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}
