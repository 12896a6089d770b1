// `npm run start:azul`: the app as `npm start` runs it, but paying through the AZUL adapter against
// the local AZUL stand-in (server/testing/azul-standin.ts): mutual TLS with a certificate made
// now, AZUL's test cards, 3-D Secure with the bank's simulator, VerifyPayment, void and refund,
// DataVault. For developers; the stand-in
// and its certificates live only as long as this process.
import { buildIfStale } from './build.ts';
import { main } from '../server/index.ts';
import { AZUL_TEST_CARDS, standinEnv, startAzulStandin } from '../server/testing/azul-standin.ts';

const standin = await startAzulStandin();
Object.assign(process.env, standinEnv(standin));
process.stdout.write(
  [
    '',
    `  AZUL (stand-in local): ${standin.url}`,
    `  Tarjeta aprobada: ${AZUL_TEST_CARDS.visa.number} (CVV ${AZUL_TEST_CARDS.visa.cvv})`,
    `  3-D Secure: sin fricción ${AZUL_TEST_CARDS.frictionless.number}, con formulario de método ${AZUL_TEST_CARDS.frictionlessWithMethod.number}, desafío ${AZUL_TEST_CARDS.challenge.number} (cualquier CVV)`,
    `  Desafío y luego fondos insuficientes sobre RD$75: ${AZUL_TEST_CARDS.challengeWithMethod.number}`,
    '',
  ].join('\n'),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void standin.close().finally(() => process.exit(0));
  });
await buildIfStale();
await main();
