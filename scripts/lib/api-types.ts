import path from 'node:path';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import * as prettier from 'prettier';

// The client's types (client/src/schema.d.ts) generated from the OpenAPI document of /api (openapi-typescript), so
// that the client's calls, parameters, bodies and answers follow the server's own zod schemas. The document is made
// in-process from the route modules' descriptions, as GET /api/openapi.json makes it.

export const SCHEMA_FILE = path.resolve('client/src/schema.d.ts');

const HEADER = `${COMMENT_HEADER}// Made by \`npm run api:types\` from the OpenAPI document of /api (GET /api/openapi.json); a test checks it is current.\n\n`;

/** The text of schema.d.ts for this document, formatted like the repository's files. */
export async function apiTypesSource(document: unknown): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)), { alphabetize: true });
  const source = HEADER + astToString(ast);
  const options = (await prettier.resolveConfig(SCHEMA_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: SCHEMA_FILE });
}
