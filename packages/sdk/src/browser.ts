// Browser and other fetch-only runtimes: clients default to the global fetch.

export { NeynarAPIClient } from './clients/api-client.js';
export { NeynarHubClient } from './clients/hub-client.js';
export * from './common.js';
