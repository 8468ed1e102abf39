// Seed templates: a new project's database starts as a copy of one seeded before, instead of
// seeding again (~1.6 s of CPU for the small seed). One file per seed, size and code version in a
// cache folder. Seeded times are anchored to the clock at seeding: on the real clock a template is
// used while its activity is recent (trending and feeds look at the last hours); an emulator on a
// fixed clock of its own (tests) uses only a template seeded at that same instant, at any age.
import { createHash } from 'node:crypto';
import {
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_SCHEMA_VERSION } from '../store/migrations.js';
import type { SeedSize } from './constants.js';

/** Older templates are seeded again: their activity would be this much in the past. */
export const TEMPLATE_MAX_AGE_MS = 6 * 3600 * 1000;

/** Where templates live: CASTKIT_CACHE_DIR, else the user's cache folder. `off` disables them. */
export function defaultSeedCache(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CASTKIT_CACHE_DIR === 'off') return undefined;
  if (env.CASTKIT_CACHE_DIR) return env.CASTKIT_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'castkit', 'seeds');
}

let codeVersion: string | undefined;
function version(): string {
  codeVersion ??= codeVersionOf(fileURLToPath(import.meta.url));
  return codeVersion;
}

/**
 * What the seeded rows depend on besides seed and size: the schema, and the code that seeds them.
 * From sources (`module` is this .ts file) every file of src counts: the seed reaches into the domain
 * writes, the ledger and the schemas, and a template seeded by other code (another branch's seed of
 * trades) must not load. Built (a .js file), every script beside it counts: a bundler splits the seed
 * generator, the domain writes and this module into chunks of its own, and hashing this module's chunk
 * alone kept a template seeded by a release whose seed code lived in another chunk.
 */
export function codeVersionOf(module: string): string {
  const hash = createHash('sha256');
  const files = module.endsWith('.ts') ? sourceFiles(join(module, '..', '..')) : scriptsBeside(module);
  for (const file of files) if (existsSync(file)) hash.update(basename(file)).update(readFileSync(file));
  return `s${LATEST_SCHEMA_VERSION}-${hash.digest('hex').slice(0, 12)}`;
}

function scriptsBeside(module: string): string[] {
  const dir = dirname(module);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(dir, entry.name))
    .sort();
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Which template: seed, size, and the fixed clock's instant the seed is anchored to (none: the real clock). */
export interface TemplateKey {
  seed: number;
  size: SeedSize;
  fixedNow?: number;
}

export function templatePath(cache: string, key: TemplateKey): string {
  const at = key.fixedNow === undefined ? '' : `-at${key.fixedNow}`;
  return join(cache, `${key.size}-${key.seed}${at}-${version()}.db`);
}

/** A template of the real clock is stale once its activity is too far in the past; a fixed clock's never. */
function usable(template: string, key: TemplateKey, now: number): boolean {
  const age = now - statSync(template).mtimeMs;
  return key.fixedNow !== undefined || age <= TEMPLATE_MAX_AGE_MS;
}

/**
 * Copies a usable template to `db` (a file that does not exist yet). False when there is none, or
 * the copy lost a race with another process creating `db`.
 */
