// 'Nueva inscripción' (issue 54): the office enrols a family that walks in or calls. The order is
// the wizard's (one or more children, each with a category and weeks of one program, the family's
// contact), checked by the same domain rules, priced by the server (POST
// /inscripciones/oficina/precio, the checkout's pricing: siblings get the wizard's discounts)
// before the money is taken, and sent once per Idempotency-Key with how the whole order is paid:
// cash, a transfer with its reference, the family's card typed by staff, or 'pendiente de pago'.
// The form's values, the order they make and their errors are ./walkInForm.ts.
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useFormik } from 'formik';
import { DialogFrame } from '../../lib/DialogFrame.tsx';
import { LoadingButton, TextField } from '../../lib/FormControls.tsx';
import { ChecklistField, SelectField } from '../fields.tsx';
import {
  useAreaList,
  useOfficeEnrolMutation,
  useOfficePriceMutation,
  useUploadPhotoMutation,
} from '../api.ts';
import { notifyError, notifySuccess, withServerMessage } from '../feedback.ts';
import { ADDITIONAL_OPTIONAL, CONTACT_FORMS, GENDERS, SHIRT_SIZES, SOURCES } from '../../domain/enrolment.ts';
import { ADDITIONAL_LABELS, PARTICIPANT_LABELS } from '../../domain/labels.ts';
import { santoDomingoDay } from '../../domain/days.ts';
import { formatDop } from '../../domain/pricing.ts';
import { OFFICE_SALE_LABELS, OFFICE_SALE_MESSAGES, OFFICE_SALE_METHODS } from '../../domain/office-sales.ts';
import {
  CHILD,
  CONTACT,
  INPUT_MODE,
  empty,
  emptyChild,
  orderOf,
  priceKey,
  slotKey,
  textOf,
  validate,
  type Values,
} from './walkInForm.ts';
import { RecordOptions } from '../../lib/Options.tsx';

