// Step 3, 'Confirmación y Pago' (spec 01 §2, §4, §5): read-only summaries, the coupon box, the
// totals (cartTotals.ts's cartTotals), the card form, terms and the invoice option; 'Pagar' is enabled
// when the machine says it can PAY and shows a spinner while paying.
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { Button, Form, Spinner } from 'react-bootstrap';
import { formatDop } from '../domain/pricing.ts';
import { WIZARD_ENROLMENT_MESSAGES, FIELD_MESSAGES } from '../domain/enrolment.ts';
// 'Pagar' checks every child and the additional information again: their rules come with it.
import './formRules.ts';
import { FULL_WEEK_LABEL, isAnnual, type CartLine, type PaymentForm } from './wizardData.ts';
import { categoryName, fullLines, swapChoices } from './cartLines.ts';
import { cartSchedule } from './paymentSchedule.ts';
import { cartTotals, couponDisabled } from './cartTotals.ts';
import { participantList, payGaps, paymentGaps, paymentGapsText, type PaymentGap } from './stepRules.ts';
import { MissingNote, TextField } from './Fields.tsx';
import { TermsDialog } from './TermsDialog.tsx';
import { maskCardNumber, maskCvv, maskExpiry, maskRnc } from '../lib/masks.ts';
import { Totals } from './Totals.tsx';
import { AutopayConsent, ScheduleTable } from './ScheduleTable.tsx';
import { santoDomingoDay } from '../domain/days.ts';
import { useShownErrors, type ShownErrors } from './useShownErrors.ts';
import { useWizard, useWizardContext } from './useWizard.ts';
import { BankFrame } from '../lib/BankFrame.tsx';
import { WhatsAppConsent } from './WhatsAppConsent.tsx';

/**
 * The card's bank's step (3-D Secure, issue 21): its method form runs in a hidden frame while
 * 'Procesando pago…' shows; its challenge fills the step in a frame, with 'Cancelar'.
 */
function BankStep() {
  const actor = useWizard();
  const authentication = useWizardContext((c) => c.authentication);
  const cancelling = useSelector(actor, (s) => s.matches({ payment: 'cancellingAuthentication' }));
  if (!authentication) return null;
  return (
    <BankFrame
      session={authentication.session}
      kind={authentication.kind}
      note="Su banco pide confirmar que es usted. Complete la verificación para terminar el pago; sus lugares siguen reservados mientras tanto."
      cancelling={cancelling}
      onCancel={() => actor.send({ type: 'CANCEL_AUTHENTICATION' })}
    />
  );
}

function Summary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3" aria-label={title}>
      <h3 className="h6 border-bottom pb-1">{title}</h3>
      {children}
    </section>
  );
}

function ParticipantsSummary() {
  const participants = useWizardContext((c) => participantList(c));
  return (
    <Summary title="Participantes">
      <ul className="list-unstyled mb-0">
        {participants.map((p) => (
          <li key={p.id} className="d-flex gap-2 align-items-start mb-2">
            {p.image ? (
              <img src={p.image} alt={`Foto de ${p.first_name}`} width={56} height={56} className="rounded" />
            ) : null}
            <span className="small">
              <strong>
                {p.first_name} {p.last_name}
              </strong>
              <br />
              {p.age} años · {p.weight} lbs · {p.height} · {p.gender} · Talla {p.size}
            </span>
          </li>
        ))}
      </ul>
    </Summary>
  );
}

function AdditionalSummary() {
  const a = useWizardContext((c) => c.additional);
  // Optional fields left empty leave no 'Padre: ·' nor a trailing comma: a row shows what was given.
  const joined = (separator: string, ...parts: string[]) =>
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join(separator);
  const rows = (
    [
      ['Madre', joined(' · ', a.mother_name, a.mother_phone)],
      ['Padre', joined(' · ', a.father_name, a.father_phone)],
      ['Correo electrónico', a.email],
      ['Contacto de emergencia', joined(' · ', `${a.first_name} ${a.last_name}`, a.phone_mobile)],
      ['Autorizados', joined(', ', a.authorized_name_1, a.authorized_name_2)],
    ] satisfies Array<[string, string]>
  ).filter(([, value]) => value !== '');
  return (
    <Summary title="Información adicional">
      <dl className="small mb-0">
        {rows.map(([label, value]) => (
          <div key={label} className="d-flex flex-wrap gap-2">
            <dt>{label}:</dt>
            <dd className="mb-1">{value}</dd>
          </div>
        ))}
      </dl>
    </Summary>
  );
}

