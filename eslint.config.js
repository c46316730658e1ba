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

/** A page module's `import { z } from 'zod'` ships zod to the browser even when only the action uses it. */
const zodInPage = {
  name: 'zod',
  allowTypeImports: true,
  message: "A page route takes z from '~/web/form-action.server' (a server module never reaches the browser).",
};

/** A schema built when a page module loads runs in the browser too, where `z` (from a server module) is empty. */
const zodAtModuleLoad = ['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].map((top) => ({
  selector: `${top} MemberExpression[object.name='z']:not(:function MemberExpression)`,
  message: 'A page route builds its schema inside the action (or in a .server module): at module load it would run in the browser.',
}));

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'public/build/**',
      'node_modules/**',
      'data/**',
      'tests/.tmp/**',
      'drizzle/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two rules of hooks. The plugin's recommended set (v7) adds the React Compiler's rules, which judge code
      // written for the compiler; the app renders with React 18 and no compiler (docs/decisions/034).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
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
  { files: ['app/routes/**'], rules: { 'no-restricted-syntax': ['error', ...handBodyRead] } },
  { files: ['app/routes/**'], rules: { 'max-lines': maxLines(300) } },
  {
    files: ['app/routes/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [zodInPage] }],
      'no-restricted-syntax': ['error', ...handBodyRead, ...zodAtModuleLoad],
    },
  },
  { files: ['app/services/**'], rules: { 'no-restricted-syntax': ['error', ...requestInService], 'max-lines': maxLines(350) } },
);
