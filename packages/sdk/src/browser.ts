// Browser and other fetch-only runtimes: clients default to the global fetch.

export { NeynarAPIClient } from './clients/api-client.js';
export { CastkitClient, createClient, createHubClient } from './clients/castkit-client.js';
export { NeynarHubClient } from './clients/hub-client.js';
export * from './common.js';
