// Import circles (issue 58): files that import each other, directly or in a ring, hide which one owns
// the rule. ESLint's import-x/no-cycle cannot see type-only imports (it skips them, with no option
// to count them), and a reader follows those the same way, so this check, run by `npm run lint`,
// refuses every circle under src/, server/ and mocks/, type-only imports included. The fix is
// usually to move the shared type down to a file both sides can import.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: move what both sides share down to a file of its own.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports count: TypeScript's dependencies before it erases them.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
