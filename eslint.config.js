import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint-rules/layers.js';

// The lint holds the architecture's boundaries (docs/decisions/011). `layers/imports` (eslint-rules/layers.js) checks
// every import of app/ on its resolved path against the layer table: routes never reach the database, components
// never reach a server module, services never reach HTTP, db never reaches the services, domain stays free of server
// modules. The rules below keep the HTTP glue in app/web: a route reads its form through formAction
// (app/web/form-action.server.ts) or its JSON through apiRoute, and a service takes plain values.

/** A route reads a request body by hand: `request.formData()`, `request.json()`, `request.text()`. */
const bodyReadMessage = 'A route reads its body through app/web (formAction, apiRoute, readProviderEvent), never by hand.';
const handBodyRead = ['formData', 'json', 'text'].flatMap((method) => [
  { selector: `CallExpression[callee.object.name='request'][callee.property.name='${method}']`, message: bodyReadMessage },
  { selector: `CallExpression[callee.object.property.name='request'][callee.property.name='${method}']`, message: bodyReadMessage },
]);

/** A service takes plain values: no `Request` parameter, variable or type. */
const requestInService = [
  {
    selector: "TSTypeReference[typeName.name='Request']",
    message: 'Services take plain values; the Request stays in app/web and the routes.',
  },
];

/** File length, without blank lines and comments: a warning, to split by sub-task before it grows. */
const maxLines = (max) => ['warn', { max, skipBlankLines: true, skipComments: true }];

// TEMPORARY — the route files that still read their body by hand (request.formData/json/text). Each one is being
// moved to formAction; this block is deleted when they all are. Do not add files to it.
const routesStillReadingBodies = [
  'app/routes/admin+/assign.tsx',
  'app/routes/admin+/classes.tsx',
  'app/routes/admin+/classes_.$classId.tsx',
  'app/routes/admin+/payments_.automatic.tsx',
  'app/routes/admin+/students.tsx',
  'app/routes/admin+/students_.$studentId.tsx',
  'app/routes/admin+/students_.import_.$importId.tsx',
  'app/routes/admin+/teachers.tsx',
  'app/routes/admin+/teachers_.$teacherId.tsx',
  'app/routes/card-pay+/webhook.ts',
  'app/routes/member+/extend.tsx',
  'app/routes/member+/guardian.$token.tsx',
  'app/routes/member+/migration.tsx',
  'app/routes/member+/reset.$token.tsx',
  'app/routes/popup.$noticeId.$userId.tsx',
  'app/routes/super+/coaches.tsx',
  'app/routes/super+/content.$slug.$code.tsx',
  'app/routes/super+/inquiries.$id.tsx',
  'app/routes/super+/organisations.$academyId.tsx',
  'app/routes/super+/organisations.agencies.$agencyId.tsx',
  'app/routes/super+/organisations.branches.$branchId.tsx',
  'app/routes/super+/organisations.branches.new.tsx',
  'app/routes/super+/organisations.new.tsx',
  'app/routes/super+/payments.$paymentId.tsx',
  'app/routes/super+/prices.tsx',
  'app/routes/super+/problems.$setId._index.tsx',
  'app/routes/super+/problems.$setId.problem.$problemId.tsx',
  'app/routes/super+/problems.$setId.problem.new.tsx',
  'app/routes/super+/problems.new.tsx',
  'app/routes/super+/talk.templates.$templateId.tsx',
  'app/routes/super+/talk.templates.new.tsx',
  'app/routes/super+/tax.u.region.agency.tsx',
  'app/routes/super+/user_.$userId.tsx',
  'app/routes/super+/user_.new.tsx',
  'app/routes/talk+/new.tsx',
  'app/routes/talk+/webhook.ts',
  'app/routes/user+/__attempt.server.ts',
  'app/routes/user+/activity_.readingBook.note.$resultBookId.tsx',
  'app/routes/user+/before.$resultBookId.tsx',
  'app/routes/user+/book.$bookId.tsx',
  'app/routes/user+/book.like.tsx',
  'app/routes/user+/note.list.tsx',
];
// END TEMPORARY

export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', 'node_modules/**', 'data/**', 'tests/.tmp/**', 'drizzle/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Test helpers named use… are not React hooks.
  { files: ['tests/**', 'scripts/**', 'app/db/**', 'app/seed/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['app/**'], plugins: { layers }, rules: { 'layers/imports': 'error' } },
  { files: ['app/routes/**'], ignores: routesStillReadingBodies, rules: { 'no-restricted-syntax': ['error', ...handBodyRead] } },
  { files: ['app/routes/**'], rules: { 'max-lines': maxLines(300) } },
  { files: ['app/services/**'], rules: { 'no-restricted-syntax': ['error', ...requestInService], 'max-lines': maxLines(350) } },
);
