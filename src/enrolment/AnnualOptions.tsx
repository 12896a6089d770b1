// An annual program's calendar (spec 01 §4; issue 20's plans): the category, the payment options
// with their plan, and the membership question. A chunk of its own: a summer camp's calendar (the
// link most families open) never loads it.
import { useEffect, useState } from 'react';
import { Form } from 'react-bootstrap';
import { request } from '../api/http.ts';
import { formatDop } from '../domain/pricing.ts';
import { dueDatesFrom, planOf, planSentence } from '../domain/plans.ts';
import { santoDomingoDay } from '../domain/days.ts';
import { FULL_WEEK_LABEL, isFull, type WizardWeek } from './wizardData.ts';
import { ADD_MESSAGES } from './calendarRules.ts';
import { CategoryOptions } from './CategoryOptions.tsx';
import { NoDateProblem, useAddProblems } from './AddProblems.tsx';
import { useWizard, useWizardContext } from './useWizard.ts';

/** The option's plan in one line, with its total (issue 20): how the price shown is paid. */
/** The two answers to '¿Ya tiene membresía anual?'; 'NO' also forgets a code typed before. */
const HAVE_MEMBERSHIP = [
  // Written with its accent; the value kept and sent stays the spec's 'SI'.
  { have: 'SI', label: 'SÍ', id: {} },
  { have: 'NO', label: 'NO', id: { id: '' } },
] as const;

function PlanLine({ week }: { week: WizardWeek }) {
  const today = santoDomingoDay(new Date());
  const plan = planOf(week, today);
  const count = dueDatesFrom(plan, today).length;
  return (
    <span className="d-block small text-body-secondary">
      {planSentence(plan, today)}
      {count > 1 ? ` · ${count} cuotas desde hoy: ${formatDop(count * week.value)} + membresía` : ''}
    </span>
  );
}

/** The family's membership codes (its profile's list), offered when it says it has one. */
function useFamilyCodes(): Array<{ code: string; participant: string }> {
  const [codes, setCodes] = useState<Array<{ code: string; participant: string }>>([]);
  useEffect(() => {
    const controller = new AbortController();
    request<{ data?: { memberships?: Array<{ code: string; participant: string }> } }>('/usuarios/activity', {
      signal: controller.signal,
    })
      .then((answer) => {
        if (!controller.signal.aborted) setCodes(answer.data?.memberships ?? []);
      })
      // Without them the parent types the code, as before.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return codes;
}

export default function AnnualOptions() {
  const familyCodes = useFamilyCodes();
  const actor = useWizard();
  const { weeks, selection, categories, membership } = useWizardContext((c) => c);
  const problems = useAddProblems();
  const missing = problems?.category === true;
  return (
    <>
      <Form.Group className="mb-3" controlId="annual-category">
        <Form.Label>Categoría *</Form.Label>
        <Form.Select
          name="category"
          value={selection.category}
          isInvalid={missing}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? 'annual-category-error' : undefined}
          onChange={(event) => actor.send({ type: 'SELECT_CATEGORY', category: event.target.value })}
        >
          <CategoryOptions categories={categories} />
        </Form.Select>
        {missing ? (
          <Form.Control.Feedback id="annual-category-error" type="invalid">
            {ADD_MESSAGES.category}
          </Form.Control.Feedback>
        ) : null}
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
        <NoDateProblem />
      </div>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">¿Ya tiene membresía anual?</legend>
        <div className="d-flex flex-wrap align-items-center gap-3">
          {HAVE_MEMBERSHIP.map(({ have, label, id }) => (
            <Form.Check
              key={have}
              inline
              type="radio"
              name="membership-have"
              id={`membership-${have.toLowerCase()}`}
              label={label}
              checked={membership.have === have}
              onChange={() => actor.send({ type: 'SET_MEMBERSHIP', have, ...id })}
            />
          ))}
        </div>
        {membership.have === 'SI' && familyCodes.length > 0 ? (
          // The family's codes (issue 26): picked, not retyped, so a child never ends with two.
          <Form.Group className="mt-2" controlId="membership-family">
            <Form.Label>Códigos de su familia</Form.Label>
            <Form.Select
              name="membership_family"
              value={familyCodes.some((known) => known.code === membership.id) ? membership.id : ''}
              onChange={(event) => actor.send({ type: 'SET_MEMBERSHIP', id: event.target.value })}
            >
              <option value="">Elija un código o escríbalo abajo</option>
              {familyCodes.map((known) => (
                <option key={known.code} value={known.code}>
                  {known.code} · {known.participant}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : null}
        {membership.have === 'SI' ? (
          <Form.Group className="mt-2" controlId="membership-id">
            <Form.Label>Código de membresía *</Form.Label>
            <Form.Control
              name="membership_id"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={membership.id}
              isInvalid={problems?.code === true}
              aria-invalid={problems?.code || undefined}
              aria-describedby={
                problems?.code ? 'membership-id-error membership-id-help' : 'membership-id-help'
              }
              onChange={(event) => actor.send({ type: 'SET_MEMBERSHIP', id: event.target.value })}
            />
            {problems?.code ? (
              <Form.Control.Feedback id="membership-id-error" type="invalid">
                {ADD_MESSAGES.membershipCode}
              </Form.Control.Feedback>
            ) : null}
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
