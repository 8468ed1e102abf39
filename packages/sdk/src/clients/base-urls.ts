// Where each generation's clients send requests unless told otherwise.

/** 2.44's main-API default: the root plus `/v2` (its paths are relative to `/v2`). */
export const API_V2_BASE_URL = 'https://api.neynar.com/v2';
/** 2.44's hub. */
export const HUB_API_BASE_URL = 'https://hub-api.neynar.com';
/** 3.x's main-API default: the API's root (its paths start with `/v2/...` or `/portal/...`). */
export const API_ROOT_URL = 'https://api.neynar.com';
/** 3.x's hub: Snapchain's HTTP API. */
export const SNAPCHAIN_API_BASE_URL = 'https://snapchain-api.neynar.com';

/** A generation's default base URL per API. */
export interface BaseUrls {
  v2: string;
  hub: string;
}

export const BASE_URLS_2: BaseUrls = { v2: API_V2_BASE_URL, hub: HUB_API_BASE_URL };
export const BASE_URLS_3: BaseUrls = { v2: API_ROOT_URL, hub: SNAPCHAIN_API_BASE_URL };
