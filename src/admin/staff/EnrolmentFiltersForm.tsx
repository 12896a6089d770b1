// The enrolment list's filters: search, camp, week (of the chosen camp), state, date range.
import { CampPicker } from '../CampPicker.tsx';
import { useAreaList } from '../api.ts';
import { DayRangeFields, FilterSelect } from '../filters.tsx';
import { FilterForm, SearchInput } from '../TablePage.tsx';
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
  // The list keeps only the filters with a value (useUrlFilters drops the empty ones).
  const set = (patch: Partial<EnrolmentFilters>) => onChange({ ...filters, ...patch });
  return (
    <FilterForm>
      <div className="col-12 col-md-4">
        <SearchInput
          id="enrolments-search"
          placeholder="Orden, nombre, correo, teléfono, autorización o membresía"
          value={filters.q ?? ''}
          onChange={(q) => set({ q })}
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
    </FilterForm>
  );
}
