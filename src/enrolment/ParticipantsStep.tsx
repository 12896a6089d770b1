// Step 1, participants (spec 01 §2, §4, §5): one tab per participant slot with the photo, the form
// and the read-only 'Calendario' box. The checks are domain/enrolment.ts's participantErrors.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Form, Tab, Tabs } from 'react-bootstrap';
import { GENDERS, PARTICIPANT_REQUIRED, SHIRT_SIZES, type ParticipantFields } from '../domain/enrolment.ts';
import { PHOTO_ALLOWED_TYPES } from '../domain/photos.ts';
// The forms' rules arrive with this step (never with the calendar).
import './formRules.ts';
import type { ParticipantSlot, WizardData } from './wizardData.ts';
import { participantCalendar, participantFieldProblems } from './participantTab.ts';
import { participantList, participantProblems } from './stepRules.ts';
import { describedBy } from '../lib/FormControls.tsx';
import { ErrorList, MissingNote, REQUIRED_NOTE, SelectField, TextField } from './Fields.tsx';
import { digitsOnly, maskBirthDate } from '../lib/masks.ts';
import { BackNext, Loading } from './StepFrame.tsx';
import { useShownErrors, type ShownErrors } from './useShownErrors.ts';
import { useWizard, useWizardContext } from './useWizard.ts';
import { PARTICIPANT_LABELS } from '../domain/labels.ts';
import { useSavedFamily } from './savedFamily.ts';
import { childKey, fullName } from '../domain/family.ts';
import type { SavedChild } from '../domain/saved-family.ts';

type TextKey = Exclude<keyof ParticipantFields, 'gender' | 'size' | 'image'>;

const TEXT_FIELDS: Array<{
  key: TextKey;
  label: string;
  help: string;
  tooltip: string;
  mask?: (raw: string) => string;
  numeric?: boolean;
  multiline?: boolean;
}> = [
  {
    key: 'first_name',
    label: PARTICIPANT_LABELS.first_name,
    help: 'Ej.: Ana Sofía',
    tooltip: 'Nombre(s) del participante.',
  },
  {
    key: 'last_name',
    label: PARTICIPANT_LABELS.last_name,
    help: 'Ej.: Pérez Gómez',
    tooltip: 'Apellido(s) del participante.',
  },
  {
    key: 'birth_date',
    label: PARTICIPANT_LABELS.birth_date,
    help: 'Ej.: 25/03/2014 (DD/MM/AAAA)',
    tooltip: 'Día, mes y año de nacimiento del participante.',
    mask: maskBirthDate,
    numeric: true,
  },
  {
    key: 'age',
    label: PARTICIPANT_LABELS.age,
    help: 'Ej.: 10 (entre 6 y 18 años)',
    tooltip: 'Edad cumplida del participante, de 6 a 18 años.',
    mask: (raw) => digitsOnly(raw, 2),
    numeric: true,
  },
  {
    key: 'weight',
    label: PARTICIPANT_LABELS.weight,
    help: 'Ej.: 75 (de 40 a 400 lbs)',
    tooltip: 'Peso aproximado del participante en libras.',
    mask: (raw) => digitsOnly(raw, 3),
    numeric: true,
  },
  {
    key: 'height',
    label: PARTICIPANT_LABELS.height,
    help: 'Ej.: 4\'5"',
    tooltip: 'Estatura aproximada del participante en pies y pulgadas.',
  },
  {
    key: 'school',
    label: PARTICIPANT_LABELS.school,
    help: 'Ej.: Colegio Loyola',
    tooltip: 'Colegio o escuela donde estudia.',
  },
  {
    key: 'prohibited_foods',
    label: PARTICIPANT_LABELS.prohibited_foods,
    help: 'Ej.: Maní, mariscos o "Ninguno"',
    tooltip: 'Alimentos que el participante no puede comer.',
    multiline: true,
  },
  {
    key: 'alergies',
    label: PARTICIPANT_LABELS.alergies,
    help: 'Ej.: Penicilina, polen o "Ninguna"',
    tooltip: 'Alergias conocidas del participante.',
    multiline: true,
  },
  {
    key: 'prohibited_drugs',
    label: PARTICIPANT_LABELS.prohibited_drugs,
    help: 'Ej.: Ibuprofeno o "Ninguno"',
    tooltip: 'Medicamentos que no se le pueden administrar al participante.',
    multiline: true,
  },
  {
    key: 'activities_restrictions',
    label: PARTICIPANT_LABELS.activities_restrictions,
    help: 'Ej.: No puede nadar o "Ninguna"',
    tooltip: 'Actividades físicas que el participante no puede realizar.',
    multiline: true,
  },
];

