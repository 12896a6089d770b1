// The app's version, from package.json: archives are named with it, and a restore says which
// version wrote one.
import { readFileSync } from 'node:fs';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
