// Electronic fiscal receipts (issue 22): an E31, E32 or E34 is signed the moment its e-NCF is
// taken (the receipt is never changed after, only its DGII state), then sent to DGII by a pass, in
// the order issued, whatever happens to DGII meanwhile: a payment never waits for DGII.
//   summary    an E32 under RD$250,000: its summary (RFCE) goes to DGII's FC service, answered at
//              once; the school keeps the signed E32
//   reception  every other e-CF: DGII answers a TrackId, whose result the pass asks until final
// Accepted ('Aceptado', 'Aceptado Condicional') is issued; 'Rechazado' alerts the admins with DGII's
// messages. A document sent whose answer was lost (a timeout) is marked uncertain, and before it
// goes again DGII is asked whether it holds it (consulta trackids; consulta RFCE for a summary):
// what DGII holds is taken, as a second submission would be refused as already used. The signing
// and DGII's services are the adapter's (server/ecf/): a port here.
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import { ApiError } from '../errors.ts';
import type { Enrolment } from '../../domain/records.ts';
import { alertAdminsOnceADay } from '../admin/alerts.ts';
import { findPage } from '../admin/listing.ts';
import type { EcfPort } from './ecf-port.ts';
import {
  ecfQrUrl,
  ecfSecurityCode,
  ecfXml,
  rfceXml,
  RFCE_LIMIT,
  type EcfRecord,
  type EcfSource,
  type EcfStatus,
  type EcfType,
  type EcfView,
  type FormaPago,
  ECF_MESSAGES,
} from '../../domain/ecf.ts';
import { formatPaymentDate } from '../../domain/enrolment.ts';
import { formatDay } from '../../domain/cancellation.ts';
import type { Receipt } from '../../domain/receipts.ts';

/** The port's rejection for a document sent whose answer was lost. */
const uncertain = (error: unknown): boolean => (error as { uncertain?: unknown } | null)?.uncertain === true;

const receiptsOf = (store: Store) => store.collection<Receipt>('comprobantes');

/** How long one pass holds a receipt it is sending (another instance leaves it alone). */
const SEND_LEASE_MS = 2 * 60_000;

/** What the e-CF of a receipt says, from the receipt and its order. */
export function ecfSource(
  receipt: Omit<Receipt, 'ecf'>,
  enrolment: Pick<Enrolment, 'contact'>,
  options: { rangeExpiry: Date; signedAt: Date; payment?: FormaPago; modified?: Receipt | null },
): EcfSource {
  const type = receipt.type as EcfType;
  // An E32 names the parent who paid (XSD 32 wants a Comprador; DGII refuses empty elements). From
  // RD$250,000 DGII asks for the buyer's identification too: that parent's cédula (11 digits, which
  // RNCComprador takes), the one the parents' step asks with the name.
  const contact = enrolment.contact;
  const mother = contact?.mother_name?.trim() ?? '';
  const parent = mother || contact?.father_name?.trim() || '';
  const cedula = ((mother ? contact?.mother_id : contact?.father_id) ?? '').replace(/\D/g, '');
  const identified = type === 'E32' && receipt.total >= RFCE_LIMIT && cedula.length === 11;
  const buyer = receipt.buyer ?? (parent ? { rnc: identified ? cedula : '', name: parent } : null);
  const modified = options.modified;
  return {
    type,
    encf: receipt.ncf,
    rangeExpiry: options.rangeExpiry.toISOString().slice(0, 10),
    issuedAt: receipt.issued_at,
    school: { rnc: receipt.school.rnc, name: receipt.school.name, address: receipt.school.address },
    buyer,
    lines: receipt.lines,
    total: receipt.total,
    itbis: receipt.itbis_mode,
    payment: options.payment ?? 'tarjeta',
    ...(type === 'E34' && modified
      ? {
          modifies: {
            encf: modified.ncf,
            issuedAt: modified.issued_at,
            whole: receipt.total >= modified.total,
          },
        }
      : {}),
    signedAt: options.signedAt,
  };
}

