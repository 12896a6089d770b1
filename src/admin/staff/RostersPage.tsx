// 'Listas': the rosters of a camp per week and category, for the court and the gate: each paid
// child with age, size, medical notes highlighted, the emergency phone and who may pick them up.
// 'Imprimir' prints them (A4 or Letter, portrait: admin.css); the export buttons download the same.
import { AdminPage } from '../AdminPage.tsx';
import { adminRole } from '../../lib/adminSession.ts';
import { LOGO_URL } from '../../lib/logo.ts';
import { SITE_NAME } from '../../lib/DocumentTitle.tsx';
import { FilterSelect, useUrlFilters } from '../filters.tsx';
import { CampPicker } from '../CampPicker.tsx';
import { useAreaList, useRostersQuery } from '../api.ts';
import { withServerMessage } from '../feedback.ts';
import { hasMedicalNote, type RosterChild } from '../../domain/staff.ts';
import { WeekPicker } from './EnrolmentFiltersForm.tsx';
import { ExportButtons } from './ExportButtons.tsx';

/** A child's medical notes, highlighted; 'Ninguna' when there is nothing to note. */
export function Notes({ child }: { child: RosterChild }) {
  const notes = [
    ['Alergias', child.allergies],
    ['Alimentos', child.foods],
    ['Medicamentos', child.drugs],
    ['Restricciones', child.restrictions],
  ].filter(([, text]) => hasMedicalNote(text ?? ''));
  if (notes.length === 0) return <span className="text-body-secondary">Ninguna</span>;
  return (
    <ul className="list-unstyled mb-0">
      {notes.map(([label, text]) => (
        <li key={label}>
          <mark className="roster-alert">
            {label}: {text}
          </mark>
        </li>
      ))}
    </ul>
  );
}

/**
 * A camp, one of its weeks and one of its categories: the group a roster or a camp day shows, kept
 * in the address (issue 24) so Back and reload reopen the same group. A new camp clears the week
 * and the category (theirs were the old camp's).
 */
export function useGroup() {
  const { filters, setFilters } = useUrlFilters<{ campament: string; week: string; category: string }>();
  const campament = filters.campament ?? '';
  const week = filters.week ?? '';
  const category = filters.category ?? '';
  return {
    campament,
    setCampament: (id: string) => setFilters({ campament: id }),
    week,
    setWeek: (id: string) => setFilters({ campament, week: id, category }),
    category,
    setCategory: (id: string) => setFilters({ campament, week, category: id }),
  };
}

/** The pickers of a group (the week's and category's lists follow the camp). */
export function GroupPickers({
  idPrefix,
  group,
  allowAll = false,
}: {
  idPrefix: string;
  group: ReturnType<typeof useGroup>;
  allowAll?: boolean;
}) {
  const { campament, setCampament, week, setWeek, category, setCategory } = group;
  const categories = useAreaList('categorias', { campament, sort: 'order', page: 1, limit: 100 }, !campament);
  return (
    <>
      <div className="col-12 col-md-4">
        <CampPicker id={`${idPrefix}-camp`} value={campament} onChange={setCampament} allowAll={allowAll} />
      </div>
      <div className="col-12 col-sm-6 col-md-3">
        <WeekPicker id={`${idPrefix}-week`} campament={campament} value={week} onChange={setWeek} />
      </div>
      <div className="col-12 col-sm-6 col-md-3">
        <FilterSelect
          id={`${idPrefix}-category`}
          name="category"
          label="Categoría"
          allLabel="Todas las categorías"
          value={category}
          disabled={!campament}
          onChange={setCategory}
          options={(campament ? (categories.data?.data ?? []) : []).map((entry) => ({
            value: entry._id,
            label: entry.name,
          }))}
        />
      </div>
    </>
  );
}

/** A roster's columns (each a card's labels on a phone). */
const COLUMNS = [
  'Participante',
  'Edad',
  'Talla',
  'Notas médicas',
  'Padres',
  'Emergencia',
  'Autorizados a recoger',
] as const;

