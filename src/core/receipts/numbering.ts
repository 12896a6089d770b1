// What may number a receipt (issue 18): the school's fiscal data it prints, the NCF ranges that can
// number a type now, and whether new receipts are e-CF or, in a contingency, the B series.
import { nowOf, type CoreDeps } from '../deps.ts';
import type { Store } from '../store/port.ts';
import {
  FISCAL_SETTINGS_ID,
  NCF_TYPE_CODES,
  numbersLeft,
  type FiscalSettings,
  type NcfSequence,
  type NcfType,
} from '../../domain/receipts.ts';

export const SEQUENCES = 'secuencias_ncf';
export const SETTINGS = 'ajustes';

const sequencesOf = (store: Store) => store.collection<NcfSequence>(SEQUENCES);

/**
 * Whether new receipts are e-CF: e-CF on and the school's certificate still signs. Once it has
 * expired the B series stands in (the law's contingency) and the admins are told at once.
 */
export const signsElectronic = (deps: Pick<CoreDeps, 'settings' | 'ecf' | 'clock'>): boolean =>
  deps.settings.ecf === true &&
  deps.ecf !== undefined &&
  deps.ecf.certificateValidUntil.getTime() >= nowOf(deps).getTime();

export async function fiscalSettings(store: Store): Promise<FiscalSettings | null> {
  return store.collection<FiscalSettings>(SETTINGS).findById(FISCAL_SETTINGS_ID);
}

/** Sequences of a type that may issue now, the oldest range first. */
export async function usableSequences(store: Store, type: NcfType, now: Date): Promise<NcfSequence[]> {
  const sequences = await sequencesOf(store).find(
    { type, status: 'active', expires_on: { $gte: now } },
    { sort: { first: 1 } },
  );
  return sequences.filter((sequence) => numbersLeft(sequence) > 0);
}

/** Types that can be numbered now: the school's data are set and a range has numbers left. */
export async function issuableTypes(store: Store, now: Date): Promise<NcfType[]> {
  if (!(await fiscalSettings(store))) return [];
  const usable: NcfType[] = [];
  for (const type of NCF_TYPE_CODES)
    if ((await usableSequences(store, type, now)).length > 0) usable.push(type);
  return usable;
}