/**
 * Signs a new e-CF (and, for a consumer invoice under RD$250,000, its summary) before its receipt
 * is recorded: what DGII receives is exactly what the school keeps.
 */
export function signEcf(port: EcfPort, source: EcfSource): EcfRecord {
  const signed = port.sign(ecfXml(source));
  const securityCode = ecfSecurityCode(signed);
  const summary = source.type === 'E32' && source.total < RFCE_LIMIT;
  return {
    state: 'queued',
    route: summary ? 'summary' : 'reception',
    signed_xml: signed,
    ...(summary ? { summary_xml: port.sign(rfceXml(source, securityCode)) } : {}),
    security_code: securityCode,
    signed_at: source.signedAt,
    payment: source.payment,
    qr_url: ecfQrUrl(source, securityCode, port.env),
  };
}

/** The issuer's RNC as DGII writes it (digits). */
const rncOf = (receipt: Receipt) => receipt.school.rnc.replace(/\D/g, '');

/** DGII's file name of a document: the issuer's RNC and the e-NCF. */
const fileNameOf = (receipt: Receipt) => `${rncOf(receipt)}${receipt.ncf}.xml`;

/**
 * The TrackId of the submission whose answer was lost, if DGII holds it: earlier rejected attempts
 * of the same e-NCF (kept in `previous`) left aside; an accepted one first, then one in process,
 * else the latest received. Null when DGII holds none, or has no such consulta (sent again).
 */
async function heldByDgii(port: EcfPort, receipt: Receipt): Promise<string | null> {
  const listed = await port.trackIds(rncOf(receipt), receipt.ncf);
  if (!listed) return null;
  const earlier = new Set((receipt.ecf!.previous ?? []).map((attempt) => attempt.track_id));
  const ours = listed
    .filter((entry) => entry.trackId && !earlier.has(entry.trackId) && !/^no encontrado$/i.test(entry.estado))
    .map((entry, index) => ({ ...entry, at: Date.parse(entry.fechaRecepcion ?? '') || index }))
    .sort((a, b) => b.at - a.at);
  const chosen =
    ours.find((entry) => /^aceptado/i.test(entry.estado)) ??
    ours.find((entry) => /proceso/i.test(entry.estado)) ??
    ours[0];
  return chosen?.trackId ?? null;
}

export interface EcfPassReport {
  sent: number;
  accepted: number;
  rejected: number;
  /** DGII could not be reached: the rest waits, in order, for the next pass. */
  unreachable: boolean;
}

/**
 * The pass (every minute): sends what is queued, oldest first, and asks the result of what was
 * sent. Each receipt is claimed with a lease first, so two instances never send one twice. DGII
 * unreachable stops the queue there (the order issued is the order sent).
 */