/** A line whose week filled: the parent picks another week here, and the child's data stays. */
function SwapWeek({ line }: { line: CartLine }) {
  const actor = useWizard();
  const choices = useWizardContext((c) => swapChoices(c, line));
  const id = `swap-${line.key}`;
  return (
    <div className="w-100 mt-2">
      {choices.length > 0 ? (
        <>
          <label htmlFor={id} className="form-label mb-1">
            {line.name} ya no tiene cupos. Cambiar por (Participante {line.cupo}):
          </label>
          <Form.Select
            id={id}
            name={id}
            value=""
            aria-invalid
            onChange={(event) => actor.send({ type: 'SWAP_WEEK', key: line.key, weekId: event.target.value })}
          >
            <option value="">Seleccione otra semana…</option>
            {choices.map((week) => (
              <option key={week._id} value={week._id}>
                {week.name} · {week.date} · {formatDop(week.value)}
              </option>
            ))}
          </Form.Select>
        </>
      ) : (
        <p id={id} tabIndex={-1} className="mb-0">
          {line.name} ya no tiene cupos y no quedan otras semanas disponibles para este participante. Vuelva
          al calendario para quitarla.
        </p>
      )}
    </div>
  );
}

function CalendarSummary() {
  const context = useWizardContext((c) => c);
  const { lines, categories } = context;
  const full = new Set(fullLines(context).map((line) => line.key));
  return (
    <Summary title="Calendario">
      <ul className="list-group small">
        {lines.map((line) => (
          <li
            key={line.key}
            className={`list-group-item d-flex flex-wrap justify-content-between gap-2${full.has(line.key) ? ' list-group-item-danger' : ''}`}
          >
            <span className="min-w-0">
              <strong>{line.name}</strong> · {line.date}
              {categoryName(categories, line.time) ? ` · ${categoryName(categories, line.time)}` : ''} · Cant.{' '}
              {line.quantity}
              {full.has(line.key) ? (
                <span className="badge text-bg-danger ms-2">{FULL_WEEK_LABEL}</span>
              ) : null}
            </span>
            <span className="text-nowrap">{formatDop(line.value)}</span>
            {full.has(line.key) ? <SwapWeek line={line} /> : null}
          </li>
        ))}
      </ul>
    </Summary>
  );
}

function CouponBox() {
  const actor = useWizard();
  const context = useWizardContext((c) => c);
  const validating = useSelector(actor, (s) => s.matches({ payment: 'validatingCoupon' }));
  const canApply = useSelector(actor, (s) => s.can({ type: 'APPLY_COUPON' }));
  const disabled = couponDisabled(context);
  const applied = context.coupon;
  return (
    <Summary title="Cupón">
      <Form.Group controlId="coupon">
        <Form.Label>Código de cupón</Form.Label>
        <div className="d-flex gap-2">
          <Form.Control
            name="coupon"
            autoComplete="off"
            autoCapitalize="characters"
            value={context.payment.coupon}
            disabled={disabled || applied !== null || validating}
            isInvalid={context.couponError !== null}
            aria-invalid={context.couponError !== null || undefined}
            aria-describedby={context.couponError ? 'coupon-error coupon-help' : 'coupon-help'}
            onChange={(e) => actor.send({ type: 'UPDATE_PAYMENT', patch: { coupon: e.target.value } })}
          />
          {applied ? (
            <Button
              variant="outline-primary"
              className="flex-shrink-0"
              onClick={() => actor.send({ type: 'REMOVE_COUPON' })}
            >
              Quitar
            </Button>
          ) : (
            <Button
              variant="outline-primary"
              // The field gives way, never the button's word.
              className="flex-shrink-0"
              disabled={disabled || validating || !canApply}
              onClick={() => actor.send({ type: 'APPLY_COUPON' })}
            >
              {validating ? <Spinner animation="border" size="sm" aria-label="Validando cupón" /> : 'Aplicar'}
            </Button>
          )}
        </div>
        {context.couponError ? (
          <div id="coupon-error" className="invalid-feedback d-block">
            {context.couponError}
          </div>
        ) : null}
        <Form.Text id="coupon-help">
          {disabled
            ? 'El cupón no aplica a inscripciones con membresía.'
            : applied
              ? `Cupón aplicado: ${applied.label} (${applied.code})`
              : 'Ej.: ABC123 (el código de su cupón)'}
        </Form.Text>
      </Form.Group>
    </Summary>
  );
}

