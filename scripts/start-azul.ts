// `npm run start:azul`: the app as `npm start` runs it, but paying through the AZUL adapter against
// the local AZUL stand-in (server/testing/azul-standin.ts): mutual TLS with a certificate made
// now, AZUL's test cards, VerifyPayment, void and refund, DataVault. For developers; the stand-in
// and its certificates live only as long as this process.
import { buildIfStale } from './start.ts';
import { main } from '../server/index.ts';
import { AZUL_TEST_CARDS, startAzulStandin } from '../server/testing/azul-standin.ts';

const standin = await startAzulStandin();
Object.assign(process.env, {
  PAYMENT_GATEWAY: 'azul',
  AZUL_URL: standin.url,
  AZUL_BACKUP_URL: standin.backupUrl,
  AZUL_MERCHANT_ID: standin.merchantId,
  AZUL_AUTH1: standin.auth1,
  AZUL_AUTH2: standin.auth2,
  AZUL_CERT_FILE: standin.files.cert,
  AZUL_KEY_FILE: standin.files.key,
  AZUL_CA_FILE: standin.files.ca,
});
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
