import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The lint holds the architecture's boundaries (docs/decisions/011): routes never reach the ORM or the database,
// services never reach Remix or the routes, and app/domain stays free of server modules (pages import it).
const noOrmInRoutes = {
  patterns: [
    { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes call services; SQL lives in app/services.' },
    { group: ['~/db', '~/db/*', '~/db/**'], message: 'Routes call services; the database lives behind app/services.' },
  ],
};
const noRemixInServices = {
  patterns: [
    { group: ['@remix-run/*'], message: 'Services take plain values; HTTP belongs to app/web/http.server.ts and the routes.' },
    { group: ['~/routes', '~/routes/*', '~/routes/**'], message: 'Services never import routes.' },
  ],
};
const noServerInDomain = {
  patterns: [{ group: ['*.server', '~/**/*.server', './*.server'], message: 'app/domain is shared with the browser: no server modules.' }],
};

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
  { files: ['app/routes/**'], rules: { 'no-restricted-imports': ['error', noOrmInRoutes] } },
  { files: ['app/services/**'], rules: { 'no-restricted-imports': ['error', noRemixInServices] } },
  { files: ['app/domain/**'], rules: { 'no-restricted-imports': ['error', noServerInDomain] } },
);
