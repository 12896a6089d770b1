// Step 0, 'Calendario de Inscripción' (spec 01 §2, §4, §5): camps list weeks with a checkbox and a
// category per row; annual programs a category dropdown above the payment options (radios) and
// the membership question. Every change is an event to the machine; its rules live in calendarRules.ts.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
// Form's two parts by name: `Form` carries all ten of its parts into the calendar's chunk (0.7 KB gzip).
import { Button, FormCheck, FormSelect } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { FULL_WEEK_LABEL, isAnnual, isFull, type WizardWeek } from './wizardData.ts';
import { ROW_CATEGORY_MESSAGE, addedSummary, allChecked, rowCategory } from './calendarRules.ts';
import { cartTotals } from './cartTotals.ts';
import { WAITLIST_JOIN, waitlistPosition } from '../domain/waitlist-calendar.ts';
import type { WaitlistView } from '../domain/waitlist.ts';
import { CategoryOptions } from './CategoryOptions.tsx';
import { NoDateProblem, useAddProblems } from './AddProblems.tsx';

const WaitlistDialog = lazy(() => import(/* webpackChunkName: "waitlist" */ './WaitlistDialog.tsx'));
// Only a family with a waiting list's offer downloads its notice.
const OfferNotice = lazy(() => import(/* webpackChunkName: "offer-notice" */ './OfferNotice.tsx'));
const AnnualOptions = lazy(() => import(/* webpackChunkName: "annual-options" */ './AnnualOptions.tsx'));
import { useWizard, useWizardContext } from './useWizard.ts';

export const SIBLINGS_BANNER = '1 hermano adicional = 5% OFF | 2+ hermanos = 10% OFF';
export const MEMBERSHIP_INCLUDED = ' | Incluye membresía anual';
export { CATEGORY_PLACEHOLDER } from './CategoryOptions.tsx';

/** The family's request still waiting for a week, if any. */
const waitingFor = (waitlist: readonly WaitlistView[], weekId: string) =>
  waitlist.find((entry) => entry.week === weekId && entry.status === 'waiting');

function CampWeeks() {
  const actor = useWizard();
  const { weeks, selection, categories, waitlist } = useWizardContext((c) => c);
  const everything = useWizardContext((c) => allChecked(c));
  // After a refused 'Agregar': the chosen weeks still without category, and 'no week chosen'.
  const problems = useAddProblems();
  // The full week whose waiting list the parent is joining.
  const [waiting, setWaiting] = useState<WizardWeek | null>(null);
  return (
    <div className="enrolment-rows mb-3">
      <div className="d-flex align-items-center gap-2 border-bottom pb-2 fw-semibold">
        <FormCheck
          id="week-all"
          name="week-all"
          className="mb-0"
          checked={everything}
          onChange={() => actor.send({ type: 'TOGGLE_ALL' })}
          label={<span className="visually-hidden">Seleccionar todas las semanas</span>}
        />
        <span className="flex-grow-1">Fecha / Categoría / Precio</span>
      </div>
      <ul className="list-unstyled mb-0">
        {weeks.map((week) => {
          const full = isFull(week);
          const id = `week-${week._id}`;
          const missing = problems?.weeks.includes(week._id) === true;
          return (
            <li key={week._id} className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2">
              <FormCheck
                id={id}
                name="weeks"
                value={week._id}
                className="mb-0 flex-grow-1 min-w-0"
                disabled={full}
                checked={!full && selection.weekIds.includes(week._id)}
                onChange={() => actor.send({ type: 'TOGGLE_WEEK', weekId: week._id })}
                label={
                  <span className="d-block">
                    <span className="fw-semibold">{week.name}</span>{' '}
                    <span className="small text-body-secondary">{week.date}</span>
                    {full ? <span className="badge text-bg-secondary ms-2">{FULL_WEEK_LABEL}</span> : null}
                  </span>
                }
              />
              {categories.length > 0 ? (
                <FormSelect
                  size="sm"
                  className="category-select"
                  aria-label={`Categoría de ${week.name}`}
                  name={`category-${week._id}`}
                  disabled={full}
                  value={rowCategory(selection, week._id)}
                  isInvalid={missing}
                  aria-invalid={missing || undefined}
                  aria-describedby={missing ? `${id}-error` : undefined}
                  onChange={(event) =>
                    actor.send({ type: 'SELECT_CATEGORY', category: event.target.value, weekId: week._id })
                  }
                >
                  <CategoryOptions categories={categories} />
                </FormSelect>
              ) : null}
              {missing ? (
                <span id={`${id}-error`} className="invalid-feedback d-block w-100 order-last">
                  {ROW_CATEGORY_MESSAGE}
                </span>
              ) : null}
              <span className="text-nowrap fw-semibold ms-auto">{formatDop(week.value)}</span>
              {full && waitingFor(waitlist, week._id) ? (
                // Already in line: where, instead of joining again (issue 26).
                <span className="w-100 small text-body-secondary">
                  {waitlistPosition(waitingFor(waitlist, week._id)!.position ?? 1)}
                </span>
              ) : full ? (
                <Button
                  variant="outline-secondary"
                  className="w-100"
                  aria-label={`${WAITLIST_JOIN}: ${week.name}`}
                  onClick={() => setWaiting(week)}
                >
                  {WAITLIST_JOIN}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <NoDateProblem />
      {waiting ? (
        <Suspense fallback={null}>
          <WaitlistDialog week={waiting} onHide={() => setWaiting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

function AddedNotice() {
  const context = useWizardContext((c) => c);
  const [firstCount] = useState(context.slotCount);
  const added = context.slotCount > firstCount ? addedSummary(context, context.slotCount) : '';
  return (
    <p className="added-notice text-success fw-semibold mb-2 text-end" role="status">
      {added ? `${added} Total: ${formatDop(cartTotals(context).total)}` : ''}
    </p>
  );
}

export function CalendarContent() {
  const actor = useWizard();
  const checking = useSelector(actor, (snapshot) => snapshot.matches({ calendar: 'checkingMembership' }));
  const camp = useWizardContext((c) => c.camp);
  const membershipHave = useWizardContext((c) => c.membership.have);
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'NEXT' }));
  const annual = isAnnual(camp);
  const terms = camp?.payment_terms?.trim() ?? '';
  const hasOffer = useWizardContext((c) => c.waitlist.some((entry) => entry.status === 'offered'));
  return (
    <>
      {hasOffer ? (
        <Suspense fallback={null}>
          <OfferNotice />
        </Suspense>
      ) : null}
      {!annual ? (
        <p className="alert alert-primary py-2 fw-semibold text-center">
          {SIBLINGS_BANNER}
          {membershipHave !== 'SI' ? MEMBERSHIP_INCLUDED : ''}
        </p>
      ) : null}
      {annual ? (
        <Suspense fallback={<p role="status">Cargando…</p>}>
          <AnnualOptions />
        </Suspense>
      ) : (
        <CampWeeks />
      )}
      {terms !== '' ? (
        <p className="small text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
          <strong>Condiciones de pago:</strong> {terms}
        </p>
      ) : null}
      <AddedNotice />
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <Button variant="outline-primary" disabled={checking} onClick={() => actor.send({ type: 'AGREGAR' })}>
          {checking ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
          {checking ? 'Verificando membresía…' : 'Agregar'}
        </Button>
        <Button variant="primary" disabled={!canNext} onClick={() => actor.send({ type: 'NEXT' })}>
          Siguiente
        </Button>
      </div>
    </>
  );
}
