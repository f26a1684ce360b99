// What the page's servers derive from the files of a build (route-hints' boot plan and page,
// serve-apps' route list and deployment id), worked out again only when one of those files has
// changed on disk: a rebuild or a release writes them anew, and a stat per request is enough to
// know (reading and hashing them on every response cost 0.3 ms each).
import { readFileSync, statSync } from 'node:fs';

/** A file's identity on disk: another inode, size or modification time is another file. */
const stampOf = (path) => {
  const stat = statSync(path, { throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : '-';
};

/**
 * `derive(key)` of `paths`, memoised on the files' stats and on `key` (what else the result
 * depends on, such as remotes.json's text).
 * @template T
 * @param {string[]} paths
 * @param {(key: string) => T} derive
 * @returns {(key?: string) => T}
 */
export function whenFilesChange(paths, derive) {
  let last = { stamp: '', value: /** @type {T} */ (/** @type {unknown} */ (undefined)) };
  return (key = '') => {
    const stamp = `${key}\0${paths.map(stampOf).join('|')}`;
    if (stamp !== last.stamp) last = { stamp, value: derive(key) };
    return last.value;
  };
}

/**
 * A file's parsed text, read again only when the file changes; null while it does not exist.
 * @template T
 * @param {string} file
 * @param {(text: string) => T} parse
 * @returns {() => T | null}
 */
export function fileWhenChanged(file, parse) {
  const read = whenFilesChange([file], () => {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null; // not there (yet): asked again next time
    }
    return parse(text);
  });
  return () => read();
}
