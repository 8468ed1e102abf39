// The package's root entry in browsers and other fetch-only runtimes (`./2x`).
export * from './2x/browser.js';