function PhotoField({ participant, error }: { participant: ParticipantSlot; error?: string }) {
  const actor = useWizard();
  const uploading = useSelector(
    actor,
    (snapshot) =>
      snapshot.matches({ participants: 'uploading' }) && snapshot.context.uploadingCupo === participant.id,
  );
  const id = `p${participant.id}-image`;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      {participant.image ? (
        <img
          src={participant.image}
          alt={`Foto del participante ${participant.id}`}
          className="participant-photo rounded border"
        />
      ) : (
        <div className="participant-photo rounded border d-flex align-items-center justify-content-center text-body-secondary small">
          Sin foto
        </div>
      )}
      <div className="flex-grow-1 min-w-0 position-relative">
        <span id={`${id}-label`} className="form-label d-block">
          Foto *
        </span>
        {/* The native picker reads 'Choose File / No file chosen' and keeps a failed file's name:
            it is hidden (still focusable) behind a Spanish button, and emptied after each pick. */}
        <input
          id={id}
          name={`participant${participant.id}-photo`}
          type="file"
          className="photo-input"
          accept={PHOTO_ALLOWED_TYPES.map((type) => type.mime).join(',')}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy(id, error)}
          aria-invalid={error ? true : undefined}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) actor.send({ type: 'UPLOAD_PHOTO', cupo: participant.id, file });
            event.target.value = '';
          }}
        />
        <label htmlFor={id} className={`btn btn-outline-primary photo-button${uploading ? ' disabled' : ''}`}>
          {participant.image ? 'Cambiar foto' : 'Elegir foto'}
        </label>
        {error ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
        <Form.Text id={`${id}-help`} className="d-block">
          Ej.: una foto reciente del rostro (JPEG, PNG o WebP, hasta 5 MB)
        </Form.Text>
        {uploading ? <Loading text="Subiendo foto…" /> : null}
      </div>
    </div>
  );
}

/** Autofill tokens of a child's fields: names and birthday in a section of their own per child. */
function participantAutocomplete(id: number, key: TextKey): string {
  const section = `section-participant${id}`;
  if (key === 'first_name') return `${section} given-name`;
  if (key === 'last_name') return `${section} family-name`;
  if (key === 'birth_date') return `${section} bday`;
  return 'off';
}

/** The id of a participant's control (the photo's is its file input). */
const fieldId = (cupo: number, key: keyof ParticipantFields) => `p${cupo}-${key}`;

type Problems = Pick<WizardData, 'lines' | 'categories' | 'heldPlaces' | 'camp'>;

/** A participant's first invalid field, in the order of the form. */
function firstInvalid(state: Problems, participant: ParticipantSlot): keyof ParticipantFields | undefined {
  const errors = participantFieldProblems(state, participant);
  const order: Array<keyof ParticipantFields> = ['image', ...TEXT_FIELDS.map((f) => f.key), 'gender', 'size'];
  return order.find((key) => errors[key]) ?? PARTICIPANT_REQUIRED.find((key) => errors[key]);
}

/**
 * A child the family already enrolled (issue 26): picked, their data fill the form and only what
 * changed is edited. 'Otro niño(a)' empties a form that held a saved child.
 */
function SavedChildPicker({
  participant,
  saved,
  onPick,
}: {
  participant: ParticipantSlot;
  saved: readonly SavedChild[];
  onPick: (patch: Partial<ParticipantFields>) => void;
}) {
  const current = participant.first_name && participant.birth_date ? childKey(participant) : '';
  const value = saved.some((child) => child.key === current) ? current : '';
  const labels = Object.fromEntries(
    saved.map((child) => [child.key, `${fullName(child)} (${child.birth_date})`]),
  );
  return (
    <div className="row">
      <SelectField
        id={`p${participant.id}-saved`}
        name={`participant${participant.id}-saved`}
        className="col-md-6 mb-3"
        label="Participante guardado"
        help="Elija a un niño(a) de sus inscripciones anteriores y corrija lo que haya cambiado."
        tooltip="Los datos de sus inscripciones anteriores, para no escribirlos de nuevo."
        required={false}
        placeholder="Otro niño(a)"
        options={saved.map((child) => child.key)}
        labels={labels}
        value={value}
        onChange={(key) => {
          const child = saved.find((candidate) => candidate.key === key);
          if (child) {
            const { key: _key, ...fields } = child;
            onPick(fields);
          } else if (value) onPick(Object.fromEntries(PARTICIPANT_REQUIRED.map((field) => [field, ''])));
        }}
      />
    </div>
  );
}

