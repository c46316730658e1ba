import fs from 'node:fs';
import { expect, test } from 'vitest';
import { openApiDocument } from '~/web/api-doc.server';
import { apiTypesSource, SCHEMA_FILE } from '../../scripts/lib/api-types';

// The client's generated types (client/src/schema.d.ts) match the OpenAPI document the routes describe today.
await Promise.all(Object.values(import.meta.glob('../../app/routes/api+/*.ts')).map((load) => load()));

test('client/src/schema.d.ts is current (npm run api:types)', async () => {
  expect(fs.readFileSync(SCHEMA_FILE, 'utf8'), 'run npm run api:types').toBe(await apiTypesSource(openApiDocument()));
});
