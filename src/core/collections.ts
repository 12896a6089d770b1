// The stored collections that many of the core's areas read and write, each named and typed once.
import type { Store } from './store/port.ts';
import type { Enrolment } from '../domain/records.ts';

/** The orders ('inscripciones'): the checkout's, the office's and the ledger's. */
export const enrolmentsOf = (store: Store) => store.collection<Enrolment>('inscripciones');
