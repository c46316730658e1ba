import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The lint's boundaries (eslint.config.js, eslint-rules/layers.js) each fail on a planted violation, checked through
// ESLint's own API with the project's configuration: a file that is not on disk, linted as if it were at `filePath`.

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

// The first lint loads the configuration, the parser and the plugins (seconds on a busy machine): done once, here.
beforeAll(() => eslint.lintText('', { filePath: path.join(root, 'app/lib/planted.ts') }), 120_000);

type Found = { ruleId: string | null; messageId?: string; severity: number; message: string };

async function lint(filePath: string, code: string): Promise<Found[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result.messages.map(({ ruleId, messageId, severity, message }) => ({ ruleId, messageId, severity, message }));
}

/** The one problem the snippet is planted with: its rule (and message id), an error. */
async function expectOne(filePath: string, code: string, ruleId: string, messageId?: string) {
  const found = await lint(filePath, code);
  expect(found, JSON.stringify(found)).toHaveLength(1);
  expect(found[0].ruleId).toBe(ruleId);
  if (messageId) expect(found[0].messageId).toBe(messageId);
  expect(found[0].severity).toBe(2);
  return found[0];
}

const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n') + '\n';

describe('the layers (layers/imports, on the resolved path)', () => {
  it('a route importing the schema by a relative path fails like the alias', async () => {
    const relative = await expectOne(
      'app/routes/admin+/planted.tsx',
      "import { users } from '../../db/schema';\nexport const table = users;\n",
      'layers/imports',
      'layer',
    );
    expect(relative.message).toContain('app/routes may not import db');
    await expectOne(
      'app/routes/admin+/planted.tsx',
      "import { users } from '~/db/schema';\nexport const table = users;\n",
      'layers/imports',
      'layer',
    );
  });

  it('a route importing drizzle fails, and so does a type-only import of the database', async () => {
    await expectOne('app/routes/planted.tsx', "import { eq } from 'drizzle-orm';\nexport const same = eq;\n", 'layers/imports', 'layer');
    await expectOne(
      'app/routes/planted.tsx',
      "import type { Database } from '~/db/client.server';\nexport type Handle = Database;\n",
      'layers/imports',
      'layer',
    );
  });

  it('a route re-exporting the database fails', async () => {
    await expectOne('app/routes/planted.tsx', "export { db } from '~/db/client.server';\n", 'layers/imports', 'layer');
  });

  it('a service importing @remix-run/node fails', async () => {
    await expectOne(
      'app/services/planted.server.ts',
      "import { json } from '@remix-run/node';\nexport const answer = () => json({});\n",
      'layers/imports',
      'layer',
    );
  });

  it('a service importing the web layer or a route fails', async () => {
    await expectOne(
      'app/services/planted.server.ts',
      "import { redirectWithFlash } from '../web/http.server';\nexport const go = redirectWithFlash;\n",
      'layers/imports',
      'layer',
    );
    await expectOne(
      'app/services/academy/planted.server.ts',
      "import { loader } from '~/routes/readyz';\nexport const l = loader;\n",
      'layers/imports',
      'layer',
    );
  });

  it('a component importing a service fails (a server module in the browser)', async () => {
    await expectOne(
      'app/components/planted.tsx',
      "import type { listTests } from '~/services/problems/pages.server';\nexport type Rows = Awaited<ReturnType<typeof listTests>>;\n",
      'layers/imports',
      'server',
    );
  });

  it('a component importing the root route or the web layer fails', async () => {
    await expectOne(
      'app/components/planted.tsx',
      "import type { loader } from '~/root';\nexport type RootLoader = typeof loader;\n",
      'layers/imports',
      'layer',
    );
    await expectOne(
      'app/components/planted.tsx',
      "import { listHref } from '../web/list.server';\nexport const href = listHref;\n",
      'layers/imports',
      'server',
    );
  });

  it('domain importing a .server module fails', async () => {
    await expectOne(
      'app/domain/planted.ts',
      "import { config } from '~/config.server';\nexport const c = config;\n",
      'layers/imports',
      'server',
    );
    await expectOne(
      'app/domain/planted.ts',
      "import { log } from '../lib/log.server';\nexport const l = log;\n",
      'layers/imports',
      'server',
    );
  });

  it('domain importing the database, even for a type, fails', async () => {
    await expectOne(
      'app/domain/planted.ts',
      "import type { users } from '../db/schema';\nexport type Users = typeof users;\n",
      'layers/imports',
      'layer',
    );
  });

  it('db importing a service fails', async () => {
    await expectOne(
      'app/db/planted.server.ts',
      "import { findUser } from '../services/users.server';\nexport const f = findUser;\n",
      'layers/imports',
      'layer',
    );
  });

  it('the database client importing the demo seed fails, lazily too', async () => {
    await expectOne(
      'app/db/client.server.ts',
      "export async function seed() {\n  const { seedDemo } = await import('../seed/index.server');\n  return seedDemo;\n}\n",
      'layers/imports',
      'layer',
    );
  });

  it('lib importing domain fails (lib is the floor every layer stands on)', async () => {
    await expectOne(
      'app/lib/planted.ts',
      "import { BookStatus } from '~/domain/enums';\nexport const s = BookStatus;\n",
      'layers/imports',
      'layer',
    );
  });

  it('lib importing web fails', async () => {
    await expectOne('app/lib/planted.server.ts', "import '~/web/api-doc.server';\nexport const x = 1;\n", 'layers/imports', 'layer');
  });

  it('auth importing a service fails', async () => {
    await expectOne(
      'app/auth/planted.server.ts',
      "import { findUser } from '~/services/users.server';\nexport const f = findUser;\n",
      'layers/imports',
      'layer',
    );
  });

  it('the imports each layer may make pass', async () => {
    const clean: [string, string][] = [
      [
        'app/routes/admin+/planted.tsx',
        "import { formAction } from '~/web/form-action.server';\nimport { ListPage } from '~/components/list-page';\nimport { MESSAGES } from '../../messages';\nexport const parts = [formAction, ListPage, MESSAGES];\n",
      ],
      [
        'app/services/planted.server.ts',
        "import { eq } from 'drizzle-orm';\nimport { db } from '../db/client.server';\nimport { positiveInt } from '~/lib/numbers';\nexport const parts = [eq, db, positiveInt];\n",
      ],
      [
        'app/components/planted.tsx',
        "import { BookStatus } from '~/domain/enums';\nimport { firstError } from '~/lib/form-reply';\nexport const parts = [BookStatus, firstError];\n",
      ],
      [
        'app/domain/planted.ts',
        "import { seoulDay } from '../lib/dates';\nimport { MESSAGES } from '~/messages';\nexport const parts = [seoulDay, MESSAGES];\n",
      ],
      [
        'app/db/planted.server.ts',
        "import { users } from './schema';\nimport { config } from '~/config.server';\nexport const parts = [users, config];\n",
      ],
      ['app/web/planted.server.ts', "import { findUser } from '~/services/users.server';\nexport const f = findUser;\n"],
    ];
    for (const [filePath, code] of clean) expect(await lint(filePath, code), filePath).toEqual([]);
  });
});