/** The sentence under a field 'Pagar' still waits for. */
function gapMessage(gap: PaymentGap): string {
  if (gap.message) return gap.message;
  if (gap.field === 'terms') return WIZARD_ENROLMENT_MESSAGES.terms;
  if (gap.field === 'rnc') return 'Escriba el RNC completo: 9-99-99999-9.';
  return FIELD_MESSAGES.required;
}

type PaymentTextField = 'ccName' | 'ccNumber' | 'ccDate' | 'ccCVV' | 'rnc' | 'rnc_nombre';

/** The words, autofill token and mask of each text field of the card form. */
const PAYMENT_FIELDS: Record<
  PaymentTextField,
  {
    label: string;
    help: string;
    tooltip: string;
    autoComplete: string;
    inputMode?: 'numeric';
    mask?: (raw: string) => string;
  }
> = {
  ccName: {
    label: 'Nombre en la tarjeta',
    help: 'Ej.: MARIA GOMEZ',
    tooltip: 'Tal como aparece impreso en la tarjeta.',
    autoComplete: 'cc-name',
  },
  ccNumber: {
    label: 'Número de tarjeta',
    help: 'Ej.: 4242 4242 4242 4242',
    tooltip: 'Los 16 dígitos del frente de la tarjeta.',
    inputMode: 'numeric',
    autoComplete: 'cc-number',
    mask: maskCardNumber,
  },
  ccDate: {
    label: 'Vencimiento (MM/AAAA)',
    help: 'Ej.: 08/2028',
    tooltip: 'Mes y año de vencimiento de la tarjeta.',
    inputMode: 'numeric',
    autoComplete: 'cc-exp',
    mask: maskExpiry,
  },
  ccCVV: {
    label: 'CVV',
    help: 'Ej.: 123',
    tooltip: 'Código de 3 o 4 dígitos al dorso de la tarjeta.',
    inputMode: 'numeric',
    autoComplete: 'cc-csc',
    mask: maskCvv,
  },
  rnc: {
    label: 'RNC',
    help: 'Ej.: 1-01-23456-3',
    tooltip: 'Registro Nacional del Contribuyente para el comprobante.',
    inputMode: 'numeric',
    autoComplete: 'off',
    mask: maskRnc,
  },
  rnc_nombre: {
    label: 'Nombre o razón social',
    help: 'Ej.: Inversiones Gómez SRL',
    tooltip: 'Nombre que aparecerá en el comprobante fiscal.',
    autoComplete: 'organization',
  },
};

