// tsx backend/src/db/database-types-cli.ts [--check] [--migrations=DIR]   (run through `node scripts/gen-db-types.mjs`)
import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from './database-types.ts';

const check = process.argv.includes('--check');
const started = Date.now();
const migrations = process.argv.find((arg) => arg.startsWith('--migrations='))?.slice('--migrations='.length);
const generated = await generateDatabaseTypes(migrations ? { migrationsDirs: [path.resolve(migrations)] } : {});
const current = fs.existsSync(DATABASE_TYPES_FILE) ? fs.readFileSync(DATABASE_TYPES_FILE, 'utf8') : null;
const name = path.relative(process.cwd(), DATABASE_TYPES_FILE);
if (check) {
  if (current !== generated) {
    console.error(`${name} is stale: it does not match supabase/migrations. Run \`node scripts/gen-db-types.mjs\` and commit the file with your migration.`);
    process.exit(1);
  }
  console.log(`${name} matches the migrations (${Date.now() - started} ms)`);
} else {
  fs.writeFileSync(DATABASE_TYPES_FILE, generated);
  console.log(`${current === generated ? 'unchanged' : 'wrote'} ${name} (${Date.now() - started} ms)`);
}
