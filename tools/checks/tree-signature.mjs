// A tree reduced to one digest: every file git would see in it (tracked, or new and not ignored) and
// every file under the extra inputs the caller names (files or folders git does not list), each by
// path, length and content. Content, not times: a copy that keeps old times still counts as a change.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `path`, sorted; `path` itself when it is a file or missing. */
function filesUnder(path) {
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return [path];
  }
  return entries
    .map((e) => join(path, e.name))
    .sort()
    .flatMap((child) => filesUnder(child));
}

/**
 * The digest of `root`'s tree with every file under `inputs` (and the Node version), or null where git
 * cannot list the tree.
 */
export function treeSignature(root, inputs = []) {
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
  // An unmerged file is listed once per stage; sorted, so the order git prints is moot.
  const paths = [...new Set(listed.split('\0').filter(Boolean))].sort().map((path) => join(root, path));
  for (const input of inputs) paths.push(...filesUnder(input));
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\0`);
  for (const path of paths) {
    let content;
    try {
      content = readFileSync(path);
    } catch (error) {
      // Deleted but still tracked, a folder's symlink, an input not there: absence is a state too.
      content = Buffer.from(`unreadable ${error.code}`);
      hash.update('!');
    }
    // Each content's length goes first, so no two different trees can run together into one stream.
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}
