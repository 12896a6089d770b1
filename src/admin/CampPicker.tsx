// The camp picker of the category and week screens and forms: every camp or program that is not
// deleted, by name.
import { useAreaList } from './api.ts';

interface CampPickerProps {
  id: string;
  value: string;
  onChange: (campId: string) => void;
  /** A first entry for "every camp" (list filters) instead of "choose one" (forms). */
  allowAll?: boolean;
  invalid?: boolean;
  describedBy?: string;
  name?: string;
  onBlur?: () => void;
}

export function CampPicker({
  id,
  value,
  onChange,
  allowAll,
  invalid,
  describedBy,
  name,
  onBlur,
}: CampPickerProps) {
  const camps = useAreaList('campamentos', { sort: 'name', page: 1, limit: 100 });
  return (
    <>
      <label htmlFor={id} className={allowAll ? 'form-label small mb-1' : 'form-label'}>
        Campamento{allowAll ? '' : ' *'}
      </label>
      <select
        id={id}
        name={name ?? 'campament'}
        className={`form-select${invalid ? ' is-invalid' : ''}`}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      >
        <option value="">{allowAll ? 'Todos los campamentos' : 'Seleccione un campamento'}</option>
        {(camps.data?.data ?? []).map((camp) => (
          <option key={camp._id} value={camp._id}>
            {camp.name}
          </option>
        ))}
      </select>
    </>
  );
}
