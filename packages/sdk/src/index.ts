// The package's root entry on Node: today's API, the 3.x surface (`@castkit/sdk/2.x` is 2.44's).
export * from './3x/index.js';
