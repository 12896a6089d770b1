// `npm run standin:dgii`: the DGII stand-in (server/testing/dgii-standin.ts) on a fixed port, for
// developers: it prints the settings that point the app at it and a test certificate it accepts
// (made now, deleted on exit). Faults on demand with POST /_standin/faults (see the stand-in).
// Never for production: with ECF_ENV=eCF the server refuses DGII_ECF_URL and DGII_FC_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDgiiStandin } from '../server/testing/dgii-standin.ts';
import { schoolP12In } from '../server/testing/ecf.ts';

const port = Number(process.env.DGII_STANDIN_PORT ?? 4010);
const standin = await startDgiiStandin({ port });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dgii-standin-'));
// A throwaway certificate: the stand-in checks signatures against the certificate they carry.
const password = 'prueba';
const p12 = schoolP12In(dir, password);
process.stdout.write(
  [
    '',
    `  DGII (stand-in local): ${standin.url}`,
    '  Arranque la aplicación en otra terminal con:',
    `    ECF_ENV=TesteCF ECF_P12_FILE=${p12} ECF_P12_PASSWORD=${password} \\`,
    `    DGII_ECF_URL=${standin.url} DGII_FC_URL=${standin.url} npm start`,
    '  Fallas a pedido (JSON): down, processing, reject, rejectSpendsNumber, expireTokens, slowMs, conditional,',
    '    slowAfterReceiptMs',
    `    curl -X POST ${standin.url}/_standin/faults -d '{"down":true}'`,
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    fs.rmSync(dir, { recursive: true, force: true });
    void standin.close().finally(() => process.exit(0));
  });