describe('how routes and services meet HTTP', () => {
  it('a route calling request.formData(), request.json() or request.text() fails', async () => {
    for (const method of ['formData', 'json', 'text']) {
      await expectOne(
        'app/routes/admin+/planted.tsx',
        `export async function action({ request }: { request: Request }) {\n  return request.${method}();\n}\n`,
        'no-restricted-syntax',
      );
    }
    await expectOne(
      'app/routes/admin+/planted.tsx',
      'export async function action(args: { request: Request }) {\n  return args.request.formData();\n}\n',
      'no-restricted-syntax',
    );
  });

  it('a page route importing zod fails (it would ship zod to the browser); a type import and the protocol module pass', async () => {
    await expectOne(
      'app/routes/user+/planted.tsx',
      "import { z } from 'zod';\nexport function s() {\n  return z.object({});\n}\n",
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await lint('app/routes/user+/planted.tsx', "import type { z } from 'zod';\nexport type S = z.ZodTypeAny;\n")).toEqual([]);
    expect(
      await lint(
        'app/routes/user+/planted.tsx',
        "import { z } from '~/web/form-action.server';\nexport function s() {\n  return z.object({});\n}\n",
      ),
    ).toEqual([]);
  });

  it('a page route building a schema at module load fails; inside its action it passes', async () => {
    const imports = "import { formAction, z } from '~/web/form-action.server';\nexport const door = formAction;\n";
    await expectOne(
      'app/routes/user+/planted.tsx',
      `${imports}const schema = z.object({});\nexport const x = schema;\n`,
      'no-restricted-syntax',
    );
    await expectOne('app/routes/user+/planted.tsx', `${imports}export const schema = z.object({}).extend({});\n`, 'no-restricted-syntax');
    expect(
      await lint(
        'app/routes/user+/planted.tsx',
        `${imports}export async function action(args: never) {\n  return formAction(args, { schema: z.object({}) } as never);\n}\n`,
      ),
    ).toEqual([]);
  });

  it('a route reading a fetch response, not its request, passes', async () => {
    expect(await lint('app/routes/planted.tsx', "export async function loader() {\n  return (await fetch('/x')).json();\n}\n")).toEqual([]);
  });

  it('a service taking a Request fails', async () => {
    await expectOne(
      'app/services/planted.server.ts',
      'export function origin(request: Request) {\n  return request.url;\n}\n',
      'no-restricted-syntax',
    );
    await expectOne(
      'app/services/planted.server.ts',
      'export type Input = { request: Request };\nexport const none: Input[] = [];\n',
      'no-restricted-syntax',
    );
  });

  it('a service taking plain values passes', async () => {
    expect(
      await lint('app/services/planted.server.ts', 'export function origin(url: string) {\n  return new URL(url).origin;\n}\n'),
    ).toEqual([]);
  });
});

describe('file length (max-lines, a warning)', () => {
  it('warns over 300 lines of code in a route and 350 in a service', async () => {
    const route = await lint(
      'app/routes/planted.tsx',
      lines(301, (i) => `export const a${i} = ${i};`),
    );
    expect(route.map((m) => [m.ruleId, m.severity])).toEqual([['max-lines', 1]]);
    expect(
      await lint(
        'app/routes/planted.tsx',
        lines(300, (i) => `export const a${i} = ${i};`),
      ),
    ).toEqual([]);
    const service = await lint(
      'app/services/planted.server.ts',
      lines(351, (i) => `export const a${i} = ${i};`),
    );
    expect(service.map((m) => [m.ruleId, m.severity])).toEqual([['max-lines', 1]]);
    expect(
      await lint(
        'app/services/planted.server.ts',
        lines(350, (i) => `export const a${i} = ${i};`),
      ),
    ).toEqual([]);
  });

  it('does not count blank lines and comments', async () => {
    const code = lines(300, (i) => `export const a${i} = ${i};`) + lines(100, (i) => (i % 2 ? '' : `// note ${i}`));
    expect(await lint('app/routes/planted.tsx', code)).toEqual([]);
  });
});
