// The e-CF port (issue 22): what the core asks of the school's certificate and DGII's services,
// implemented by the server's adapter (server/ecf/). A file of its own so that the core's deps
// (../deps.ts) name it without importing the e-CF pass, which imports the deps.
import type { EcfEnv, EcfStatus } from '../../domain/ecf.ts';

/** The school's certificate and DGII's services (server/ecf/: the .p12 signer and our DGII client). */
export interface EcfPort {
  /** DGII's environment (ECF_ENV): the QR codes point at its addresses. */
  env: EcfEnv;
  /** The last day the school's certificate signs (the office is warned a month before). */
  certificateValidUntil: Date;
  /** The document signed with the school's certificate (enveloped XMLDSig), ready to send. */
  sign(xml: string): string;
  /**
   * DGII's reception: a TrackId. Rejects when DGII cannot be reached (sent again later); with an
   * error whose `uncertain` is true when the document was sent and the answer lost (DGII may hold it).
   */
  send(signedXml: string, fileName: string): Promise<{ trackId: string }>;
  /** The result of a TrackId. */
  status(trackId: string): Promise<EcfStatus>;
  /** The summary of a consumer invoice under RD$250,000, answered at once; rejects as `send` does. */
  sendSummary(signedXml: string, fileName: string): Promise<EcfStatus>;
  /** The submissions DGII holds of the issuer's e-NCF (consulta trackids); null where DGII has no such service. */
  trackIds(rncEmisor: string, encf: string): Promise<EcfTrackId[] | null>;
  /** DGII's result of a summary it received (consulta RFCE, 0 if none); null where DGII has no such service. */
  summaryStatus(rncEmisor: string, encf: string, securityCode: string): Promise<EcfStatus | null>;
}

/** One submission DGII holds of an e-NCF: its TrackId and state ('Aceptado', 'En Proceso'…). */
export interface EcfTrackId {
  trackId: string;
  estado: string;
  fechaRecepcion?: string;
}
