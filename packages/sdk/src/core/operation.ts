// The shape of one entry in the generated operation tables (see tools/codegen).
import type { BodyEncoder } from './bodies.js';

export type ParamLocation = 'query' | 'header' | 'body' | 'path';

export interface ParamSpec {
  /** Name on the wire, exactly as the spec spells it (`viewer_fid`, `x-wallet-id`). */
  name: string;
  /** camelCase key callers use in the params object (`viewerFid`, `xWalletId`). */
  key: string;
  in: ParamLocation;
  required: boolean;
  /**
   * A header the client's configuration carries (3.x reads `x-wallet-id`, `x-neynar-experimental`
   * and `authorization` from `baseOptions.headers`): not among the method's params, and a required
   * one is looked for in the client's headers before the call is refused.
   */
  client?: boolean;
  /**
   * `csv`: sent comma-joined; `multi`: an array sent as the key repeated for each item (3.x);
   * `date`: `Date` or ISO string; `binary`: raw bytes.
   */
  type:
    | 'string'
    | 'integer'
    | 'number'
    | 'boolean'
    | 'array'
    | 'object'
    | 'csv'
    | 'multi'
    | 'date'
    | 'binary'
    | 'any';
  items?: string;
  enum?: readonly (string | number | boolean)[];
  minimum?: number;
  maximum?: number;
  default?: unknown;
  pattern?: string;
  format?: string;
  /** The spec marks the parameter deprecated. */
  deprecated?: boolean;
  /** Nested spec key names of a body field, so camelCase nested keys can be sent as the spec names them. */
  shape?: KeyShape;
  /** The value is the whole JSON body (the spec declares no fields for it), passed as `{ body }`. */
  whole?: boolean;
}

export interface KeyShape {
  [specName: string]: KeyShape | 0;
}

export interface OperationSpec {
  api: 'v2' | 'hub';
  /**
   * 3 for an entry of the 3.x table, whose main-API paths start at the API's root (`/v2/...`,
   * `/portal/...`); absent for 2.44's, whose main-API paths are relative to `/v2`.
   */
  generation?: 3;
  /** operationId in the spec. */
  id: string;
  /** Method name: camelCase of the operationId. */
  name: string;
  summary: string;
  tag: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /**
   * `wrapper`: the key a caller may pass the whole JSON body under instead of its fields
   * (`{ postCastReqBody }`, the camelCase of the body's schema name). `encoder` builds the body
   * (core/bodies.ts); named by the entry so only programs that send such bodies carry it.
   */
  body?: { kind: 'json' | 'multipart' | 'binary'; required: boolean; wrapper?: string; encoder: BodyEncoder };
  /** `false` when no success answer of the operation is declared as JSON; otherwise JSON is expected. */
  json?: false;
  /** The success status where the spec declares no 200 (a 201 for what it creates); 200 otherwise. */
  status?: number;
  /** How to walk the operation's pages: cursor parameter, path to the next cursor, path to the items. */
  paging?: { cursor: string; next: string[]; items?: string };
  /** The spec marks the operation deprecated. */
  deprecated?: boolean;
  params: ParamSpec[];
}

/** What one operation takes and gives, as the generated `*OperationTypes` maps spell it. */
export interface OperationTypes {
  params: unknown;
  response: unknown;
  item?: unknown;
}

declare const types: unique symbol;

/**
 * A table entry that also carries its parameter and response types (at compile time only), so
 * `client.call(lookupUserByUsername, { username })` is typed from the one entry it imports.
 */
export interface Operation<
  Api extends OperationSpec['api'] = OperationSpec['api'],
  T extends OperationTypes = OperationTypes,
> extends OperationSpec {
  api: Api;
  readonly [types]?: T;
}

/** An entry whose operation pages (v2 `cursor`, hub `pageToken`), so it can be walked. */
export interface Paged {
  paging: NonNullable<OperationSpec['paging']>;
}

/** The `{ params, response, item }` types an operation entry carries. */
export type TypesOf<Op> = Op extends { readonly [types]?: infer T } ? NonNullable<T> : never;