function CardForm({ errors }: { errors: ShownErrors }) {
  const actor = useWizard();
  const payment = useWizardContext((c) => c.payment);
  const camp = useWizardContext((c) => c.camp);
  const cardError = useWizardContext((c) => c.cardError);
  const [reading, setReading] = useState(false);
  const update = (patch: Partial<PaymentForm>) => actor.send({ type: 'UPDATE_PAYMENT', patch });
  const gaps = paymentGaps(payment);
  // Each field's props for its error: shown once left, or after 'Ver qué falta'.
  const check = (field: PaymentGap['field']) => {
    const gap = gaps.find((g) => g.field === field);
    return { error: errors.shown(field, gap && gapMessage(gap)), onBlur: () => errors.touch(field) };
  };
  const termsError = check('terms').error;
  // A text field of the form: its words (PAYMENT_FIELDS), its error and its value.
  const textField = (id: PaymentTextField, className: string) => ({
    id,
    ...check(id),
    className,
    ...PAYMENT_FIELDS[id],
    value: payment[id],
    onChange: (value: string) => update({ [id]: value }),
  });
  return (
    <Summary title="Datos de la tarjeta">
      <div className="row align-items-end">
        <TextField {...textField('ccName', 'col-12 mb-3')} />
        <TextField
          {...textField('ccNumber', 'col-12 mb-3')}
          // The bank's refusal, under the number until the card is changed.
          {...(cardError ? { error: cardError } : {})}
        />
        <TextField {...textField('ccDate', 'col-6 mb-3')} />
        <TextField {...textField('ccCVV', 'col-6 mb-3')} />
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Form.Check
          id="terms"
          name="termsandconditions"
          className="mb-2"
          label="Acepto los términos y condiciones *"
          checked={payment.termsandconditions}
          isInvalid={Boolean(termsError)}
          aria-describedby={termsError ? 'terms-error' : undefined}
          onChange={(e) => update({ termsandconditions: e.target.checked })}
        />
        <Button variant="link" className="mb-2 p-0 px-1 terms-link" onClick={() => setReading(true)}>
          Leer los términos y condiciones
        </Button>
      </div>
      <TermsDialog
        camp={camp}
        show={reading}
        onClose={() => setReading(false)}
        onAccept={() => {
          update({ termsandconditions: true });
          setReading(false);
        }}
      />
      {termsError ? (
        <div id="terms-error" className="invalid-feedback d-block mb-2">
          {termsError}
        </div>
      ) : null}
      <Form.Check
        id="invoice"
        name="comprobantefiscal"
        className="mb-2"
        label="Deseo comprobante fiscal"
        checked={payment.comprobantefiscal}
        onChange={(e) => update({ comprobantefiscal: e.target.checked })}
      />
      {payment.comprobantefiscal ? (
        <div className="row">
          <TextField {...textField('rnc', 'col-md-6 mb-3')} />
          <TextField {...textField('rnc_nombre', 'col-md-6 mb-3')} />
        </div>
      ) : null}
    </Summary>
  );
}

export function PaymentContent() {
  const actor = useWizard();
  const context = useWizardContext((c) => c);
  // The charge, and then the bank's step when it asks for one.
  const paying = useSelector(actor, (s) => s.hasTag('paying') && s.matches('payment'));
  const challenge = useWizardContext((c) => c.authentication?.kind === 'challenge');
  const canPay = useSelector(actor, (s) => s.can({ type: 'PAY' }));
  const errors = useShownErrors();
  const gaps = payGaps(context);
  const schedule = isAnnual(context.camp) ? cartSchedule(context, santoDomingoDay(new Date())) : null;
  if (paying && challenge) return <BankStep />;
  return (
    <>
      {paying ? <BankStep /> : null}
      <ParticipantsSummary />
      <AdditionalSummary />
      <CalendarSummary />
      <CouponBox />
      <Summary title="Totales">
        <Totals
          totals={cartTotals(context)}
          annual={isAnnual(context.camp)}
          couponLabel={context.coupon?.label}
          atPayment
        />
      </Summary>
      {schedule ? (
        <Summary title="Plan de pagos">
          <ScheduleTable
            schedule={schedule}
            childName={(cupo) => context.participants[cupo]?.first_name ?? ''}
          />
          <AutopayConsent
            schedule={schedule}
            checked={context.payment.autopay}
            onChange={(autopay) => actor.send({ type: 'UPDATE_PAYMENT', patch: { autopay } })}
          />
        </Summary>
      ) : null}
      <CardForm errors={errors} />
      <WhatsAppConsent errors={errors} />
      {!canPay && !paying && gaps.length > 0 ? (
        <div className="mb-2">
          <MissingNote
            id="pay-missing"
            text={paymentGapsText(gaps)}
            onShow={() => errors.reveal(gaps[0]!.field)}
          />
        </div>
      ) : null}
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <Button variant="outline-primary" disabled={paying} onClick={() => actor.send({ type: 'BACK' })}>
          Anterior
        </Button>
        <Button
          variant="primary"
          disabled={!canPay || paying}
          aria-describedby={!canPay && !paying && gaps.length > 0 ? 'pay-missing' : undefined}
          onClick={() => actor.send({ type: 'PAY' })}
        >
          {paying ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          {paying ? 'Procesando pago…' : 'Pagar'}
        </Button>
      </div>
    </>
  );
}