export async function sendEcfReceipts(
  deps: CoreDeps,
  /** Only this receipt ('Reenviar' on one row), claimed the same way. */
  only?: string,
): Promise<EcfPassReport> {
  const report: EcfPassReport = { sent: 0, accepted: 0, rejected: 0, unreachable: false };
  const port = deps.ecf;
  if (!port) return report;
  const receipts = receiptsOf(deps.store);
  const due = await receipts.find(
    { 'ecf.state': { $in: ['queued', 'sent'] }, ...(only === undefined ? {} : { _id: only }) },
    { sort: { issued_at: 1, _id: 1 }, limit: 100 },
  );
  for (const candidate of due) {
    const now = nowOf(deps);
    const claimed = await receipts.updateOne(
      {
        _id: candidate._id,
        'ecf.state': candidate.ecf!.state,
        $or: [{ 'ecf.lease_until': { $exists: false } }, { 'ecf.lease_until': { $lt: now } }],
      },
      { set: { 'ecf.lease_until': new Date(now.getTime() + SEND_LEASE_MS) } },
    );
    if (!claimed?.ecf) continue;
    const ecf = claimed.ecf;
    try {
      if (ecf.state === 'sent') {
        const status = await port.status(ecf.track_id ?? '');
        // 'En Proceso' (or not found yet): asked again next time.
        if (status.codigo === 3 || status.codigo === 0) await release(deps, claimed);
        else report[await settle(deps, claimed, status)] += 1;
      } else if (ecf.route === 'summary') {
        // A summary whose answer was lost: DGII's verdict on it, if DGII has one (a second summary
        // of the e-NCF would be refused as already used).
        const known = ecf.uncertain_at
          ? await port.summaryStatus(rncOf(claimed), claimed.ncf, ecf.security_code)
          : null;
        if (known?.codigo === 3) {
          await release(deps, claimed);
          continue;
        }
        const status =
          known && known.codigo !== 0
            ? known
            : await port.sendSummary(ecf.summary_xml ?? '', fileNameOf(claimed));
        report.sent += 1;
        report[await settle(deps, claimed, status)] += 1;
      } else {
        const held = ecf.uncertain_at ? await heldByDgii(port, claimed) : null;
        const trackId = held ?? (await port.send(ecf.signed_xml, fileNameOf(claimed))).trackId;
        await receipts.updateOne(
          { _id: claimed._id },
          {
            set: { 'ecf.state': 'sent', 'ecf.track_id': trackId, 'ecf.sent_at': now },
            // Still claimed while DGII's result of an adopted TrackId is asked below.
            unset: held ? ['ecf.uncertain_at'] : ['ecf.lease_until', 'ecf.uncertain_at'],
          },
        );
        report.sent += 1;
        if (held) {
          // DGII has had it since the answer was lost: its result is likely final already.
          const sent = { ...claimed, ecf: { ...ecf, state: 'sent' as const, track_id: trackId } };
          const status = await port.status(trackId);
          if (status.codigo === 3 || status.codigo === 0) await release(deps, sent);
          else report[await settle(deps, sent, status)] += 1;
        }
      }
    } catch (error) {
      deps.log.warn({ err: error, encf: claimed.ncf }, 'DGII could not be reached; the e-CF waits');
      // Sent and unanswered: DGII is asked for it before it goes again.
      await release(deps, claimed, uncertain(error) ? now : undefined);
      report.unreachable = true;
      break;
    }
  }
  return report;
}

const release = (deps: CoreDeps, receipt: Receipt, uncertainAt?: Date) =>
  receiptsOf(deps.store).updateOne(
    { _id: receipt._id },
    { ...(uncertainAt ? { set: { 'ecf.uncertain_at': uncertainAt } } : {}), unset: ['ecf.lease_until'] },
  );

/** DGII's final word on a receipt: recorded, and a rejection told to the admins with its reasons. */
async function settle(deps: CoreDeps, receipt: Receipt, status: EcfStatus): Promise<'accepted' | 'rejected'> {
  const rejected = status.codigo === 2;
  const messages = status.mensajes.map((message) => message.valor).filter(Boolean);
  await receiptsOf(deps.store).updateOne(
    { _id: receipt._id },
    {
      set: {
        'ecf.state': rejected ? 'rejected' : status.codigo === 4 ? 'conditional' : 'accepted',
        'ecf.messages': messages,
        'ecf.settled_at': nowOf(deps),
        ...(rejected ? { 'ecf.number_used': status.secuenciaUtilizada } : {}),
      },
      unset: ['ecf.lease_until', 'ecf.uncertain_at'],
    },
  );
  if (rejected)
    await alertAdminsOnceADay(deps, {
      kind: 'ecf-alert',
      topic: receipt._id,
      subject: `DGII rechazó el comprobante ${receipt.ncf} (orden ${receipt.order_number})`,
      text: `DGII rechazó el comprobante electrónico ${receipt.ncf} de la orden ${receipt.order_number}: ${
        messages.join('; ') || 'sin motivo indicado'
      }. Revíselo en Comprobantes y emita uno corregido.`,
      path: '/admin/comprobantes',
    }).catch((error: unknown) => deps.log.error({ err: error }, 'the e-CF alert could not be queued'));
  return rejected ? 'rejected' : 'accepted';
}

