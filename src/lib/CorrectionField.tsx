// One field of the family's correction forms ('Mi familia', an order's data): its label, its
// control (a list where the wizard has one), its error tied to it. Shared by the profile and the
// staff panel, so a field is asked the same way in both.
import { Form } from 'react-bootstrap';
import { CONTACT_FORMS, GENDERS, SHIRT_SIZES, SOURCES } from '../domain/enrolment.ts';

const CHOICES: Partial<Record<string, readonly string[]>> = {
  gender: GENDERS,
  size: SHIRT_SIZES,
  contact_form: CONTACT_FORMS,
  source: SOURCES,
};

/** One field of the correction forms: its label, its control, its error tied to it. */
export function CorrectionField({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const options = CHOICES[name];
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <Form.Group controlId={id} className="col-md-6 mb-3">
      <Form.Label>{label}</Form.Label>
      {options ? (
        <Form.Select
          name={name}
          value={value}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Seleccione…</option>
          {options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control
          name={name}
          value={value}
          autoComplete="off"
          inputMode={/phone|_id|age|weight/.test(name) ? 'numeric' : name === 'email' ? 'email' : 'text'}
          isInvalid={Boolean(error)}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <Form.Control.Feedback id={`${id}-error`} type="invalid">
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
