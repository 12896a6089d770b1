// What staff set up for fiscal receipts (issue 18): the school's fiscal data, its NCF ranges (added
// or stopped), and the admin screen's status with what needs doing.
import { nowOf, type CoreDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { DuplicateKeyError, type Store } from '../store/port.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { formatDay } from '../../domain/cancellation.ts';
import { ecfAlerts } from './ecf.ts';
import { cedulaCheckDigitValid, FIELD_MESSAGES } from '../../domain/enrolment.ts';
import {
  EXPIRY_WARNING_DAYS,
  FISCAL_SETTINGS_ID,
  LOW_NUMBERS,
  ncfNumberMax,
  typesInUse,
  ncfOf,
  numbersLeft,
  PAPER_TYPES,
  RECEIPT_MESSAGES as R,
  SCHOOL_RNC_PATTERN,
  type FiscalSettings,
  type FiscalSettingsInput,
  type FiscalStatus,
  type SequenceInput,
  type SequenceView,
  type NcfSequence,
} from '../../domain/receipts.ts';
import { fiscalSettings, SEQUENCES, SETTINGS } from './numbering.ts';
import { issuePendingReceipts } from './pending-receipts.ts';
import { enrolmentsOf } from '../collections.ts';

const sequencesOf = (store: Store) => store.collection<NcfSequence>(SEQUENCES);

export async function saveFiscalSettings(
  deps: CoreDeps,
  actor: Actor,
  input: FiscalSettingsInput,
): Promise<FiscalSettings> {
  const clean = {
    school_name: input.school_name.trim(),
    rnc: input.rnc.trim(),
    address: input.address.trim(),
    phone: input.phone.trim(),
    email: input.email?.trim().toLowerCase() ?? '',
    itbis: input.itbis,
  };
  if (!clean.school_name) throw new ApiError(400, R.required('el nombre de la escuela'));
  if (clean.email && !/^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(clean.email))
    throw new ApiError(400, R.schoolEmail);
  if (!SCHOOL_RNC_PATTERN.test(clean.rnc)) throw new ApiError(400, R.schoolRnc);
  // A school registered with its owner's cédula: DGII would refuse every e-CF of a mistyped one.
  if (clean.rnc.replace(/-/g, '').length === 11 && !cedulaCheckDigitValid(clean.rnc))
    throw new ApiError(400, FIELD_MESSAGES.cedulaCheckDigit);
  if (!clean.address) throw new ApiError(400, R.required('la dirección de la escuela'));
  const settings = deps.store.collection<FiscalSettings>(SETTINGS);
  const before = await settings.findById(FISCAL_SETTINGS_ID);
  // The school's own data from now on: no longer the demo's.
  const update = { set: clean, unset: ['demo'] };
  let saved: FiscalSettings | null;
  if (before) saved = await settings.updateOne({ _id: FISCAL_SETTINGS_ID }, update);
  else
    saved = await settings.insertOne({ _id: FISCAL_SETTINGS_ID, ...clean }).catch(async (error: unknown) => {
      // Another admin saved the first version at the same moment: this one updates it.
      if (!(error instanceof DuplicateKeyError)) throw error;
      return settings.updateOne({ _id: FISCAL_SETTINGS_ID }, update);
    });
  await recordAudit(deps.store, actor, {
    action: before ? 'update' : 'create',
    kind: SETTINGS,
    record_id: FISCAL_SETTINGS_ID,
    before: before ? { ...before } : null,
    after: { ...clean },
  });
  await issuePendingReceipts(deps).catch((error: unknown) =>
    deps.log.error({ err: error }, 'pending receipts could not be issued'),
  );
  return saved ?? { _id: FISCAL_SETTINGS_ID, ...clean };
}

export async function addSequence(deps: CoreDeps, actor: Actor, input: SequenceInput): Promise<NcfSequence> {
  const { store } = deps;
  if (input.last < input.first) throw new ApiError(400, R.rangeOrder);
  if (input.last > ncfNumberMax(input.type)) throw new ApiError(400, R.rangeTooLarge(input.type));
  const expires = new Date(`${input.expires_on}T23:59:59.999-04:00`);
  // '2027-02-31' parses as 3 March: only a day that reads back the same is one.
  const [year, month, day] = input.expires_on.split('-');
  if (Number.isNaN(expires.getTime()) || formatDay(expires) !== `${day}/${month}/${year}`)
    throw new ApiError(400, R.expiryInvalid);
  if (expires.getTime() < nowOf(deps).getTime()) throw new ApiError(400, R.expiryPast);
  // Two ranges of one type sharing numbers would print one NCF twice (the index would refuse the
  // second receipt, so the second range's numbers would be lost).
  const overlapping = await sequencesOf(store).count(
    { type: input.type, first: { $lte: input.last }, last: { $gte: input.first } },
    { withDeleted: true },
  );
  if (overlapping > 0) throw new ApiError(409, R.rangeOverlap);
  const sequence = await sequencesOf(store).insertOne({
    type: input.type,
    first: input.first,
    last: input.last,
    next: input.first,
    expires_on: expires,
    status: 'active',
    created_at: nowOf(deps),
  });
  await recordAudit(store, actor, {
    action: 'create',
    kind: SEQUENCES,
    record_id: sequence._id,
    after: {
      type: sequence.type,
      first: sequence.first,
      last: sequence.last,
      expires_on: sequence.expires_on,
    },
  });
  await issuePendingReceipts(deps).catch((error: unknown) =>
    deps.log.error({ err: error }, 'pending receipts could not be issued'),
  );
  return sequence;
}

/** Stops a sequence (numbers cancelled by the DGII, a mistake): it issues nothing more. */
export async function disableSequence(store: Store, actor: Actor, id: string): Promise<void> {
  const before = await sequencesOf(store).findById(id);
  if (!before) throw new ApiError(404, R.sequenceNotFound);
  await sequencesOf(store).updateOne({ _id: id }, { set: { status: 'inactive' } });
  await recordAudit(store, actor, {
    action: 'update',
    kind: SEQUENCES,
    record_id: id,
    before: { status: before.status },
    after: { status: 'inactive' },
  });
}

/** The admin screen: the school's data, the sequences with what is left, and what needs doing. */
export async function fiscalStatus(
  store: Store,
  now: Date,
  ecf = false,
  /** e-CF on: the school's certificate's last day (warned a month before). */
  certificateValidUntil?: Date,
): Promise<FiscalStatus> {
  const [settings, sequences, waiting] = await Promise.all([
    fiscalSettings(store),
    sequencesOf(store).find({}, { sort: { type: 1, first: 1 } }),
    enrolmentsOf(store).count({ receipt_pending: true }),
  ]);
  const views: SequenceView[] = sequences.map((sequence) => ({
    _id: sequence._id,
    type: sequence.type,
    first: ncfOf(sequence.type, sequence.first),
    last: ncfOf(sequence.type, sequence.last),
    next: ncfOf(sequence.type, Math.min(sequence.next, sequence.last)),
    left: numbersLeft(sequence),
    expires_on: formatDay(sequence.expires_on),
    status:
      sequence.status === 'inactive'
        ? 'inactive'
        : sequence.expires_on.getTime() < now.getTime()
          ? 'expired'
          : numbersLeft(sequence) === 0
            ? 'exhausted'
            : 'active',
  }));
  const alerts: string[] = [];
  if (!settings) alerts.push(R.settingsMissing);
  if (settings?.demo || sequences.some((sequence) => sequence.demo && sequence.status === 'active'))
    alerts.push(R.demoData);
  const soon = now.getTime() + EXPIRY_WARNING_DAYS * 86_400_000;
  // Alerts only for the types the school issues now (no 'E32 missing' while e-CF is off; the B
  // series under e-CF only once the certificate has expired, the contingency).
  const contingency = ecf && certificateValidUntil !== undefined && certificateValidUntil < now;
  for (const type of contingency ? [...typesInUse(true), ...PAPER_TYPES] : typesInUse(ecf)) {
    const usable = sequences.filter(
      (sequence) =>
        sequence.type === type &&
        sequence.status === 'active' &&
        sequence.expires_on.getTime() >= now.getTime() &&
        numbersLeft(sequence) > 0,
    );
    if (usable.length === 0) {
      alerts.push(R.noSequence(type));
      continue;
    }
    const left = usable.reduce((sum, sequence) => sum + numbersLeft(sequence), 0);
    if (left <= LOW_NUMBERS) alerts.push(R.fewLeft(type, left));
    const lastDay = Math.max(...usable.map((sequence) => sequence.expires_on.getTime()));
    if (lastDay < soon) alerts.push(R.expiresSoon(type, formatDay(new Date(lastDay))));
  }
  if (waiting > 0) alerts.push(R.waiting(waiting));
  if (ecf) alerts.push(...(await ecfAlerts(store, now, certificateValidUntil)));
  const shown = settings
    ? {
        school_name: settings.school_name,
        rnc: settings.rnc,
        address: settings.address,
        phone: settings.phone,
        email: settings.email ?? '',
        itbis: settings.itbis,
      }
    : null;
  return {
    // Under e-CF the B ranges may be entered ahead, for a contingency.
    types: ecf ? [...typesInUse(true), ...PAPER_TYPES] : [...typesInUse(false)],
    ecf,
    settings: shown,
    sequences: views,
    alerts,
    waiting,
  };
}
