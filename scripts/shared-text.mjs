// The English shared's code writes beside an id (`sharedText(id, english, values)`, shared/src/
// formatLocale.ts): what an English page shows from the code itself, so shared's compiled English
// catalog leaves those messages out (scripts/i18n.mjs), and `--check` fails when the code's English
// and the catalog's differ. Read with TypeScript's parser, so quotes and escapes are the code's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import APPS from '../shared/src/apps.json' with { type: 'json' };

/** Where the apps' code is: shared and each app of the page. */
const CODE_FOLDERS = ['shared', ...APPS.map((app) => app.folder)];

/** Every non-test source file under `dir` (no node_modules, no compiled catalogs). */
function sources(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'node_modules' && name !== 'locales') files.push(...sources(path));
    } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/**
 * The messages said through `sharedText` with a literal id and English: id → the English of each
 * call and where it is. `onlyThere` is whether every mention of the id in the apps' code is such a
 * call (an id also read with `i18n._` needs the catalog's English on the page).
 * @param {string} root the repository
 * @returns {Map<string, { calls: { english: string, where: string }[], onlyThere: boolean }>}
 */
export function sharedTextMessages(root) {
  const found = new Map();
  for (const file of sources(join(root, 'shared', 'src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('sharedText(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'sharedText') {
        const [id, english] = node.arguments;
        if (id && english && ts.isStringLiteralLike(id) && ts.isStringLiteralLike(english)) {
          const where = `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
          const entry = found.get(id.text) ?? { calls: [], onlyThere: true };
          entry.calls.push({ english: english.text, where });
          found.set(id.text, entry);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  // mentions of each id anywhere in the apps' code, against its sharedText calls
  const code = CODE_FOLDERS.flatMap((folder) => sources(join(root, folder, 'src'))).map((file) => readFileSync(file, 'utf8'));
  for (const [id, entry] of found) {
    const mentions = code.reduce((sum, text) => sum + text.split(`'${id}'`).length - 1 + text.split(`"${id}"`).length - 1, 0);
    entry.onlyThere = mentions === entry.calls.length;
  }
  return found;
}