export function RostersPage() {
  const group = useGroup();
  const { campament, week, category } = group;
  const camps = useAreaList('campamentos', { sort: 'name', page: 1, limit: 100 });
  const campName = camps.data?.data.find((camp) => camp._id === campament)?.name ?? '';
  const rosters = useRostersQuery(
    { campament, ...(week ? { week } : {}), ...(category ? { category } : {}) },
    { skip: !campament },
  );
  // Paper starts a page before every group but the first one printed (empty groups are not).
  const firstPrinted = rosters.data
    ?.flatMap((roster) =>
      roster.categories
        .filter((entry) => entry.children.length > 0)
        .map((entry) => `${roster.week_id}|${entry.category_id}`),
    )
    .at(0);

  return (
    <AdminPage
      title="Listas"
      actions={
        <div className="d-flex flex-wrap gap-2 no-print">
          <button
            type="button"
            className="btn btn-primary admin-tap"
            disabled={!rosters.data}
            onClick={() => window.print()}
          >
            Imprimir
          </button>
          {/* Exports are the office's: a coach has the lists on screen and on paper only. */}
          {campament && adminRole() !== 'entrenador' && (
            <ExportButtons
              filters={{
                campament,
                state: 'paid',
                ...(week ? { week } : {}),
                ...(category ? { category } : {}),
              }}
            />
          )}
        </div>
      }
    >
      <form className="row g-2 align-items-end mb-3 no-print" onSubmit={(event) => event.preventDefault()}>
        <GroupPickers idPrefix="rosters" group={group} allowAll />
      </form>

      {!campament ? (
        <p role="status">Elija un campamento para ver sus listas.</p>
      ) : rosters.error ? (
        <p role="alert">{withServerMessage('Error al cargar las listas', rosters.error)}</p>
      ) : !rosters.data ? (
        <p role="status">Cargando…</p>
      ) : (
        rosters.data.map((roster) => (
          <section key={roster.week_id} className="card mb-3 roster-week" aria-label={roster.week_name}>
            <div className="card-header d-flex flex-wrap gap-2 align-items-baseline">
              <h2 className="h5 mb-0 me-auto">
                {roster.week_name} <span className="small text-body-secondary">({roster.date})</span>
              </h2>
              <span className="small" aria-label="Camisetas por talla">
                Camisetas:{' '}
                {roster.sizes.length === 0
                  ? 'ninguna'
                  : roster.sizes.map((entry) => `${entry.size} × ${entry.count}`).join(' · ')}
              </span>
            </div>
            <div className="card-body p-0">
              {roster.categories.map((group) => (
                <div
                  key={group.category_id}
                  // Printed a page per week and category, each with its heading; empty groups not at all.
                  className={`roster-category${group.children.length === 0 ? ' roster-empty' : ''}${
                    `${roster.week_id}|${group.category_id}` === firstPrinted ? ' roster-print-first' : ''
                  }`}
                >
                  <div className="roster-print-head" aria-hidden="true">
                    <img src={LOGO_URL} alt="" width={32} height={32} />
                    <span>
                      <strong>{SITE_NAME}</strong> · {campName} · {roster.week_name} ({roster.date}) ·{' '}
                      {group.category_name}
                    </span>
                  </div>
                  <h3 className="h6 px-3 pt-3">
                    {group.category_name} · {group.children.length}{' '}
                    {group.children.length === 1 ? 'participante' : 'participantes'}
                  </h3>
                  {group.children.length > 0 && (
                    // Focusable, so a keyboard can scroll a wide roster on a phone.
                    <div
                      className="admin-table-scroll"
                      role="region"
                      aria-label={`Lista de ${group.category_name}`}
                      tabIndex={0}
                    >
                      <table className="table table-sm mb-0 roster-table">
                        <caption className="visually-hidden">
                          {roster.week_name}, {group.category_name}
                        </caption>
                        <thead>
                          <tr>
                            {COLUMNS.map((column) => (
                              <th key={column} scope="col">
                                {column}
                              </th>
                            ))}
                          </tr>
                        </thead>
                        <tbody>
                          {group.children.map((child) => (
                            <tr key={child.key}>
                              <td data-label={COLUMNS[0]}>
                                {child.name}
                                <span className="d-block small text-body-secondary">
                                  {child.order_number}
                                </span>
                              </td>
                              <td data-label={COLUMNS[1]}>{child.age_at_week ?? child.age}</td>
                              <td data-label={COLUMNS[2]}>{child.size}</td>
                              <td data-label={COLUMNS[3]}>
                                <Notes child={child} />
                              </td>
                              <td data-label={COLUMNS[4]}>
                                {child.parents.map((parent) => (
                                  <span key={parent.name} className="d-block">
                                    {parent.name} {parent.phone}
                                  </span>
                                ))}
                              </td>
                              <td data-label={COLUMNS[5]}>
                                {child.emergency.name}
                                <span className="d-block">{child.emergency.phones[0] ?? ''}</span>
                              </td>
                              <td data-label={COLUMNS[6]}>
                                {child.pickup.map((person) => (
                                  <span key={person.name} className="d-block">
                                    {person.name} ({person.id})
                                  </span>
                                ))}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  )}
                </div>
              ))}
            </div>
          </section>
        ))
      )}
    </AdminPage>
  );
}
