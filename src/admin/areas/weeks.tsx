// Weeks (spec 02 §2, §3, §5; DESIGN.md §2.5): camp and name required; the camp's categories as a
// multi-select; 'Habilitado'; places as capacity, taken and available with a bar. Places taken are
// sent only when the admin edits them, so a save never overwrites places parents took meanwhile.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import {
  WEEK_DATE_PATTERN,
  WEEK_DEFAULTS,
  WeekCreate,
  type WeekAnswer,
} from '../../domain/admin-contract.ts';
import { formatDop } from '../../domain/pricing.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { useAreaList } from '../api.ts';
import { ChecklistField, StatusField, SwitchField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { CampField } from './CampField.tsx';
import { COPY_MESSAGES } from './camps.tsx';
import { StatusBadge } from './StatusBadge.tsx';

const places = (label: string) =>
  Yup.number()
    .typeError(`${label} debe ser un número.`)
    .integer(`${label} debe ser un número entero.`)
    .min(0, `${label} no puede ser negativo.`)
    .required(`${label} es obligatorio.`);

const schema = Yup.object({
  campament: Yup.string().required(COPY_MESSAGES.chooseCamp),
  name: Yup.string()
    .trim()
    .required('El nombre es obligatorio.')
    .max(...lengthLimit(WeekCreate, 'name')),
  date: Yup.string()
    .trim()
    .matches(new RegExp(WEEK_DATE_PATTERN), 'Escriba las fechas como 14/06/2027 - 18/06/2027.'),
  value: Yup.number()
    .typeError('El precio debe ser un número.')
    .integer('El precio es en pesos enteros.')
    .min(0, 'El precio no puede ser negativo.')
    .required('El precio es obligatorio.'),
  quota_q: places('La capacidad'),
  quota_f: places('Ocupados'),
  categories: Yup.array(Yup.string().required()).required(),
  isChecked: Yup.boolean().required(),
  notes: Yup.string().max(...lengthLimit(WeekCreate, 'notes')),
  status: Yup.string().oneOf(['active', 'inactive']).required(),
});
type WeekValues = Yup.InferType<typeof schema>;

/** Places of a week for the table: taken of capacity, with a bar; 'Sin límite' when capacity is 0. */
function PlacesCell({ week }: { week: WeekAnswer }) {
  if (week.quota_q <= 0) return <span className="small">{week.quota_f} ocupados · Sin límite</span>;
  const share = Math.min(100, Math.round((week.quota_f / week.quota_q) * 100));
  const left = week.quota_f_left ?? 0;
  return (
    <div style={{ minWidth: 140 }}>
      <div className="small">
        {week.quota_f} de {week.quota_q} ·{' '}
        {left === 0 ? <strong className="text-danger">Agotado</strong> : `${left} disponibles`}
        {week.quota_held > 0 ? ` · ${week.quota_held} en carritos` : ''}
      </div>
      <div
        className="progress"
        style={{ height: 6 }}
        role="progressbar"
        aria-label={`Cupos ocupados de ${week.name}`}
        aria-valuenow={share}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className={`progress-bar${left === 0 ? ' bg-danger' : ''}`} style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

function CategoriesField({ formik }: { formik: FormikProps<WeekValues> }) {
  const campId = formik.values.campament;
  const categories = useAreaList(
    'categorias',
    { campament: campId, sort: 'order', page: 1, limit: 100 },
    !campId,
  );
  return (
    <ChecklistField
      formik={formik}
      name="categories"
      legend="Categorías"
      options={
        campId
          ? (categories.data?.data ?? []).map((category) => ({ id: category._id, label: category.name }))
          : []
      }
      empty={
        <p className="small text-body-secondary mb-0">
          {campId ? 'Este campamento no tiene categorías.' : COPY_MESSAGES.chooseCamp}
        </p>
      }
    />
  );
}

function WeekFields({ formik, record }: { formik: FormikProps<WeekValues>; record: WeekAnswer | null }) {
  return (
    <>
      <CampField formik={formik} />
      <TextField formik={formik} name="name" label="Nombre *" autoComplete="off" help="P. ej. Semana 1" />
      <TextField
        formik={formik}
        name="date"
        label="Fechas"
        autoComplete="off"
        help="DD/MM/AAAA - DD/MM/AAAA, p. ej. 14/06/2027 - 18/06/2027"
      />
      <TextField
        formik={formik}
        name="value"
        label="Precio (RD$) *"
        type="number"
        inputMode="numeric"
        min={0}
        help="Por participante, en pesos, p. ej. 4700"
      />
      <div className="row">
        <div className="col-6">
          <TextField
            formik={formik}
            name="quota_q"
            label="Capacidad *"
            type="number"
            inputMode="numeric"
            min={0}
            help="Cupos ofrecidos; 0 = sin límite."
          />
        </div>
        <div className="col-6">
          <TextField
            formik={formik}
            name="quota_f"
            label="Ocupados"
            type="number"
            inputMode="numeric"
            min={0}
            help={record ? 'Los lleva el sistema; cámbielo solo para corregir.' : 'Normalmente 0.'}
          />
        </div>
      </div>
      <CategoriesField formik={formik} />
      <SwitchField formik={formik} name="isChecked" label="Habilitado" />
      <TextField formik={formik} name="notes" label="Notas" help="Opcional." multiline />
      <StatusField formik={formik} />
    </>
  );
}

export const weeksScreen: AreaScreen<'semanas', WeekValues> = {
  area: 'semanas',
  texts: areaTexts('semanas'),
  defaultSort: 'order',
  campFilter: true,
  columns: [
    { id: 'name', accessorKey: 'name', header: 'Nombre' },
    { id: 'campament_name', header: 'Campamento', cell: ({ row }) => row.original.campament_name ?? '—' },
    { id: 'date', accessorKey: 'date', header: 'Fechas' },
    { id: 'value', header: 'Precio', cell: ({ row }) => formatDop(row.original.value) },
    { id: 'quota_f', header: 'Cupos', cell: ({ row }) => <PlacesCell week={row.original} /> },
    { id: 'isChecked', header: 'Habilitado', cell: ({ row }) => (row.original.isChecked ? 'Sí' : 'No') },
    { id: 'status', header: 'Estado', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ],
  form: {
    schema,
    initialValues: (week, { campament }) => ({
      campament: week?.campament ?? campament,
      name: week?.name ?? '',
      date: week?.date ?? WEEK_DEFAULTS.date,
      value: week?.value ?? WEEK_DEFAULTS.value,
      quota_q: week?.quota_q ?? WEEK_DEFAULTS.quota_q,
      quota_f: week?.quota_f ?? WEEK_DEFAULTS.quota_f,
      categories: week?.categories ?? [],
      isChecked: week?.isChecked ?? WEEK_DEFAULTS.isChecked,
      notes: week?.notes ?? WEEK_DEFAULTS.notes,
      status: week?.status === 'inactive' ? 'inactive' : 'active',
    }),
    toBody: ({ quota_f, ...values }, week) =>
      // Places taken change while the dialog is open (parents pay): send them only when edited.
      week && quota_f === week.quota_f ? values : { ...values, quota_f },
    Fields: WeekFields,
  },
};
