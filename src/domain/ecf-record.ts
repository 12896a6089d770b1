// An e-CF as the school keeps it on its receipt (issue 22): the stored shape, apart from the e-CF
// code (./ecf.ts) so that the receipt (./receipts.ts), which the e-CF code reads, can name it
// without the two importing each other. Pure types and constants.

/** How a payment was made, as DGII's FormaPago codes it. */
export const FORMA_PAGO = { efectivo: 1, transferencia: 2, tarjeta: 3 } as const;
export type FormaPago = keyof typeof FORMA_PAGO;

/** An e-CF as the school keeps it on its receipt (issue 22): signed once, then DGII's word on it. */
export interface EcfRecord {
  /** queued: signed, not sent yet; sent: DGII has it (TrackId), its result not final yet. */
  state: 'queued' | 'sent' | 'accepted' | 'conditional' | 'rejected';
  /** 'summary': an E32 under RD$250,000, whose summary (RFCE) DGII receives. */
  route: 'reception' | 'summary';
  signed_xml: string;
  summary_xml?: string;
  /** The first six characters of the signature value, printed with the QR. */
  security_code: string;
  signed_at: Date;
  /** DGII's 'consulta timbre' address of the document, printed as a QR code. */
  qr_url: string;
  track_id?: string;
  sent_at?: Date;
  settled_at?: Date;
  /** DGII's messages (a rejection's reasons, an acceptance's conditions). */
  messages?: string[];
  /** Of a rejection: whether DGII counts the e-NCF as used (a corrected one takes a new number). */
  number_used?: boolean;
  lease_until?: Date;
  /**
   * When a submission got no answer after it was sent (a timeout): DGII may hold it, so DGII is
   * asked for it before it is sent again (a second one would be refused as 'ya fue utilizado').
   */
  uncertain_at?: Date;
  /** How it was paid, as signed (a corrected one says the same). */
  payment?: FormaPago;
  /** The rejected ones this corrected e-CF replaces, oldest first (issue 22). */
  previous?: EcfAttempt[];
}

/** A rejected e-CF that a corrected one replaced: its number, DGII's reasons, its signed XML. */
export interface EcfAttempt {
  encf: string;
  signed_at: Date;
  track_id?: string;
  messages: string[];
  number_used: boolean;
  signed_xml: string;
}
