// The enrolment list's filters: search, camp, week (of the chosen camp), state, date range.
import { CampPicker } from '../CampPicker.tsx';
import { useAreaList } from '../api.ts';
import { DayRangeFields, FilterSelect } from '../filters.tsx';
import { ENROLMENT_STATES, ENROLMENT_STATE_LABELS, type EnrolmentFilters } from '../../domain/staff.ts';

/** The weeks of one camp, for a week filter (none until a camp is chosen). */
export function WeekPicker({
  id,
  campament,
  value,
  onChange,
  allowAll = true,
}: {
  id: string;
  campament: string;
  value: string;
  onChange: (week: string) => void;
  allowAll?: boolean;
}) {
  const weeks = useAreaList('semanas', { campament, sort: 'order', page: 1, limit: 100 }, !campament);
  return (
    <FilterSelect
      id={id}
      name="week"
      label="Semana"
      allLabel={allowAll ? 'Todas las semanas' : 'Seleccione una semana'}
      value={value}
      disabled={!campament}
      onChange={onChange}
      options={(campament ? (weeks.data?.data ?? []) : []).map((week) => ({
        value: week._id,
        label: week.name,
      }))}
    />
  );
}

export function EnrolmentFiltersForm({
  filters,
  onChange,
}: {
  filters: EnrolmentFilters;
  onChange: (filters: EnrolmentFilters) => void;
}) {
  const set = (patch: Partial<EnrolmentFilters>) => {
    const next: EnrolmentFilters = { ...filters, ...patch };
    for (const key of Object.keys(next) as Array<keyof EnrolmentFilters>) if (!next[key]) delete next[key];
    onChange(next);
  };
  return (
    <form className="row g-2 align-items-end" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="col-12 col-md-4">
        <label htmlFor="enrolments-search" className="form-label small mb-1">
          Buscar
        </label>
        <input
          id="enrolments-search"
          name="q"
          type="search"
          inputMode="search"
          autoComplete="off"
          className="form-control"
          placeholder="Orden, nombre, correo, teléfono, autorización o membresía"
          value={filters.q ?? ''}
          onChange={(event) => set({ q: event.target.value })}
        />
      </div>
      <div className="col-12 col-sm-6 col-md-4">
        <CampPicker
          id="enrolments-camp"
          value={filters.campament ?? ''}
          onChange={(campament) => set({ campament, week: undefined })}
          allowAll
        />
      </div>
      <div className="col-12 col-sm-6 col-md-4">
        <WeekPicker
          id="enrolments-week"
          campament={filters.campament ?? ''}
          value={filters.week ?? ''}
          onChange={(week) => set({ week })}
        />
      </div>
      <div className="col-12 col-sm-4">
        <FilterSelect
          id="enrolments-state"
          name="state"
          label="Estado"
          allLabel="Todos"
          value={filters.state ?? ''}
          onChange={(state) => set({ state: (state || undefined) as EnrolmentFilters['state'] })}
          options={ENROLMENT_STATES.map((state) => ({ value: state, label: ENROLMENT_STATE_LABELS[state] }))}
        />
      </div>
      <DayRangeFields
        idPrefix="enrolments"
        from={filters.from ?? ''}
        to={filters.to ?? ''}
        onChange={set}
        columnClass="col-6 col-sm-4"
      />
    </form>
  );
}
