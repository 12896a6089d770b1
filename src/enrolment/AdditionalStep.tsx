// Step 2, additional information (spec 01 §2, §3, §5): parents, emergency contact, authorised
// pick-up persons and how the family heard of the school. The checks are domain/enrolment.ts's
// additionalErrors; phones and national ids go through masks.ts.
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { DEFAULT_USER, selectCurrentUser } from '../auth/authSlice.ts';
import { useAppSelector } from '../lib/hooks.ts';
import { ADDITIONAL_FIELDS, CONTACT_FORMS, SOURCES, type AdditionalData } from '../domain/enrolment.ts';
import { additionalErrors, additionalFieldErrors, additionalRequired } from '../domain/enrolment-rules.ts';
// The forms' rules arrive with this step (never with the calendar).
import './formRules.ts';
import { ErrorList, MissingNote, REQUIRED_NOTE, SelectField, TextField } from './Fields.tsx';
import { maskNationalId, maskPhone } from '../lib/masks.ts';
import { BackNext } from './StepFrame.tsx';
import { useShownErrors } from './useShownErrors.ts';
import { useWizard, useWizardContext } from './useWizard.ts';
import { ADDITIONAL_LABELS } from '../domain/labels.ts';
import { loadSavedFamily } from './savedFamily.ts';
import { SAVED_FAMILY_MESSAGES } from '../domain/saved-family.ts';

type Key = keyof AdditionalData;
type Kind = 'text' | 'phone' | 'id' | 'email' | 'multiline';

interface FieldSpec {
  key: Key;
  label: string;
  help: string;
  tooltip: string;
  kind?: Kind;
}

/**
 * Autofill tokens (HTML autocomplete): `section-*` keeps the people of the form apart, so a
 * browser never puts the mother's phone into the emergency contact. National ids have no token.
 */
const AUTOCOMPLETE: Record<Key, string> = {
  mother_name: 'section-mother name',
  mother_phone: 'section-mother tel-national',
  mother_id: 'off',
  father_name: 'section-father name',
  father_phone: 'section-father tel-national',
  father_id: 'off',
  email: 'email',
  family_address: 'street-address',
  first_name: 'section-emergency given-name',
  last_name: 'section-emergency family-name',
  phone_home: 'section-emergency home tel-national',
  phone_mobile: 'section-emergency mobile tel-national',
  phone_office: 'section-emergency work tel-national',
  comments: 'off',
  contact_form: 'off',
  authorized_name_1: 'section-authorized1 name',
  authorized_id_1: 'off',
  authorized_name_2: 'section-authorized2 name',
  authorized_id_2: 'off',
  source: 'off',
  other_source: 'off',
};

const PHONE_HELP = 'Ej.: 809-555-1234';
const ID_HELP = 'Ej.: 001-1234567-3';

