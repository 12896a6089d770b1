// Stands in for the 'use-sync-external-store/shim' package in the build (webpack.config.js):
// React 19 has the hook itself.
export { useSyncExternalStore } from 'react';
