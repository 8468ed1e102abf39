// Makes a child process report, on stderr and the moment it happens, each load of the packages a
// test watches: ES modules through a resolve hook (run on the loader's thread), CommonJS through
// the module loader, whoever requires them. Pass `nodeOptions` in the child's NODE_OPTIONS.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LoadProbe {
  nodeOptions: string;
  /** The watched packages the child's stderr so far says were loaded, sorted. */
  loaded: (stderr: string) => string[];
}

/** Writes the probe's files into `dir`; `watched` names packages, e.g. ['viem', '@farcaster/core']. */
export function loadProbe(dir: string, watched: string[]): LoadProbe {
  const pattern = new RegExp(`node_modules/(${watched.map((w) => w.replace(/[/.]/g, '\\$&')).join('|')})/`);
  const report = `const m = ${pattern}.exec(found); if (m) process.stderr.write('loaded ' + m[1] + '\\n');`;
  writeFileSync(
    join(dir, 'load-hooks.mjs'),
    `export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const found = resolved.url;
  ${report}
  return resolved;
}
`,
  );
  writeFileSync(
    join(dir, 'load-register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'load-hooks.mjs')).href)});\n`,
  );
  writeFileSync(
    join(dir, 'load-probe.cjs'),
    `const Module = require('node:module');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exported = load.apply(this, arguments);
  const found = Module._resolveFilename(request, parent, isMain);
  ${report}
  return exported;
};
`,
  );
  return {
    nodeOptions: `--require ${join(dir, 'load-probe.cjs')} --import ${join(dir, 'load-register.mjs')}`,
    loaded: (stderr) => [...new Set([...stderr.matchAll(/^loaded (\S+)$/gm)].map((m) => m[1]!))].sort(),
  };
}