const SECTIONS: Array<{ title: string; note?: string; fields: FieldSpec[] }> = [
  {
    title: 'Padres',
    note: 'Basta con los datos de uno de los padres (o de quien tenga la tutela): nombre, teléfono y cédula.',
    fields: [
      {
        key: 'mother_name',
        label: ADDITIONAL_LABELS.mother_name,
        help: 'Ej.: María Gómez',
        tooltip: 'Nombre completo de la madre.',
      },
      {
        key: 'mother_phone',
        label: ADDITIONAL_LABELS.mother_phone,
        help: PHONE_HELP,
        tooltip: 'Teléfono donde localizar a la madre.',
        kind: 'phone',
      },
      {
        key: 'mother_id',
        label: ADDITIONAL_LABELS.mother_id,
        help: ID_HELP,
        tooltip: 'Cédula de identidad de la madre.',
        kind: 'id',
      },
      {
        key: 'father_name',
        label: ADDITIONAL_LABELS.father_name,
        help: 'Ej.: Juan Pérez',
        tooltip: 'Nombre completo del padre.',
      },
      {
        key: 'father_phone',
        label: ADDITIONAL_LABELS.father_phone,
        help: PHONE_HELP,
        tooltip: 'Teléfono donde localizar al padre.',
        kind: 'phone',
      },
      {
        key: 'father_id',
        label: ADDITIONAL_LABELS.father_id,
        help: ID_HELP,
        tooltip: 'Cédula de identidad del padre.',
        kind: 'id',
      },
      {
        key: 'email',
        label: ADDITIONAL_LABELS.email,
        help: 'Ej.: familia@correo.com',
        tooltip: 'Aquí recibirá la confirmación de la inscripción.',
        kind: 'email',
      },
      {
        key: 'family_address',
        label: ADDITIONAL_LABELS.family_address,
        help: 'Ej.: Calle El Sol 12, Santiago',
        tooltip: 'Dirección de la residencia familiar.',
        kind: 'multiline',
      },
    ],
  },
  {
    title: 'Contacto de emergencia',
    fields: [
      {
        key: 'first_name',
        label: ADDITIONAL_LABELS.first_name,
        help: 'Ej.: Rosa',
        tooltip: 'Nombre de la persona a llamar en una emergencia.',
      },
      {
        key: 'last_name',
        label: ADDITIONAL_LABELS.last_name,
        help: 'Ej.: Gómez',
        tooltip: 'Apellido de la persona a llamar en una emergencia.',
      },
      {
        key: 'phone_home',
        label: ADDITIONAL_LABELS.phone_home,
        help: PHONE_HELP,
        tooltip: 'Teléfono de la casa del contacto.',
        kind: 'phone',
      },
      {
        key: 'phone_mobile',
        label: ADDITIONAL_LABELS.phone_mobile,
        help: 'Ej.: 829-555-1234',
        tooltip: 'Celular del contacto.',
        kind: 'phone',
      },
      {
        key: 'phone_office',
        label: ADDITIONAL_LABELS.phone_office,
        help: PHONE_HELP,
        tooltip: 'Teléfono del trabajo del contacto.',
        kind: 'phone',
      },
      {
        key: 'comments',
        label: ADDITIONAL_LABELS.comments,
        help: 'Ej.: Llamar primero al celular',
        tooltip: 'Indicaciones para contactar a esta persona.',
        kind: 'multiline',
      },
    ],
  },
  {
    title: 'Personas autorizadas a buscar a su hijo(a)',
    note: 'La persona autorizada 2 es opcional.',
    fields: [
      {
        key: 'authorized_name_1',
        label: ADDITIONAL_LABELS.authorized_name_1,
        help: 'Ej.: Rosa Gómez',
        tooltip: 'Persona que puede recoger al participante.',
      },
      {
        key: 'authorized_id_1',
        label: ADDITIONAL_LABELS.authorized_id_1,
        help: ID_HELP,
        tooltip: 'Cédula de esa persona; se verifica al recoger.',
        kind: 'id',
      },
      {
        key: 'authorized_name_2',
        label: ADDITIONAL_LABELS.authorized_name_2,
        help: 'Ej.: Pedro Pérez',
        tooltip: 'Otra persona que puede recoger al participante.',
      },
      {
        key: 'authorized_id_2',
        label: ADDITIONAL_LABELS.authorized_id_2,
        help: ID_HELP,
        tooltip: 'Cédula de esa persona; se verifica al recoger.',
        kind: 'id',
      },
    ],
  },
];

/** The control id of a field (its name is the field's key). */
const fieldId = (key: Key) => `add-${key}`;

/** The fields in the order of the form: the first invalid one is where 'Ver qué falta' goes. */
const FORM_ORDER: readonly Key[] = [
  ...SECTIONS.flatMap((section) =>
    section.title === 'Contacto de emergencia'
      ? [...section.fields.map((f) => f.key), 'contact_form' as const]
      : section.fields.map((f) => f.key),
  ),
  'source',
  'other_source',
];

function Field({
  spec,
  value,
  onChange,
  error,
  onBlur,
}: {
  spec: FieldSpec;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  onBlur: () => void;
}) {
  const kind = spec.kind ?? 'text';
  return (
    <TextField
      id={fieldId(spec.key)}
      name={spec.key}
      error={error}
      onBlur={onBlur}
      autoComplete={AUTOCOMPLETE[spec.key]}
      className={kind === 'multiline' ? 'col-12 mb-3' : 'col-md-6 mb-3'}
      label={spec.label}
      help={spec.help}
      tooltip={spec.tooltip}
      required={additionalRequired(spec.key)}
      value={value}
      onChange={onChange}
      multiline={kind === 'multiline'}
      type={kind === 'email' ? 'email' : kind === 'phone' ? 'tel' : 'text'}
      inputMode={kind === 'phone' || kind === 'id' ? 'numeric' : kind === 'email' ? 'email' : undefined}
      mask={kind === 'phone' ? maskPhone : kind === 'id' ? maskNationalId : undefined}
    />
  );
}

