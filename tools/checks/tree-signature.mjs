// What the checks read, reduced to one digest: every file git would see in the working tree (tracked,
// or new and not ignored), each by path and content, npm's record of what is installed, and the
// files of any folder outside the tree they read (the specs codegen reads). The checks are functions
// of exactly these (the type-checks also read node_modules' declarations, which only change when an
// install rewrites node_modules/.package-lock.json), so an equal digest means an equal outcome.
// Content, not times: a copy that keeps old times still counts as a change.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, sorted; `dir` itself when it is a file or missing. */
function filesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [dir];
  }
  return entries
    .map((e) => join(dir, e.name))
    .sort()
    .flatMap((path) => filesUnder(path));
}

/**
 * The digest of `root`'s tree as the checks see it, with every file under the `outside` folders, or
 * null where git cannot list the tree.
 */
export function treeSignature(root, outside = []) {
  let listed;
  try {
    listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return null;
  }
  // A file both staged and changed is listed once per stage; sorted, so the order git prints is moot.
  const paths = [...new Set(listed.split('\0').filter(Boolean))].sort().map((path) => join(root, path));
  paths.push(join(root, 'node_modules', '.package-lock.json'));
  for (const dir of outside) paths.push(...filesUnder(dir));
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\0`);
  for (const path of paths) {
    let content;
    try {
      content = readFileSync(path);
    } catch (error) {
      // Deleted but still tracked, a folder's symlink, a folder not there: absence is a state too.
      content = Buffer.from(`unreadable ${error.code}`);
      hash.update('!');
    }
    // Each content's length goes first, so no two different trees can run together into one stream.
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}
