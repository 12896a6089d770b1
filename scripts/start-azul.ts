// `npm run start:azul`: the app as `npm start` runs it, but paying through the AZUL adapter against
// the local AZUL stand-in (server/testing/azul-standin.ts): mutual TLS with a certificate made
// now, AZUL's test cards, VerifyPayment, void and refund, DataVault. For developers; the stand-in
// and its certificates live only as long as this process.
import { buildIfStale } from './start.ts';
import { main } from '../server/index.ts';
import { AZUL_TEST_CARDS, standinEnv, startAzulStandin } from '../server/testing/azul-standin.ts';

const standin = await startAzulStandin();
Object.assign(process.env, standinEnv(standin));
process.stdout.write(
  [
    '',
    `  AZUL (stand-in local): ${standin.url}`,
    `  Tarjeta aprobada: ${AZUL_TEST_CARDS.visa.number} (CVV ${AZUL_TEST_CARDS.visa.cvv}); fondos insuficientes sobre RD$75: ${AZUL_TEST_CARDS.visaLimited.number} (CVV ${AZUL_TEST_CARDS.visaLimited.cvv})`,
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void standin.close().finally(() => process.exit(0));
  });
await buildIfStale();
await main();
