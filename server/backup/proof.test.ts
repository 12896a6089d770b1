// Issue 53, item 10: the backup trigger's proof (`x-backup-proof`) never changed, so a captured one
// replayed (5 backups a minute), and five wrong proofs from anyone held back the real caller for a
// minute. A proof is now used once and only within a minute of its making; wrong ones are counted
// per address.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build.ts';
import { BACKUP_MESSAGES } from '../../src/domain/backup.ts';
import { backupProof, PROOF_WINDOW_MS } from './route.ts';
import { backupCommand } from './commands.ts';

const KEY = 'una frase larga que solo conoce la escuela';
let t: TestApp;
afterEach(async () => t?.close());

async function server() {
  t = await buildTestApp({ BACKUP_KEY: KEY });
  // BACKUP_DIR defaults to the working folder's 'respaldos': the test's own folder instead.
  t.config.backup.dir = path.join(t.dir, 'respaldos');
  return t;
}

const ask = (proof: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/respaldos/ahora',
    remoteAddress,
    headers: { 'x-account-id': t.config.accountId, 'x-backup-proof': proof },
  });

const archives = async () => (await readdir(t.config.backup.dir).catch(() => [])).length;

describe('the backup trigger (issue 53, item 10)', () => {
  it('a captured proof replayed makes no second backup', async () => {
    await server();
    const captured = backupProof(KEY);
    const first = await ask(captured);
    expect(first.statusCode, first.body).toBe(200);
    expect(await archives()).toBe(1);
    for (let replay = 0; replay < 4; replay += 1) {
      const again = await ask(captured);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ status: 'ERROR', message: 'No encontrado.' });
    }
    expect(await archives()).toBe(1);
    // The key holder makes another with a new proof.
    expect((await ask(backupProof(KEY))).statusCode).toBe(200);
  });

  it('refuses a proof made too long ago, or one made with another key', async () => {
    await server();
    expect((await ask(backupProof(KEY, Date.now() - PROOF_WINDOW_MS - 5_000))).statusCode).toBe(404);
    expect((await ask(backupProof('otra frase larga que no es la clave'))).statusCode).toBe(404);
    expect(await archives()).toBe(0);
  });

  it('twenty wrong proofs hold back wrong proofs from that address, never the real caller', async () => {
    await server();
    const wrongProof = () => `${Date.now()}.${'0'.repeat(32)}.${'f'.repeat(64)}`;
    // From the server's own machine, as the real caller, and from elsewhere.
    for (const attacker of ['127.0.0.1', '203.0.113.7']) {
      // The five wrong proofs, then more.
      const statuses = [];
      for (let guess = 0; guess < 20; guess += 1)
        statuses.push((await ask(wrongProof(), attacker)).statusCode);
      expect(statuses.slice(0, 5)).toEqual(Array.from({ length: 5 }, () => 404));
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      // The real caller, with the key, still gets its backup.
      const real = await ask(backupProof(KEY));
      expect(real.statusCode, real.body).toBe(200);
      const held = await ask(wrongProof(), attacker);
      expect(held.json().message).toBe(BACKUP_MESSAGES.tooManyProofs);
    }
  });

  it('npm run backup asks the running server with a fresh proof each time', async () => {
    await server();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const config = { ...t.config, host: '127.0.0.1', port };
    const lines: string[] = [];
    expect(await backupCommand(config, (line) => lines.push(line))).toBe(0);
    expect(await backupCommand(config, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([
      expect.stringMatching(/^Respaldo guardado: /),
      expect.stringMatching(/^Respaldo guardado: /),
    ]);
    expect(await archives()).toBeGreaterThanOrEqual(1);
  });
});
