// 'Corregir datos' of a paid order (issue 54, item 2): the people who may pick the children up,
// the parents, the emergency contact and each child's medical notes, checked with the wizard's
// rules before saving (the server checks them again) and refused in place. Used by the staff panel
// and by the family's profile (which loads it only when opened), in the one dialog frame.
import { useState, type FormEvent } from 'react';
import { Alert } from 'react-bootstrap';
import { additionalFieldErrors } from '../domain/enrolment-rules.ts';
import { FIELD_MESSAGES } from '../domain/enrolment.ts';
import { fullName } from '../domain/family.ts';
import { PARTICIPANT_LABELS } from '../domain/labels.ts';
import {
  CONTACT_LABELS,
  MEDICAL_FIELDS,
  ORDER_DATA_GROUPS,
  type OrderData,
  type OrderDataBody,
} from '../domain/order-data.ts';
import { ConfirmDialog } from './DialogFrame.tsx';
import { CorrectionField } from './CorrectionField.tsx';

export interface OrderDataDialogProps {
  show: boolean;
  onClose: () => void;
  orderNumber: string;
  /** The order's data as stored now. */
  data: OrderData;
  /** Sends the correction; its message is shown by the caller, a refusal here. */
  onSave: (body: OrderDataBody) => Promise<unknown>;
  /** The 44 px tap target class of the panel ('admin-tap') or of the parents' pages ('tap-target'). */
  tapClass?: string;
}

export function OrderDataDialog({
  show,
  onClose,
  orderNumber,
  data,
  onSave,
  tapClass,
}: OrderDataDialogProps) {
  const [draft, setDraft] = useState(data);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');
  const contactErrors = additionalFieldErrors(draft.contact);
  const noteError = (value: string) => (value.trim() ? undefined : FIELD_MESSAGES.required);
  const invalid =
    Object.values(contactErrors).some(Boolean) ||
    draft.participants.some((child) => MEDICAL_FIELDS.some((field) => noteError(child[field])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setRefusal('');
    if (invalid) return;
    setBusy(true);
    try {
      await onSave({
        contact: draft.contact,
        participants: draft.participants.map(({ first_name: _first, last_name: _last, ...notes }) => notes),
      });
      onClose();
    } catch (error) {
      // An Error (the parents' requests) or the panel's call error: both carry the server's words.
      const message = (error as { message?: unknown } | null)?.message;
      setRefusal(typeof message === 'string' && message ? message : 'No fue posible guardar los cambios.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      show={show}
      onClose={onClose}
      trapTab
      titleId="order-data-title"
      title={`Corregir datos · Orden ${orderNumber}`}
      confirmLabel={busy ? 'Guardando…' : 'Guardar'}
      busy={busy}
      {...(tapClass ? { tapClass } : {})}
      form={{ noValidate: true, onSubmit: (event) => void submit(event), 'aria-label': 'Corregir datos' }}
      modal={{ size: 'lg', scrollable: true, fullscreen: 'sm-down' }}
    >
      <p className="small text-body-secondary">
        La puerta del campamento y las listas muestran los cambios en cuanto se guardan.
      </p>
      {ORDER_DATA_GROUPS.map((group) => (
        <fieldset key={group.title} className="mb-2">
          <legend className="h6">{group.title}</legend>
          <div className="row">
            {group.fields.map((field) => (
              <CorrectionField
                key={field}
                id={`datos-${field}`}
                name={field}
                label={CONTACT_LABELS[field]}
                value={draft.contact[field] ?? ''}
                error={tried ? contactErrors[field] : undefined}
                onChange={(value) => setDraft({ ...draft, contact: { ...draft.contact, [field]: value } })}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {draft.participants.map((child) => (
        <fieldset key={child.id} className="mb-2">
          <legend className="h6">Notas médicas · {fullName(child)}</legend>
          <div className="row">
            {MEDICAL_FIELDS.map((field) => (
              <CorrectionField
                key={field}
                id={`datos-${child.id}-${field}`}
                name={field}
                label={PARTICIPANT_LABELS[field]}
                value={child[field]}
                error={tried ? noteError(child[field]) : undefined}
                onChange={(value) =>
                  setDraft({
                    ...draft,
                    participants: draft.participants.map((other) =>
                      other.id === child.id ? { ...other, [field]: value } : other,
                    ),
                  })
                }
              />
            ))}
          </div>
        </fieldset>
      ))}
      {refusal ? (
        <Alert variant="danger" className="mb-0" role="alert">
          {refusal}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
