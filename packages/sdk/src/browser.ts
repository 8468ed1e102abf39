// The package's root entry in browsers and other fetch-only runtimes: the 3.x surface.
export * from './3x/browser.js';
