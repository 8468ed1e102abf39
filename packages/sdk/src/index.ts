// The package's root entry on Node: the surface of @neynar/nodejs-sdk 2.44 for now (`./2x`).
export * from './2x/index.js';
