import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openApiDocument } from '~/web/api-doc.server';
import { apiTypesSource, SCHEMA_FILE } from './lib/api-types';

// npm run api:types: writes client/src/schema.d.ts from the OpenAPI document (`-- --check` only compares and fails
// when the file is not current).
const dir = path.resolve('app/routes/api+');
for (const file of fs.readdirSync(dir).filter((f) => /\.tsx?$/.test(f))) await import(pathToFileURL(path.join(dir, file)).href);
const source = await apiTypesSource(openApiDocument());
const current = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
if (process.argv.includes('--check')) {
  if (current !== source) {
    console.error(`${path.relative('.', SCHEMA_FILE)} is not current: run npm run api:types`);
    process.exit(1);
  }
  console.log(`${path.relative('.', SCHEMA_FILE)} is current`);
} else {
  fs.writeFileSync(SCHEMA_FILE, source);
  console.log(`wrote ${path.relative('.', SCHEMA_FILE)} (${Object.keys(openApiDocument().paths ?? {}).length} paths)`);
}
process.exit(0);
