// The seam between the pipeline and the platform: one function from request to raw response.
import type { BinaryBody } from '../core/body.js';

export interface TransportRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | BinaryBody | FormData;
  signal: AbortSignal;
}

export interface TransportResponse {
  status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Uint8Array;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