function ParticipantForm({
  participant,
  errors,
  saved,
}: {
  participant: ParticipantSlot;
  errors: ShownErrors;
  saved: readonly SavedChild[];
}) {
  const actor = useWizard();
  const lines = useWizardContext((c) => c.lines);
  const categories = useWizardContext((c) => c.categories);
  const heldPlaces = useWizardContext((c) => c.heldPlaces);
  const camp = useWizardContext((c) => c.camp);
  const slotState = { lines, categories, heldPlaces, camp };
  const update = (patch: Partial<ParticipantFields>) =>
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: participant.id, patch });
  const prefix = `p${participant.id}`;
  const fieldErrors = participantFieldProblems(slotState, participant);
  const show = (key: keyof ParticipantFields) => errors.shown(fieldId(participant.id, key), fieldErrors[key]);
  const first = firstInvalid(slotState, participant);
  return (
    <div className="pt-3">
      {errors.active ? (
        <ErrorList
          title="Errores:"
          errors={participantProblems(slotState, participant)}
          onFirst={first ? () => errors.reveal(fieldId(participant.id, first)) : undefined}
        />
      ) : null}
      {saved.length > 0 ? (
        <SavedChildPicker
          participant={participant}
          saved={saved}
          onPick={(fields) => {
            update(fields);
            // A picked child's problem (the week already theirs) shows at once: nothing was typed.
            errors.touch(fieldId(participant.id, 'first_name'));
          }}
        />
      ) : null}
      <PhotoField participant={participant} error={show('image')} />
      <div className="row">
        {TEXT_FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`${prefix}-${field.key}`}
            className="col-md-6 mb-3"
            label={field.label}
            help={field.help}
            tooltip={field.tooltip}
            value={participant[field.key]}
            mask={field.mask}
            multiline={field.multiline}
            inputMode={field.numeric ? 'numeric' : undefined}
            autoComplete={participantAutocomplete(participant.id, field.key)}
            error={show(field.key)}
            onBlur={() => errors.touch(fieldId(participant.id, field.key))}
            onChange={(value) => update({ [field.key]: value })}
          />
        ))}
        <SelectField
          id={`${prefix}-gender`}
          className="col-md-6 mb-3"
          label={PARTICIPANT_LABELS.gender}
          help="Ej.: Femenino"
          tooltip="Sexo del participante."
          options={GENDERS}
          value={participant.gender}
          error={show('gender')}
          onBlur={() => errors.touch(`${prefix}-gender`)}
          onChange={(value) => update({ gender: value })}
        />
        <SelectField
          id={`${prefix}-size`}
          className="col-md-6 mb-3"
          label={PARTICIPANT_LABELS.size}
          help="Ej.: M"
          tooltip="Talla de la camiseta del campamento."
          options={SHIRT_SIZES}
          value={participant.size}
          error={show('size')}
          onBlur={() => errors.touch(`${prefix}-size`)}
          onChange={(value) => update({ size: value })}
        />
      </div>
      <Form.Group controlId={`${prefix}-calendar`} className="mb-3">
        <Form.Label>Calendario</Form.Label>
        <Form.Control
          as="textarea"
          name={`${prefix}-calendar`}
          autoComplete="off"
          readOnly
          rows={Math.max(2, lines.filter((line) => line.cupo === participant.id).length)}
          value={participantCalendar(lines, participant.id)}
        />
      </Form.Group>
    </div>
  );
}

export function ParticipantsContent() {
  const actor = useWizard();
  const participants = useWizardContext((c) => participantList(c));
  const lines = useWizardContext((c) => c.lines);
  const categories = useWizardContext((c) => c.categories);
  const heldPlaces = useWizardContext((c) => c.heldPlaces);
  const camp = useWizardContext((c) => c.camp);
  const slotState = { lines, categories, heldPlaces, camp };
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'NEXT' }));
  const errors = useShownErrors();
  const saved = useSavedFamily()?.children ?? [];
  const [activeKey, setActiveKey] = useState(() => String(participants[0]?.id ?? ''));
  const incomplete = participants.filter((participant) => firstInvalid(slotState, participant));
  const showFirst = () => {
    const participant = incomplete[0];
    const key = participant && firstInvalid(slotState, participant);
    if (!participant || !key) return;
    setActiveKey(String(participant.id));
    errors.reveal(fieldId(participant.id, key));
  };
  return (
    <>
      <p className="small text-body-secondary">{REQUIRED_NOTE}</p>
      <Tabs
        id="participant-tabs"
        activeKey={activeKey}
        onSelect={(key) => key && setActiveKey(key)}
        mountOnEnter
        unmountOnExit
        className="participant-tabs"
      >
        {participants.map((participant) => (
          <Tab
            key={participant.id}
            eventKey={String(participant.id)}
            title={
              <>
                Participante {participant.id}
                {incomplete.includes(participant) ? (
                  <>
                    <span className="badge rounded-pill text-bg-warning ms-1" aria-hidden="true">
                      Incompleto
                    </span>
                    <span className="visually-hidden"> (incompleto)</span>
                  </>
                ) : null}
              </>
            }
          >
            <ParticipantForm participant={participant} errors={errors} saved={saved} />
          </Tab>
        ))}
      </Tabs>
      <BackNext
        canNext={canNext}
        missing={
          incomplete.length > 0 ? (
            <MissingNote
              id="next-missing"
              text={`Para continuar complete los datos de: ${incomplete.map((p) => `Participante ${p.id}`).join(', ')}.`}
              onShow={showFirst}
            />
          ) : null
        }
      />
    </>
  );
}