export function copyTemplate(cache: string, key: TemplateKey, db: string, now: number): boolean {
  const template = templatePath(cache, key);
  try {
    if (!usable(template, key, now)) return false;
    copyFileSync(template, db, constants.COPYFILE_EXCL);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the just-seeded database as the template through `exportTo` (Snapshots' export), into a new
 * file renamed into place: readers see a whole one.
 */
export function saveTemplate(cache: string, key: TemplateKey, exportTo: (file: string) => void): void {
  const template = templatePath(cache, key);
  const partial = `${template}.${process.pid}.partial`;
  try {
    mkdirSync(cache, { recursive: true });
    exportTo(partial);
    renameSync(partial, template);
    prune(cache);
  } catch {
    // A cache that cannot be written costs the next project a seeding, nothing else; in a folder
    // that cannot be made or entered (ENOTDIR, EACCES) removing the partial file fails too.
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written there.
    }
  }
}

/** Templates kept per code version: enough for a few seeds and clocks, each about 13 MB. */
export const MAX_TEMPLATES = 8;

/**
 * Another code version's templates stay this long after they were written: two installs used side
 * by side (a project's dist and a checkout's sources, two projects on different releases) would
 * otherwise delete each other's on every save and seed again at every start.
 */
export const OTHER_VERSION_KEPT_MS = 24 * 3600 * 1000;

/** All templates in the cache, whatever their version: the bound on what it holds. */
export const MAX_CACHED_TEMPLATES = 2 * MAX_TEMPLATES;

/**
 * Keeps this version's newest MAX_TEMPLATES, and another version's for a day after it was written
 * (every edit of the sources makes one); past MAX_CACHED_TEMPLATES in all, the least recently
 * written go: the cache must not grow without bound.
 */
function prune(cache: string): void {
  const mine = `-${version()}.db`;
  const now = Date.now();
  const all = readdirSync(cache)
    .filter((f) => f.endsWith('.db'))
    .map((f) => ({ f, at: statSync(join(cache, f)).mtimeMs, ours: f.endsWith(mine) }))
    .sort((a, b) => b.at - a.at);
  let ours = 0;
  let kept = 0;
  for (const t of all) {
    const keep = t.ours ? ++ours <= MAX_TEMPLATES : now - t.at <= OTHER_VERSION_KEPT_MS;
    if (keep && ++kept <= MAX_CACHED_TEMPLATES) continue;
    rmSync(join(cache, t.f), { force: true });
  }
}

/**
 * Seeded databases kept in this process as images (a serialized in-memory database): a later
 * in-memory emulator of the same seed, size and clock starts as a copy of one (tens of ms) instead
 * of seeding again. A few at most; each is about the database's size (13 MB, small seed).
 */
const images = processImages();
const MAX_IMAGES = 4;

/**
 * Kept on the process's global object, not in this module: a test runner that loads modules again
 * for each test file (vitest's isolation) still finds the images of the files before.
 */
function processImages(): Map<string, { bytes: Buffer; at: number }> {
  const key = Symbol.for('castkit.emulator.seedImages');
  const found: unknown = Reflect.get(globalThis, key);
  if (found instanceof Map) return found;
  const made = new Map<string, { bytes: Buffer; at: number }>();
  Reflect.set(globalThis, key, made);
  return made;
}

/** What a seeded image depends on: seed, size, code version, and the clock's start when fixed. */
export function imageKey(seed: number, size: SeedSize, fixedNow: number | undefined): string {
  return `${size}-${seed}-${version()}-${fixedNow ?? 'real'}`;
}

/** A recent image kept under `key`, or undefined. */
export function keptImage(key: string, now: number): Buffer | undefined {
  const kept = images.get(key);
  if (!kept || now - kept.at > TEMPLATE_MAX_AGE_MS) return undefined;
  return kept.bytes;
}

export function keepImage(key: string, bytes: Buffer, now: number): void {
  images.delete(key);
  if (images.size >= MAX_IMAGES) images.delete(images.keys().next().value ?? '');
  images.set(key, { bytes, at: now });
}

/** A usable template file of `cache` as an image an in-memory database opens, or undefined. */
export function readTemplate(cache: string, key: TemplateKey, now: number): Buffer | undefined {
  const template = templatePath(cache, key);
  try {
    if (!usable(template, key, now)) return undefined;
    return asRollbackJournal(readFileSync(template));
  } catch {
    return undefined;
  }
}

/**
 * The header's read and write versions say WAL (2) in a copy of a WAL database; an in-memory
 * database opened from such an image cannot be read, so they are set to rollback journal (1).
 */
function asRollbackJournal(bytes: Buffer): Buffer {
  if (bytes.length >= 100 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1;
    bytes[19] = 1;
  }
  return bytes;
}
