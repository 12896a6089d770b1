// The e-CF port of the core (src/core/receipts/ecf.ts) as the server builds it when ECF_ENV is set
// (issue 22): the school's .p12 read at start (a wrong password stops the server there) and our
// DGII client on DGII's hosts (or the test stand-in's).
import type { EcfConfig } from '../config.ts';
import type { EcfPort } from '../../src/core/receipts/ecf-port.ts';
import { dgiiClient, type DgiiClient } from './dgii.ts';
import { loadEcfSigner, type EcfSigner } from './signer.ts';

export function ecfPort(
  config: EcfConfig,
  /** Tests only: the client's clock and its timeout per call. */
  options: { clock?: () => Date; timeoutMs?: number; signer?: EcfSigner } = {},
): EcfPort {
  // A school's own certificate comes opened from its settings (issue 55); the deployment's from its file.
  const { signer = loadEcfSigner(config), ...clientOptions } = options;
  return ecfPortOver(config.env, signer, dgiiClient({ config, signer, ...clientOptions }));
}

/** The port over a signer and a DGII client already made (the client's tests make their own). */
export function ecfPortOver(env: EcfConfig['env'], signer: EcfSigner, client: DgiiClient): EcfPort {
  return {
    env,
    certificateValidUntil: signer.validUntil,
    sign: (xml) => signer.sign(xml),
    send: (xml, fileName) => client.send(xml, fileName),
    status: (trackId) => client.status(trackId),
    sendSummary: (xml, fileName) => client.sendSummary(xml, fileName),
    trackIds: (rncEmisor, encf) => client.trackIds(rncEmisor, encf),
    summaryStatus: (rncEmisor, encf, securityCode) => client.summaryStatus(rncEmisor, encf, securityCode),
  };
}
