// The payment gateway the configuration names (issue 21): the built-in sandbox by default, or AZUL
// with its client certificate read and checked now, so a certificate that does not load stops the
// server at start instead of failing a parent's payment.
import type { Config } from '../config.ts';
import type { Store } from '../../src/core/store/port.ts';
import { sandboxGateway, type PaymentGateway } from '../../src/core/checkout/gateway.ts';
import { fiscalSettings } from '../../src/core/receipts/numbering.ts';
import { splitItbis } from '../../src/domain/receipts.ts';
import { azulGateway, loadAzulTls, type AzulLog } from './azul.ts';

/** The ITBIS inside an amount, as the school's fiscal settings say (exempt: none). */
export const itbisOf =
  (store: Store) =>
  async (amount: number): Promise<number> =>
    splitItbis(amount, (await fiscalSettings(store))?.itbis ?? 'exento').itbis;

export function paymentGateway(
  config: Pick<Config, 'payments' | 'sandboxLatencyMs'>,
  store: Store,
  log: AzulLog,
  /** Called when AZUL refuses the school's credentials (the admins are alerted). */
  onCredentialsRefused?: (description: string) => void,
): PaymentGateway {
  if (config.payments.gateway !== 'azul')
    return sandboxGateway({ store, latencyMs: config.sandboxLatencyMs });
  const azul = config.payments.azul;
  return azulGateway({
    config: azul,
    tls: loadAzulTls(azul),
    log,
    ...(onCredentialsRefused ? { onCredentialsRefused } : {}),
    itbisOf: itbisOf(store),
  });
}
