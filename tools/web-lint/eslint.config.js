// ESLint's rules for the playground's browser modules (src/evoplay/web/site/js): ES modules in
// a browser, no undeclared or unused names, and no HTML parsed from strings: the page builds
// its DOM with createElement and textContent (server text is never markup).
import js from '@eslint/js';
import globals from 'globals';

const noHtmlStrings = 'build elements with createElement and set textContent';

export default [
  js.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      'no-undef': 'error',
      'no-unused-vars': ['error', { args: 'after-used', caughtErrors: 'none' }],
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: noHtmlStrings },
        { property: 'outerHTML', message: noHtmlStrings },
        { property: 'insertAdjacentHTML', message: noHtmlStrings },
        { object: 'document', property: 'write', message: noHtmlStrings },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[property.value=/^(innerHTML|outerHTML)$/]",
          message: noHtmlStrings,
        },
      ],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'prefer-const': 'error',
      'no-var': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
];