export function AdditionalContent() {
  const actor = useWizard();
  const data = useWizardContext((c) => c.additional);
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'NEXT' }));
  const update = (patch: Partial<AdditionalData>) => actor.send({ type: 'UPDATE_ADDITIONAL', patch });
  // The e-mail starts as the account's (once the profile has loaded); what the parent typed stays.
  const accountEmail = useAppSelector(selectCurrentUser).email;
  useEffect(() => {
    const known = accountEmail && accountEmail !== DEFAULT_USER.email;
    if (known && actor.getSnapshot().context.additional.email === '')
      actor.send({ type: 'UPDATE_ADDITIONAL', patch: { email: accountEmail } });
  }, [actor, accountEmail]);
  // A returning family's contacts (issue 26) fill a form not started yet (the e-mail aside).
  const [prefilled, setPrefilled] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    loadSavedFamily(controller.signal)
      .then(({ contact }) => {
        if (controller.signal.aborted || !contact) return;
        const current = actor.getSnapshot().context.additional;
        if (ADDITIONAL_FIELDS.some((field) => field !== 'email' && current[field].trim() !== '')) return;
        actor.send({ type: 'UPDATE_ADDITIONAL', patch: contact });
        setPrefilled(true);
      })
      // Nothing saved can be read: the parent types the contacts, as a new family does.
      .catch(() => undefined);
    return () => controller.abort();
  }, [actor]);
  const errors = useShownErrors();
  const fieldErrors = additionalFieldErrors(data);
  const show = (key: Key) => errors.shown(fieldId(key), fieldErrors[key]);
  const touch = (key: Key) => () => errors.touch(fieldId(key));
  const first =
    FORM_ORDER.find((key) => fieldErrors[key]) ?? ADDITIONAL_FIELDS.find((key) => fieldErrors[key]);
  const showFirst = first ? () => errors.reveal(fieldId(first)) : undefined;
  const missing = FORM_ORDER.filter((key) => fieldErrors[key]).length;
  return (
    <>
      {prefilled ? (
        <p role="status" className="alert alert-info py-2">
          {SAVED_FAMILY_MESSAGES.prefilled}
        </p>
      ) : null}
      <p className="small text-body-secondary">{REQUIRED_NOTE}</p>
      {errors.active ? (
        <ErrorList title="Errores" errors={additionalErrors(data)} onFirst={showFirst} />
      ) : null}
      {SECTIONS.map((section) => (
        <fieldset key={section.title} className="mb-2">
          <legend className="h6 border-bottom pb-1">{section.title}</legend>
          {section.note ? <p className="small text-body-secondary">{section.note}</p> : null}
          <div className="row">
            {section.fields.map((spec) => (
              <Field
                key={spec.key}
                spec={spec}
                value={data[spec.key]}
                error={show(spec.key)}
                onBlur={touch(spec.key)}
                onChange={(value) => update({ [spec.key]: value })}
              />
            ))}
            {section.title === 'Contacto de emergencia' ? (
              <SelectField
                id="add-contact_form"
                name="contact_form"
                className="col-md-6 mb-3"
                label={ADDITIONAL_LABELS.contact_form}
                help="Ej.: Celular"
                tooltip="Cómo prefiere que le contactemos."
                options={CONTACT_FORMS}
                value={data.contact_form}
                error={show('contact_form')}
                onBlur={touch('contact_form')}
                onChange={(value) => update({ contact_form: value })}
              />
            ) : null}
          </div>
        </fieldset>
      ))}
      <fieldset className="mb-2">
        <legend className="h6 border-bottom pb-1">Canal de descubrimiento</legend>
        <div className="row">
          <SelectField
            id="add-source"
            name="source"
            className="col-md-6 mb-3"
            label={ADDITIONAL_LABELS.source}
            help="Ej.: Instagram"
            tooltip="Nos ayuda a saber cómo llegan las familias a la escuela."
            options={SOURCES}
            value={data.source}
            error={show('source')}
            onBlur={touch('source')}
            onChange={(value) => update({ source: value, ...(value === 'Otra' ? {} : { other_source: '' }) })}
          />
          <TextField
            id="add-other_source"
            name="other_source"
            autoComplete="off"
            className="col-md-6 mb-3"
            label={ADDITIONAL_LABELS.other_source}
            required={data.source === 'Otra'}
            disabled={data.source !== 'Otra'}
            help="Ej.: Un torneo del colegio (solo si eligió «Otra»)"
            tooltip="Escriba cómo se enteró si eligió «Otra»."
            value={data.other_source}
            error={show('other_source')}
            onBlur={touch('other_source')}
            onChange={(value) => update({ other_source: value })}
          />
        </div>
      </fieldset>
      <BackNext
        canNext={canNext}
        missing={
          missing > 0 ? (
            <MissingNote
              id="next-missing"
              text={
                missing === 1
                  ? 'Para continuar falta 1 campo por completar o corregir.'
                  : `Para continuar faltan ${missing} campos por completar o corregir.`
              }
              onShow={showFirst}
            />
          ) : null
        }
      />
    </>
  );
}
