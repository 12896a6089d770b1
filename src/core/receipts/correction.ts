// A rejected e-CF corrected (issue 22). DGII's 'Rechazado' names what is wrong, most often the
// buyer's RNC or the school's data: the office corrects them (the RNC here, the school's data on the
// fiscal screen) and the e-CF is signed again and queued. DGII's result says whether the e-NCF may
// be used again (secuenciaUtilizada false): then the corrected one keeps it; else it takes the next
// number of the type's ranges, and the rejected number stays on record in `ecf.previous`, so no
// number is lost from view. The receipt keeps its id: the order's references, the family's download
// and credit notes follow it, and the family is e-mailed the corrected PDF by the receipts' pass.
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { DuplicateKeyError } from '../store/port.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { ENROLMENT_MESSAGES, RNC_PATTERN, rncProblem } from '../../domain/enrolment.ts';
import { ECF_MESSAGES, type EcfAttempt } from '../../domain/ecf.ts';
import { ncfOf, RECEIPT_MESSAGES as R, splitItbis, type Receipt } from '../../domain/receipts.ts';
import type { Enrolment } from '../../domain/records.ts';
import { ecfSource, signEcf } from './ecf.ts';
import { RECEIPTS } from './service.ts';
import { fiscalSettings, SEQUENCES, signsElectronic, usableSequences } from './numbering.ts';

export interface EcfCorrection {
  /** An E31's buyer, as corrected (the others name no RNC). */
  rnc?: string;
  rnc_nombre?: string;
}

/** Signs the rejected e-CF again with the corrected data and queues it; answers it and its number. */
export async function correctEcf(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  input: EcfCorrection,
): Promise<{ receipt: Receipt; sameNumber: boolean }> {
  const { store } = deps;
  const receipts = store.collection<Receipt>(RECEIPTS);
  const rejected = await receipts.findById(id);
  if (!rejected?.ecf) throw new ApiError(404, ECF_MESSAGES.notFound);
  if (rejected.ecf.state !== 'rejected') throw new ApiError(409, ECF_MESSAGES.notRejected);
  const port = deps.ecf;
  if (!port || !signsElectronic(deps)) throw new ApiError(409, ECF_MESSAGES.cannotSign);
  const enrolment = await store.collection<Enrolment>('inscripciones').findById(rejected.enrolment_id);
  if (!enrolment) throw new ApiError(404, ECF_MESSAGES.notFound);

  // A credit note follows its invoice (school, ITBIS and buyer, as the invoice now says).
  const modified = rejected.modifies ? await receipts.findOne({ ncf: rejected.modifies }) : null;
  let buyer = modified ? modified.buyer : rejected.buyer;
  if (rejected.type === 'E31') {
    const rnc = (input.rnc ?? rejected.buyer?.rnc ?? '').trim();
    const name = (input.rnc_nombre ?? rejected.buyer?.name ?? '').trim();
    if (!RNC_PATTERN.test(rnc) || !name) throw new ApiError(400, ECF_MESSAGES.buyerRequired);
    if (rncProblem(rnc) === 'checkDigit') throw new ApiError(400, ENROLMENT_MESSAGES.rncCheckDigit);
    buyer = { rnc, name };
  }
  const settings = await fiscalSettings(store);
  if (!settings && !modified) throw new ApiError(409, R.settingsMissing);
  const school = modified?.school ?? {
    name: settings!.school_name,
    rnc: settings!.rnc,
    address: settings!.address,
    phone: settings!.phone,
  };
  const itbisMode = modified?.itbis_mode ?? settings!.itbis;
  const now = nowOf(deps);
  const attempt: EcfAttempt = {
    encf: rejected.ncf,
    signed_at: rejected.ecf.signed_at,
    ...(rejected.ecf.track_id ? { track_id: rejected.ecf.track_id } : {}),
    messages: rejected.ecf.messages ?? [],
    number_used: rejected.ecf.number_used === true,
    signed_xml: rejected.ecf.signed_xml,
  };

  /** The receipt under this number, signed now; written only if it is still the rejected one. */
  const write = async (number: string, rangeExpiry: Date): Promise<Receipt | null> => {
    const { ecf: _rejected, ...rest } = rejected;
    const fields = {
      ncf: number,
      valid_until: rangeExpiry,
      school,
      itbis_mode: itbisMode,
      ...splitItbis(rejected.total, itbisMode),
      buyer,
      mailed: false,
    };
    const source = ecfSource({ ...rest, ...fields }, enrolment, {
      rangeExpiry,
      signedAt: now,
      modified,
      ...(rejected.ecf!.payment ? { payment: rejected.ecf!.payment } : {}),
    });
    const ecf = { ...signEcf(port, source), previous: [...(rejected.ecf!.previous ?? []), attempt] };
    return receipts.updateOne(
      { _id: rejected._id, ncf: rejected.ncf, 'ecf.state': 'rejected' },
      { set: { ...fields, ecf } },
    );
  };

  let corrected: Receipt | null = null;
  if (!rejected.ecf.number_used) {
    corrected = await write(rejected.ncf, rejected.valid_until);
  } else {
    // The rejected number is spent: the next free one of the type (the unique index decides).
    search: for (const sequence of await usableSequences(store, rejected.type, now)) {
      for (let number = sequence.next; number <= sequence.last; number += 1) {
        try {
          corrected = await write(ncfOf(rejected.type, number), sequence.expires_on);
        } catch (error) {
          if (error instanceof DuplicateKeyError) continue;
          throw error;
        }
        if (corrected)
          await store
            .collection(SEQUENCES)
            .updateOne({ _id: sequence._id, next: { $lte: number } }, { set: { next: number + 1 } });
        break search;
      }
    }
    if (!corrected && (await receipts.findById(id))?.ecf?.state === 'rejected')
      throw new ApiError(409, ECF_MESSAGES.noNumber(rejected.type));
  }
  // Another press corrected it first.
  if (!corrected) throw new ApiError(409, ECF_MESSAGES.notRejected);

  // The order's RNC follows, so its next instalments' e-CF name the right buyer.
  if (
    rejected.type === 'E31' &&
    buyer &&
    (buyer.rnc !== enrolment.rnc || buyer.name !== enrolment.rnc_nombre)
  )
    await store
      .collection<Enrolment>('inscripciones')
      .updateOne({ _id: enrolment._id }, { set: { rnc: buyer.rnc, rnc_nombre: buyer.name } });
  await recordAudit(store, actor, {
    action: 'update',
    kind: RECEIPTS,
    record_id: rejected._id,
    before: { ncf: rejected.ncf, estado: 'rejected', rnc: rejected.buyer?.rnc ?? '' },
    after: { ncf: corrected.ncf, estado: 'queued', rnc: buyer?.rnc ?? '' },
    note: `Comprobante corregido tras el rechazo de DGII: ${attempt.messages.join('; ') || 'sin motivo indicado'}`,
  });
  return { receipt: corrected, sameNumber: corrected.ncf === rejected.ncf };
}
