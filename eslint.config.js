import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Sources linted with type information (typescript-eslint's recommendedTypeChecked). */
const typeChecked = [
  'apps/web/src/**/*.{ts,tsx}',
  'apps/web/build/**/*.ts',
  'packages/contract/src/**/*.ts',
  'apps/server/src/**/*.ts',
  'apps/server/test/**/*.ts',
];
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.ts'];

const webSrc = join(import.meta.dirname, 'apps/web/src');
const features = readdirSync(join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's import boundaries: a feature uses only itself and the shared folders (src/api, src/ui,
 * src/shared); nothing but main.tsx reaches into src/app (which puts the features together); the shared folders
 * know no feature.
 */
const webZones = [
  ...features.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to src/api, src/ui or src/shared.',
  })),
  ...['features', 'games', 'demos', 'showcase', 'api', 'ui', 'shared'].map((folder) => ({
    target: `./${folder}`,
    from: './app',
    message: 'Only main.tsx imports from src/app; what others need belongs in src/api, src/ui or src/shared.',
  })),
  {
    target: ['./api', './ui', './shared'],
    from: './features',
    message: 'Shared code knows no feature.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', '**/.turbo/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: typeChecked })),
  {
    files: typeChecked,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // ts-rest handlers and interface methods must return promises; `async` without `await` is the plain way.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // supertest types every answer body as `any`; the tests assert on those bodies, which is their point.
    files: serverTests,
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webZones }] },
  },
);