export function WalkInDialog({ onClose }: { onClose: () => void }) {
  const [askPrice] = useOfficePriceMutation();
  const [enrol] = useOfficeEnrolMutation();
  const [upload, uploading] = useUploadPhotoMutation();
  // One key per order: a second click or a retry after a lost answer takes the money once.
  const key = useRef(crypto.randomUUID());
  const [price, setPrice] = useState<{ amount: number; discount: number; sent: string } | null>(null);
  const formik = useFormik<Values>({
    initialValues: empty(),
    validate,
    onSubmit: async (values) => {
      const body = orderOf(values, weekList);
      const shown = priceKey(body);
      try {
        // The school's price first: the office reads it to the family before taking the money.
        if (!price || price.sent !== shown) {
          const quoted = await askPrice(body).unwrap();
          setPrice({ ...quoted, sent: shown });
          return;
        }
        const answer = await enrol({
          body: { ...body, amount: price.amount, discount: price.discount },
          key: key.current,
        }).unwrap();
        notifySuccess(`${OFFICE_SALE_MESSAGES.done(answer.result.orderId)} ${answer.result.amountFormat}`);
        onClose();
      } catch (error) {
        notifyError(withServerMessage('No se pudo registrar la inscripción', error));
      }
    },
  });
  const camps = useAreaList('campamentos', { status: 'active', limit: 100 });
  const campament = formik.values.campament;
  const weeks = useAreaList('semanas', { campament, status: 'active', limit: 100 }, !campament);
  const categories = useAreaList('categorias', { campament, status: 'active', limit: 100 }, !campament);
  const weekList = (weeks.data?.data ?? []).filter((week) => week.isChecked !== false);

  // Another program: its weeks and categories are others, for every child.
  useEffect(() => {
    for (const slot of formik.values.children) {
      void formik.setFieldValue(slotKey(slot, 'weeks'), []);
      void formik.setFieldValue(slotKey(slot, 'category'), '');
    }
    // Only when the program changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [campament]);
  const { values } = formik;
  const today = santoDomingoDay(new Date());
  // The price shown is the one of the order as it is now: any change asks it again.
  const quoted = price && price.sent === priceKey(orderOf(values, weekList)) ? price : null;

  async function choosePhoto(slot: number, file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.append('foto', file);
    try {
      await formik.setFieldValue(slotKey(slot, 'image'), await upload(form).unwrap());
    } catch (error) {
      notifyError(withServerMessage('No se pudo subir la foto', error));
    }
  }

  /** Siblings: another child in the same order, with a category and weeks of their own. */
  function addChild() {
    const slot = Math.max(...values.children) + 1;
    void formik.setValues({ ...values, ...emptyChild(slot), children: [...values.children, slot] });
  }
  function removeChild(slot: number) {
    const kept = Object.fromEntries(Object.entries(values).filter(([key]) => !key.startsWith(`p${slot}_`)));
    void formik.setValues({ ...kept, children: values.children.filter((other) => other !== slot) } as Values);
  }

  const text = (
    name: keyof Values,
    label: string,
    extra: Partial<Parameters<typeof TextField<Values>>[0]> = {},
  ) => (
    <div key={name} className="col-12 col-md-6">
      <TextField formik={formik} name={name} label={label} help="" inputMode={INPUT_MODE[name]} {...extra} />
    </div>
  );

  const childSection = (slot: number, index: number) => {
    const photoError = formik.submitCount > 0 ? formik.errors[slotKey(slot, 'image')] : undefined;
    const weeksError = formik.submitCount > 0 ? formik.errors[slotKey(slot, 'weeks')] : undefined;
    const photoId = `field-p${slot}_photo`;
    return (
      <fieldset key={slot} className="border rounded p-2 p-md-3 mb-3">
        <legend className="h6 float-none w-auto px-1 mb-2">Participante {index + 1}</legend>
        <div className="row">
          <div className="col-12 col-md-6">
            <SelectField formik={formik} name={slotKey(slot, 'category')} label="Categoría *" help="">
              <option value="">Elija…</option>
              <RecordOptions records={categories.data?.data} />
            </SelectField>
          </div>
        </div>
        <ChecklistField
          formik={formik}
          name={slotKey(slot, 'weeks')}
          legend="Semanas *"
          options={weekList.map((week) => ({
            id: week._id,
            label: `${week.name} (${week.date}) · ${formatDop(week.value)}${week.quota_f_left === 0 ? ' · Agotado' : ''}`,
          }))}
          empty={
            <p className="small text-body-secondary">
              {campament ? 'Sin semanas activas.' : 'Elija primero el programa.'}
            </p>
          }
        />
        {typeof weeksError === 'string' && <p className="text-danger small">{weeksError}</p>}
        <div className="row">
          {CHILD.map((field) =>
            field === 'gender' || field === 'size' ? (
              <div key={field} className="col-12 col-md-6">
                <SelectField
                  formik={formik}
                  name={slotKey(slot, field)}
                  label={`${PARTICIPANT_LABELS[field]} *`}
                  help=""
                >
                  <option value="">Elija…</option>
                  {(field === 'gender' ? GENDERS : SHIRT_SIZES).map((option) => (
                    <option key={option}>{option}</option>
                  ))}
                </SelectField>
              </div>
            ) : (
              <div key={field} className="col-12 col-md-6">
                <TextField
                  formik={formik}
                  name={slotKey(slot, field)}
                  label={`${PARTICIPANT_LABELS[field]} *`}
                  help={field === 'birth_date' ? 'DD/MM/AAAA' : ''}
                  inputMode={INPUT_MODE[field]}
                  autoComplete="off"
                />
              </div>
            ),
          )}
          <div className="col-12 col-md-6 mb-3">
            <label htmlFor={photoId} className="form-label">
              {PARTICIPANT_LABELS.image} *
            </label>
            <input
              id={photoId}
              name={`p${slot}_photo`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className={`form-control${photoError ? ' is-invalid' : ''}`}
              aria-describedby={`${photoId}-note`}
              onChange={(event) => void choosePhoto(slot, event.target.files?.[0])}
            />
            <div id={`${photoId}-note`} className={photoError ? 'invalid-feedback d-block' : 'form-text'}>
              {uploading.isLoading
                ? 'Subiendo la foto…'
                : textOf(values, slot, 'image')
                  ? 'Foto subida.'
                  : typeof photoError === 'string'
                    ? photoError
                    : 'JPEG, PNG o WebP.'}
            </div>
          </div>
        </div>
        {values.children.length > 1 && (
          <Button variant="outline-danger" className="admin-tap" onClick={() => removeChild(slot)}>
            Quitar participante {index + 1}
          </Button>
        )}
      </fieldset>
    );
  };

  return (
    <DialogFrame
      onClose={onClose}
      titleId="walk-in-title"
      title="Nueva inscripción"
      trapTab
      modal={{ scrollable: true, fullscreen: 'md-down', size: 'lg' }}
      form={{ noValidate: true, onSubmit: formik.handleSubmit, 'aria-labelledby': 'walk-in-title' }}
      footer={
        <>
          <Button variant="secondary" className="admin-tap" onClick={onClose}>
            Cancelar
          </Button>
          <LoadingButton type="submit" loading={formik.isSubmitting} className="btn-primary admin-tap">
            {quoted ? 'Registrar inscripción' : 'Calcular precio'}
          </LoadingButton>
        </>
      }
    >
      <p className="small text-body-secondary">
        La inscripción sigue las mismas reglas y precios que la de los padres (hermanos en un mismo pedido
        incluidos). Se busca la cuenta por su correo; si no existe se crea y la familia recibe un correo para
        elegir su contraseña.
      </p>
      <h3 className="h6">Familia</h3>
      <div className="row">
        {text('account_email', 'Correo de la cuenta de la familia *', {
          type: 'email',
          autoComplete: 'off',
          inputMode: 'email',
        })}
      </div>
      <h3 className="h6">Programa</h3>
      <div className="row">
        <div className="col-12 col-md-6">
          <SelectField formik={formik} name="campament" label="Programa *" help="">
            <option value="">Elija…</option>
            <RecordOptions records={camps.data?.data} />
          </SelectField>
        </div>
      </div>
      <h3 className="h6">Participantes</h3>
      {values.children.map(childSection)}
      <Button variant="outline-primary" className="admin-tap mb-3" onClick={addChild}>
        Agregar otro participante
      </Button>
      <h3 className="h6">Contacto de la familia</h3>
      <div className="row">
        {CONTACT.map((field) =>
          text(
            `c_${field}`,
            `${field === 'first_name' || field === 'last_name' ? 'Contacto de emergencia: ' : ''}${ADDITIONAL_LABELS[field]}${(ADDITIONAL_OPTIONAL as readonly string[]).includes(field) ? '' : ' *'}`,
          ),
        )}
        <div className="col-12 col-md-6">
          <SelectField
            formik={formik}
            name="c_contact_form"
            label={`${ADDITIONAL_LABELS.contact_form} *`}
            help=""
          >
            {CONTACT_FORMS.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </SelectField>
        </div>
        <div className="col-12 col-md-6">
          <SelectField formik={formik} name="c_source" label={`${ADDITIONAL_LABELS.source} *`} help="">
            {SOURCES.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </SelectField>
        </div>
      </div>
      <div className="form-check mb-3">
        <input
          id="field-terms"
          type="checkbox"
          className={`form-check-input${formik.submitCount > 0 && formik.errors.terms ? ' is-invalid' : ''}`}
          aria-describedby="field-terms-error"
          {...formik.getFieldProps({ name: 'terms', type: 'checkbox' })}
        />
        <label htmlFor="field-terms" className="form-check-label">
          La familia aceptó los términos y condiciones *
        </label>
        {formik.submitCount > 0 && formik.errors.terms && (
          <div id="field-terms-error" className="invalid-feedback d-block">
            {formik.errors.terms}
          </div>
        )}
      </div>
      <h3 className="h6">Pago</h3>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Forma de pago *</legend>
        {OFFICE_SALE_METHODS.map((method) => (
          <div key={method} className="form-check admin-tap d-flex align-items-center gap-2">
            <input
              id={`method-${method}`}
              name="method"
              type="radio"
              className="form-check-input mt-0"
              value={method}
              checked={values.method === method}
              onChange={() => void formik.setFieldValue('method', method)}
            />
            <label htmlFor={`method-${method}`} className="form-check-label">
              {OFFICE_SALE_LABELS[method]}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="row">
        {values.method === 'transferencia' && (
          <>
            {text('document', 'Referencia de la transferencia *', { autoComplete: 'off' })}
            {text('bank', 'Banco', { autoComplete: 'off' })}
          </>
        )}
        {values.method === 'pendiente' &&
          text('due', 'Fecha límite de pago *', {
            type: 'date',
            min: undefined,
            help: `Los cupos se reservan hasta ese día (desde ${today.split('-').reverse().join('/')}, 30 días como máximo).`,
          })}
        {values.method === 'tarjeta' && (
          <>
            {text('cardHolder', 'Titular de la tarjeta *', { autoComplete: 'off' })}
            {text('cardNumber', 'Número de la tarjeta *', { autoComplete: 'off', inputMode: 'numeric' })}
            {text('expDate', 'Vencimiento (MM/AAAA) *', { autoComplete: 'off', inputMode: 'numeric' })}
            {text('cvv', 'CVV *', { autoComplete: 'off', inputMode: 'numeric', type: 'password' })}
          </>
        )}
        {text('note', 'Nota (recibo manual, quién llamó…)', { autoComplete: 'off' })}
      </div>
      {quoted && (
        <p className="fs-5 mb-0" role="status">
          Total a {values.method === 'pendiente' ? 'pagar' : 'cobrar'}:{' '}
          <strong>{formatDop(quoted.amount)}</strong>
          {quoted.discount > 0 && (
            <span className="small text-body-secondary"> (descuento {formatDop(quoted.discount)})</span>
          )}
        </p>
      )}
    </DialogFrame>
  );
}
