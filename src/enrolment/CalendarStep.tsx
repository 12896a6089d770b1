// Step 0, 'Calendario de Inscripción' (spec 01 §2, §4, §5): camps list weeks with a checkbox and a
// category per row; annual programs a category dropdown above the payment options (radios) and
// the membership question. Every change is an event to the machine; its rules live in cart.ts.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { dueDatesFrom, planOf, planSentence } from '../domain/plans.ts';
import { santoDomingoDay } from '../domain/days.ts';
import {
  FULL_WEEK_LABEL,
  addedSummary,
  allChecked,
  cartTotals,
  isAnnual,
  isFull,
  rowCategory,
  type WizardCategory,
  type WizardWeek,
} from './cart.ts';
import { WAITLIST_MESSAGES } from '../domain/waitlist.ts';

const WaitlistDialog = lazy(() => import(/* webpackChunkName: "waitlist" */ './WaitlistDialog.tsx'));
import { useWizard, useWizardContext } from './useWizard.ts';

export const SIBLINGS_BANNER = '1 hermano adicional = 5% OFF | 2+ hermanos = 10% OFF';
export const MEMBERSHIP_INCLUDED = ' | Incluye membresía anual';
export const CATEGORY_PLACEHOLDER = 'Seleccione una categoría';

function CategoryOptions({ categories }: { categories: readonly WizardCategory[] }) {
  return (
    <>
      <option value="">{CATEGORY_PLACEHOLDER}</option>
      {categories.map((category) => (
        <option key={category._id} value={category._id}>
          {category.name}
        </option>
      ))}
    </>
  );
}