/** The office's list: every e-CF, newest first, or those of one state and/or type; with its page and total. */
export async function listEcf(
  store: Store,
  query: { state?: EcfRecord['state']; type?: EcfType; page?: number; limit?: number },
): Promise<{ data: EcfView[]; total: number }> {
  const filter = {
    ...(query.state ? { 'ecf.state': query.state } : { ecf: { $exists: true } }),
    ...(query.type ? { type: query.type } : {}),
  };
  const { records, total } = await findPage(receiptsOf(store), filter, { issued_at: -1, _id: -1 }, query);
  return {
    total,
    data: records.map((receipt) => ({
      _id: receipt._id,
      type: receipt.type,
      encf: receipt.ncf,
      order_number: receipt.order_number,
      enrolment_id: receipt.enrolment_id,
      total: receipt.total,
      issued_at: formatPaymentDate(receipt.issued_at),
      state: receipt.ecf!.state,
      track_id: receipt.ecf!.track_id ?? '',
      messages: receipt.ecf!.messages ?? [],
      buyer_rnc: receipt.buyer?.rnc ?? '',
      buyer_name: receipt.buyer?.name ?? '',
      replaces: (receipt.ecf!.previous ?? [])
        .map((attempt) => attempt.encf)
        .filter((encf, index, all) => encf !== receipt.ncf && all.indexOf(encf) === index),
    })),
  };
}

/**
 * 'Reenviar' on one row: that e-CF goes to DGII now (or its result is asked), claimed as the pass
 * claims it; answers its state after. Only one that waits for DGII: 409 otherwise.
 */
export async function resendEcf(
  deps: CoreDeps,
  id: string,
): Promise<{ encf: string; state: EcfRecord['state']; unreachable: boolean }> {
  const receipt = await receiptsOf(deps.store).findById(id);
  if (!receipt?.ecf) throw new ApiError(404, ECF_MESSAGES.notFound);
  if (receipt.ecf.state !== 'queued' && receipt.ecf.state !== 'sent')
    throw new ApiError(409, ECF_MESSAGES.notWaiting);
  const report = await sendEcfReceipts(deps, id);
  const after = await receiptsOf(deps.store).findById(id);
  return {
    encf: after?.ncf ?? receipt.ncf,
    state: after?.ecf?.state ?? receipt.ecf.state,
    unreachable: report.unreachable,
  };
}

/** The signed e-CF as DGII received it (or will), for the office to download; null if none. */
export async function signedEcf(store: Store, id: string): Promise<{ filename: string; xml: string } | null> {
  const receipt = await receiptsOf(store).findById(id);
  if (!receipt?.ecf) return null;
  return { filename: fileNameOf(receipt), xml: receipt.ecf.signed_xml };
}

/** How long an e-CF may wait for DGII before the office is warned. */
export const ECF_LATE_MS = 60 * 60_000;

/** A month before the certificate's last day, the office hears of it every day. */
const CERTIFICATE_WARNING_MS = 30 * 86_400_000;

/**
 * What the fiscal screen (and the dashboard) warns about the e-CF: the certificate about to expire
 * or expired, rejected ones, and ones DGII has not settled for an hour.
 */
export async function ecfAlerts(store: Store, now: Date, certificateValidUntil?: Date): Promise<string[]> {
  const certificate =
    certificateValidUntil && certificateValidUntil.getTime() - now.getTime() < CERTIFICATE_WARNING_MS
      ? [
          certificateValidUntil.getTime() < now.getTime()
            ? ECF_MESSAGES.certificateExpired(formatDay(certificateValidUntil))
            : ECF_MESSAGES.certificateExpiring(formatDay(certificateValidUntil)),
        ]
      : [];
  const receipts = receiptsOf(store);
  const [rejected, late] = await Promise.all([
    receipts.count({ 'ecf.state': 'rejected' }),
    receipts.count({
      'ecf.state': { $in: ['queued', 'sent'] },
      issued_at: { $lt: new Date(now.getTime() - ECF_LATE_MS) },
    }),
  ]);
  return [
    ...certificate,
    ...(rejected > 0 ? [ECF_MESSAGES.rejected(rejected)] : []),
    ...(late > 0 ? [ECF_MESSAGES.late(late)] : []),
  ];
}
