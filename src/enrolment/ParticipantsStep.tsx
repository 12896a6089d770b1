// Step 1, participants (spec 01 §2, §4, §5): one tab per participant slot with the photo, the form
// and the read-only 'Calendario' box. The checks are domain/enrolment.ts's participantErrors.
import { useSelector } from '@xstate/react';
import { Form, Tab, Tabs } from 'react-bootstrap';
import { GENDERS, SHIRT_SIZES, participantErrors, type ParticipantFields } from '../domain/enrolment.ts';
import { PHOTO_ALLOWED_TYPES } from '../domain/photos.ts';
import { participantCalendar, participantList, type ParticipantSlot } from './cart.ts';
import { ErrorList, REQUIRED_NOTE, SelectField, TextField } from './Fields.tsx';
import { digitsOnly, maskBirthDate } from './masks.ts';
import { BackNext, Loading } from './StepFrame.tsx';
import { useWizard, useWizardContext } from './useWizard.ts';

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
  { key: 'first_name', label: 'Nombre', help: 'Ej.: Ana Sofía', tooltip: 'Nombre(s) del participante.' },
  { key: 'last_name', label: 'Apellido', help: 'Ej.: Pérez Gómez', tooltip: 'Apellido(s) del participante.' },
  {
    key: 'birth_date',
    label: 'Fecha de nacimiento',
    help: 'Ej.: 25/03/2014 (DD/MM/AAAA)',
    tooltip: 'Día, mes y año de nacimiento del participante.',
    mask: maskBirthDate,
    numeric: true,
  },
  {
    key: 'age',
    label: 'Edad',
    help: 'Ej.: 10 (entre 6 y 18 años)',
    tooltip: 'Edad cumplida del participante, de 6 a 18 años.',
    mask: (raw) => digitsOnly(raw, 2),
    numeric: true,
  },
  {
    key: 'weight',
    label: 'Peso (lbs)',
    help: 'Ej.: 75 (de 40 a 400 lbs)',
    tooltip: 'Peso aproximado del participante en libras.',
    mask: (raw) => digitsOnly(raw, 3),
    numeric: true,
  },
  {
    key: 'height',
    label: 'Estatura (pies y pulgadas)',
    help: 'Ej.: 4\'5"',
    tooltip: 'Estatura aproximada del participante en pies y pulgadas.',
  },
  {
    key: 'school',
    label: 'Colegio',
    help: 'Ej.: Colegio Loyola',
    tooltip: 'Colegio o escuela donde estudia.',
  },
  {
    key: 'prohibited_foods',
    label: 'Alimentos prohibidos',
    help: 'Ej.: Maní, mariscos o "Ninguno"',
    tooltip: 'Alimentos que el participante no puede comer.',
    multiline: true,
  },
  {
    key: 'alergies',
    label: 'Alergias',
    help: 'Ej.: Penicilina, polen o "Ninguna"',
    tooltip: 'Alergias conocidas del participante.',
    multiline: true,
  },
  {
    key: 'prohibited_drugs',
    label: 'Medicamentos prohibidos',
    help: 'Ej.: Ibuprofeno o "Ninguno"',
    tooltip: 'Medicamentos que no se le pueden administrar al participante.',
    multiline: true,
  },
  {
    key: 'activities_restrictions',
    label: 'Restricciones de actividades',
    help: 'Ej.: No puede nadar o "Ninguna"',
    tooltip: 'Actividades físicas que el participante no puede realizar.',
    multiline: true,
  },
];

function PhotoField({ participant }: { participant: ParticipantSlot }) {
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
      <div className="flex-grow-1 min-w-0">
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
          aria-describedby={`${id}-help`}
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

function ParticipantForm({ participant }: { participant: ParticipantSlot }) {
  const actor = useWizard();
  const lines = useWizardContext((c) => c.lines);
  const update = (patch: Partial<ParticipantFields>) =>
    actor.send({ type: 'UPDATE_PARTICIPANT', cupo: participant.id, patch });
  const prefix = `p${participant.id}`;
  return (
    <div className="pt-3">
      <ErrorList title="Errores:" errors={participantErrors(participant)} />
      <PhotoField participant={participant} />
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
            onChange={(value) => update({ [field.key]: value })}
          />
        ))}
        <SelectField
          id={`${prefix}-gender`}
          className="col-md-6 mb-3"
          label="Sexo"
          help="Ej.: Femenino"
          tooltip="Sexo del participante."
          options={GENDERS}
          value={participant.gender}
          onChange={(value) => update({ gender: value })}
        />
        <SelectField
          id={`${prefix}-size`}
          className="col-md-6 mb-3"
          label="Talla de camiseta"
          help="Ej.: M"
          tooltip="Talla de la camiseta del campamento."
          options={SHIRT_SIZES}
          value={participant.size}
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
  const canNext = useSelector(actor, (snapshot) => snapshot.can({ type: 'NEXT' }));
  return (
    <>
      <p className="small text-body-secondary">{REQUIRED_NOTE}</p>
      <Tabs id="participant-tabs" mountOnEnter unmountOnExit className="flex-nowrap overflow-x-auto">
        {participants.map((participant) => (
          <Tab
            key={participant.id}
            eventKey={String(participant.id)}
            title={`Participante ${participant.id}`}
          >
            <ParticipantForm participant={participant} />
          </Tab>
        ))}
      </Tabs>
      <BackNext canNext={canNext} />
    </>
  );
}