function CampWeeks() {
  const actor = useWizard();
  const { weeks, selection, categories } = useWizardContext((c) => c);
  const everything = useWizardContext((c) => allChecked(c));
  // The full week whose waiting list the parent is joining.
  const [waiting, setWaiting] = useState<WizardWeek | null>(null);
  return (
    <div className="enrolment-rows mb-3">
      <div className="d-flex align-items-center gap-2 border-bottom pb-2 fw-semibold">
        <Form.Check
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
          return (
            <li key={week._id} className="d-flex flex-wrap align-items-center gap-2 border-bottom py-2">
              <Form.Check
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
                <Form.Select
                  size="sm"
                  className="category-select"
                  aria-label={`Categoría de ${week.name}`}
                  name={`category-${week._id}`}
                  disabled={full}
                  value={rowCategory(selection, week._id)}
                  onChange={(event) =>
                    actor.send({ type: 'SELECT_CATEGORY', category: event.target.value, weekId: week._id })
                  }
                >
                  <CategoryOptions categories={categories} />
                </Form.Select>
              ) : null}
              <span className="text-nowrap fw-semibold ms-auto">{formatDop(week.value)}</span>
              {full ? (
                <Button
                  variant="outline-secondary"
                  className="w-100"
                  aria-label={`${WAITLIST_MESSAGES.join}: ${week.name}`}
                  onClick={() => setWaiting(week)}
                >
                  {WAITLIST_MESSAGES.join}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {waiting ? (
        <Suspense fallback={null}>
          <WaitlistDialog week={waiting} onHide={() => setWaiting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The option's plan in one line, with its total (issue 20): how the price shown is paid. */
function PlanLine({ week }: { week: WizardWeek }) {
  const today = santoDomingoDay(new Date());
  const plan = planOf(week, today);
  const count = dueDatesFrom(plan, today).length;
  return (
    <span className="d-block small text-body-secondary">
      {planSentence(plan)}
      {count > 1 ? ` · ${count} cuotas desde hoy: ${formatDop(count * week.value)} + membresía` : ''}
    </span>
  );
}

function AnnualOptions() {
  const actor = useWizard();
  const { weeks, selection, categories, membership } = useWizardContext((c) => c);
  return (
    <>
      <Form.Group className="mb-3" controlId="annual-category">
        <Form.Label>Categoría *</Form.Label>
        <Form.Select
          name="category"
          value={selection.category}
          onChange={(event) => actor.send({ type: 'SELECT_CATEGORY', category: event.target.value })}
        >
          <CategoryOptions categories={categories} />
        </Form.Select>
      </Form.Group>
      <div className="mb-3" role="radiogroup" aria-labelledby="payment-option-head">
        <div className="d-flex justify-content-between border-bottom pb-2 fw-semibold">
          <span id="payment-option-head">Forma de Pago</span>
          <span>Precio</span>
        </div>
        {weeks.length === 0 ? (
          <p className="text-body-secondary py-2 mb-0">No hay formas de pago para esta categoría.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {weeks.map((week) => {
              const full = isFull(week);
              return (
                <li key={week._id} className="d-flex align-items-center gap-2 border-bottom py-2">
                  <Form.Check
                    type="radio"
                    name="payment-option"
                    id={`option-${week._id}`}
                    className="mb-0 flex-grow-1 min-w-0"
                    disabled={full}
                    checked={selection.weekIds.includes(week._id)}
                    onChange={() => actor.send({ type: 'TOGGLE_WEEK', weekId: week._id })}
                    label={
                      <span>
                        <span className="fw-semibold">{week.name}</span>{' '}
                        <span className="small text-body-secondary">{week.date}</span>
                        {full ? (
                          <span className="badge text-bg-secondary ms-2">{FULL_WEEK_LABEL}</span>
                        ) : null}
                        <PlanLine week={week} />
                      </span>
                    }
                  />
                  <span className="text-nowrap fw-semibold">{formatDop(week.value)}</span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">¿Ya tiene membresía anual?</legend>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <Form.Check
            inline
            type="radio"
            name="membership-have"
            id="membership-si"
            label="SI"
            checked={membership.have === 'SI'}
            onChange={() => actor.send({ type: 'SET_MEMBERSHIP', have: 'SI' })}
          />
          <Form.Check
            inline
            type="radio"
            name="membership-have"
            id="membership-no"
            label="NO"
            checked={membership.have === 'NO'}
            onChange={() => actor.send({ type: 'SET_MEMBERSHIP', have: 'NO', id: '' })}
          />
        </div>
        {membership.have === 'SI' ? (
          <Form.Group className="mt-2" controlId="membership-id">
            <Form.Label>Código de membresía *</Form.Label>
            <Form.Control
              name="membership_id"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={membership.id}
              aria-describedby="membership-id-help"
              onChange={(event) => actor.send({ type: 'SET_MEMBERSHIP', id: event.target.value })}
            />
            <Form.Text id="membership-id-help">
              Ej.: MB-7K3Q-9XT2 (en su perfil y en el correo de su inscripción anterior). Se verifica al
              agregar.
            </Form.Text>
          </Form.Group>
        ) : null}
      </fieldset>
    </>
  );
}

/**
 * After 'Agregar', beside the button (on a phone the cart is folded away): which child was added,
 * with what, and the new total. Only for children added on this visit of the calendar.
 */
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
  return (
    <>
      {!annual ? (
        <p className="alert alert-primary py-2 fw-semibold text-center">
          {SIBLINGS_BANNER}
          {membershipHave !== 'SI' ? MEMBERSHIP_INCLUDED : ''}
        </p>
      ) : null}
      {annual ? <AnnualOptions /> : <CampWeeks />}
      {terms !== '' ? (
        <p className="small text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
          <strong>Condiciones de pago:</strong> {terms}
        </p>
      ) : null}
      <AddedNotice />
      <div className="d-flex flex-wrap justify-content-end gap-2">
        <Button variant="outline-primary" disabled={checking} onClick={() => actor.send({ type: 'AGREGAR' })}>
          {checking ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {checking ? 'Verificando membresía…' : 'Agregar'}
        </Button>
        <Button variant="primary" disabled={!canNext} onClick={() => actor.send({ type: 'NEXT' })}>
          Siguiente
        </Button>
      </div>
    </>
  );
}
