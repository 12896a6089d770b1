// The JWT signing secret: required in production; in development it is generated once and
// kept under DATA_DIR so that tokens survive a restart without anyone having to set it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files.ts';

export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  await makePrivateDir(config.dataDir);
  await fs.writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}
