// The profile's 'Mi familia' (issue 26): the children and contacts the next enrolment starts from,
// as the family's paid orders left them; the parent corrects a child or the contacts, or forgets a
// child, with the wizard's own rules (src/domain/enrolment-rules.ts) and its labels.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { ADDITIONAL_FIELDS, PARTICIPANT_REQUIRED } from '../domain/enrolment.ts';
import type { AdditionalData, ParticipantFields } from '../domain/enrolment.ts';
import { additionalFieldErrors, participantFieldErrors } from '../domain/enrolment-rules.ts';
import { ADDITIONAL_LABELS, PARTICIPANT_LABELS } from '../domain/labels.ts';
import { fullName } from '../domain/family.ts';
import type { SavedChild, SavedFamily } from '../domain/saved-family.ts';
import { fetchSavedFamily, saveFamily } from './accountApi.ts';
import { WhatsAppChoice } from './WhatsAppChoice.tsx';
import { CorrectionField as Field } from '../lib/CorrectionField.tsx';

type Outcome = { variant: 'success' | 'danger'; message: string } | null;

/** The fields a parent corrects for a child (the photo is changed in the wizard). */
const CHILD_FIELDS = PARTICIPANT_REQUIRED.filter((field) => field !== 'image');

const childFields = ({ key: _key, ...fields }: SavedChild): ParticipantFields => fields;

/** A correction form: the fields with their labels, the rules' errors shown once the parent saves. */
function CorrectionForm<T extends Record<string, string>>({
  title,
  prefix,
  initial,
  fields,
  labels,
  errorsOf,
  onSave,
  onCancel,
}: {
  title: string;
  prefix: string;
  initial: T;
  fields: ReadonlyArray<keyof T & string>;
  labels: Readonly<Record<keyof T & string, string>>;
  errorsOf: (draft: T) => Partial<Record<keyof T & string, string>>;
  onSave: (draft: T) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const errors = errorsOf(draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (fields.some((field) => errors[field])) return;
    onSave(draft);
  };
  return (
    <Form noValidate onSubmit={submit} aria-label={title}>
      <div className="row">
        {fields.map((field) => (
          <Field
            key={field}
            id={`${prefix}-${field}`}
            name={field}
            label={labels[field]}
            value={draft[field] ?? ''}
            error={tried ? errors[field] : undefined}
            onChange={(value) => setDraft({ ...draft, [field]: value })}
          />
        ))}
      </div>
      <div className="d-flex gap-2">
        <Button type="submit">Guardar</Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}

/** What the school keeps of a child, in a few lines. */
function ChildSummary({ child }: { child: SavedChild }) {
  const rows: Array<keyof ParticipantFields> = [
    'birth_date',
    'school',
    'size',
    'alergies',
    'prohibited_foods',
  ];
  return (
    <dl className="row small mb-2">
      {rows.map((field) => (
        <div key={field} className="col-sm-6 d-flex gap-1">
          <dt className="fw-semibold">{PARTICIPANT_LABELS[field]}:</dt>
          <dd className="mb-1">{child[field] || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FamilyTab() {
  const [family, setFamily] = useState<SavedFamily | null>(null);
  const [failed, setFailed] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchSavedFamily(controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setFamily(loaded);
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setFailed(error instanceof Error ? error.message : 'No fue posible cargar los datos.');
      },
    );
    return () => controller.abort();
  }, []);

  const save = (next: { children: ParticipantFields[]; contact: AdditionalData | null }) => {
    setOutcome(null);
    saveFamily(next).then(
      (answer) => {
        setFamily(answer.data);
        setEditing(null);
        setOutcome({ variant: 'success', message: answer.message });
      },
      (error: unknown) =>
        setOutcome({
          variant: 'danger',
          message: error instanceof Error ? error.message : 'No fue posible guardar los cambios.',
        }),
    );
  };

  if (failed) return <Alert variant="danger">{failed}</Alert>;
  if (!family)
    return (
      <p role="status" className="mb-0">
        Cargando…
      </p>
    );
  const children = family.children.map(childFields);
  const replace = (key: string, child: ParticipantFields | null) =>
    save({
      children: family.children.flatMap((saved) =>
        saved.key === key ? (child ? [child] : []) : [childFields(saved)],
      ),
      contact: family.contact,
    });
  return (
    <div className="family-tab">
      <p className="text-body-secondary">
        Su próxima inscripción empieza con estos datos: elija al niño(a) y corrija solo lo que haya cambiado.
      </p>
      {outcome ? (
        <Alert variant={outcome.variant} role={outcome.variant === 'danger' ? 'alert' : 'status'}>
          {outcome.message}
        </Alert>
      ) : null}
      <section aria-labelledby="familia-ninos" className="mb-4">
        <h3 id="familia-ninos" className="h6">
          Niños
        </h3>
        {family.children.length === 0 ? (
          <p className="mb-0">Aún no hay niños guardados: se guardan al pagar una inscripción.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {family.children.map((child) => (
              <li key={child.key} className="border rounded p-3 mb-2">
                <p className="fw-semibold mb-1">{fullName(child)}</p>
                {editing === child.key ? (
                  <CorrectionForm
                    title={`Corregir a ${fullName(child)}`}
                    prefix="familia-nino"
                    initial={childFields(child)}
                    fields={CHILD_FIELDS}
                    labels={PARTICIPANT_LABELS}
                    errorsOf={(draft) => participantFieldErrors(draft)}
                    onSave={(corrected) => replace(child.key, corrected)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <ChildSummary child={child} />
                    <div className="d-flex gap-2">
                      <Button
                        variant="outline-primary"
                        aria-label={`Corregir los datos de ${fullName(child)}`}
                        onClick={() => setEditing(child.key)}
                      >
                        Corregir
                      </Button>
                      <Button
                        variant="outline-danger"
                        aria-label={`Olvidar a ${fullName(child)}`}
                        onClick={() => replace(child.key, null)}
                      >
                        Olvidar
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="familia-contactos">
        <h3 id="familia-contactos" className="h6">
          Padres, contacto de emergencia y personas autorizadas
        </h3>
        {!family.contact ? (
          <p className="mb-0">Aún no hay contactos guardados.</p>
        ) : editing === 'contact' ? (
          <CorrectionForm
            title="Corregir los contactos"
            prefix="familia-contacto"
            initial={family.contact}
            fields={ADDITIONAL_FIELDS}
            labels={ADDITIONAL_LABELS}
            errorsOf={additionalFieldErrors}
            onSave={(contact) => save({ children, contact })}
            onCancel={() => setEditing(null)}
          />
        ) : (
          <>
            <dl className="row small mb-2">
              {(
                [
                  'mother_name',
                  'father_name',
                  'phone_mobile',
                  'authorized_name_1',
                  'authorized_name_2',
                ] as const
              ).map((field) => (
                <div key={field} className="col-sm-6 d-flex gap-1">
                  <dt className="fw-semibold">{ADDITIONAL_LABELS[field]}:</dt>
                  <dd className="mb-1">{family.contact?.[field] || '—'}</dd>
                </div>
              ))}
            </dl>
            <Button variant="outline-primary" onClick={() => setEditing('contact')}>
              Corregir los contactos
            </Button>
          </>
        )}
      </section>
      <WhatsAppChoice />
    </div>
  );
}
