// Weeks (spec 02 §2, §3, §5; DESIGN.md §2.5): camp and name required; the camp's categories as a
// multi-select; 'Habilitado'; places as capacity, taken and available with a bar. Places taken are
// sent only when the admin edits them, so a save never overwrites places parents took meanwhile.
// Dates that cannot exist are refused under the field; dates outside the camp and a capacity below
// the places taken are the server's warnings, confirmed in ../RecordDialog.tsx.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { WEEK_DATE_PATTERN, WEEK_DEFAULTS, WeekCreate } from '../../domain/schemas/camps.ts';
import type { WeekAnswer } from '../../domain/answers.ts';
import { formatDop } from '../../domain/pricing.ts';
import { weekDatesProblem } from '../../domain/weeks.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { useAreaList } from '../api.ts';
import {
  ChecklistField,
  NumberField,
  SelectField,
  StatusField,
  SwitchField,
  lengthLimit,
} from '../fields.tsx';
import {
  PLAN_FREQUENCIES,
  PLAN_FREQUENCY_LABELS,
  PLAN_LIMITS,
  planOf,
  planSentence,
  validDay,
} from '../../domain/plans.ts';
import { areaTexts } from '../texts.ts';
import { CampField } from './CampField.tsx';
import { COPY_MESSAGES } from './camps.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { ValueOptions } from '../../lib/Options.tsx';

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
    .matches(new RegExp(WEEK_DATE_PATTERN), 'Escriba las fechas como 14/06/2027 - 18/06/2027.')
    // The server's own rule: a day that does not exist, or an end before the start.
    .test('days', function checkDays(date) {
      const problem = weekDatesProblem(date ?? '');
      return problem === null || this.createError({ message: problem });
    }),
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
  // An annual program's payment plan (issue 20); 'none': paid once, on the day.
  plan_frequency: Yup.string()
    .oneOf(['none', ...PLAN_FREQUENCIES])
    .required(),
  plan_instalments: Yup.number()
    .typeError('Las cuotas deben ser un número.')
    .integer('Las cuotas deben ser un número entero.')
    .min(
      PLAN_LIMITS.instalments.min,
      `Entre ${PLAN_LIMITS.instalments.min} y ${PLAN_LIMITS.instalments.max} cuotas.`,
    )
    .max(
      PLAN_LIMITS.instalments.max,
      `Entre ${PLAN_LIMITS.instalments.min} y ${PLAN_LIMITS.instalments.max} cuotas.`,
    )
    .required('Indique el número de cuotas.'),
  plan_first_due: Yup.string().when('plan_frequency', {
    is: (frequency: string) => frequency !== 'none',
    then: (field) =>
      field
        .required('Indique la fecha de la primera cuota.')
        .test('day', 'La fecha de la primera cuota no es válida.', (day) => validDay(day ?? '')),
    otherwise: (field) => field.optional(),
  }),
  plan_due_day: Yup.number()
    .typeError('El día debe ser un número.')
    .integer('El día debe ser un número entero.')
    .min(PLAN_LIMITS.dueDay.min, `Un día del ${PLAN_LIMITS.dueDay.min} al ${PLAN_LIMITS.dueDay.max}.`)
    .max(PLAN_LIMITS.dueDay.max, `Un día del ${PLAN_LIMITS.dueDay.min} al ${PLAN_LIMITS.dueDay.max}.`)
    .required('Indique el día de vencimiento.'),
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
      <NumberField
        formik={formik}
        name="value"
        label="Precio (RD$) *"
        min={0}
        help="Por participante, en pesos, p. ej. 4700"
      />
      <div className="row">
        <div className="col-6">
          <NumberField
            formik={formik}
            name="quota_q"
            label="Capacidad *"
            min={0}
            help="Cupos ofrecidos; 0 = sin límite."
          />
        </div>
        <div className="col-6">
          <NumberField
            formik={formik}
            name="quota_f"
            label="Ocupados"
            min={0}
            help={record ? 'Los lleva el sistema; cámbielo solo para corregir.' : 'Normalmente 0.'}
          />
        </div>
      </div>
      <CategoriesField formik={formik} />
      <SwitchField formik={formik} name="isChecked" label="Habilitado" />
      <TextField formik={formik} name="notes" label="Notas" help="Opcional." multiline />
      <PlanFields formik={formik} />
      <StatusField formik={formik} />
    </>
  );
}

/** The payment plan of an annual program's option: how its price is paid (issue 20). */
function PlanFields({ formik }: { formik: FormikProps<WeekValues> }) {
  const frequency = formik.values.plan_frequency;
  return (
    <fieldset className="border rounded p-2 mb-3">
      <legend className="fs-6 fw-semibold w-auto px-1 mb-1">Plan de pagos (programas anuales)</legend>
      <SelectField
        formik={formik}
        name="plan_frequency"
        label="Forma de cobro"
        help="El precio es el de cada cuota. Sin plan: un solo pago al inscribirse."
      >
        <option value="none">Sin plan</option>
        <ValueOptions values={PLAN_FREQUENCIES} label={(key) => PLAN_FREQUENCY_LABELS[key]} />
      </SelectField>
      {frequency !== 'none' ? (
        <div className="row">
          {frequency !== 'once' ? (
            <div className="col-6">
              <NumberField
                formik={formik}
                name="plan_instalments"
                label="Cuotas *"
                min={PLAN_LIMITS.instalments.min}
                max={PLAN_LIMITS.instalments.max}
                help="P. ej. 10 (septiembre a junio)"
              />
            </div>
          ) : null}
          <div className="col-6">
            <TextField
              formik={formik}
              name="plan_first_due"
              label="Primera cuota *"
              type="date"
              help="Vencimiento de la primera cuota."
            />
          </div>
          {frequency !== 'once' ? (
            <div className="col-6">
              <NumberField
                formik={formik}
                name="plan_due_day"
                label="Día de vencimiento *"
                min={PLAN_LIMITS.dueDay.min}
                max={PLAN_LIMITS.dueDay.max}
                help="Del 1 al 28, p. ej. 5"
              />
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
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
    {
      id: 'value',
      header: 'Precio',
      cell: ({ row }) => (
        <>
          {formatDop(row.original.value)}
          {row.original.plan_frequency ? (
            <span className="d-block small text-body-secondary">
              {planSentence(planOf(row.original, row.original.plan_first_due ?? ''))}
            </span>
          ) : null}
        </>
      ),
    },
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
      plan_frequency: week?.plan_frequency ?? 'none',
      plan_instalments: week?.plan_instalments ?? 1,
      plan_first_due: week?.plan_first_due ?? '',
      plan_due_day: week?.plan_due_day ?? 5,
    }),
    toBody: (
      { quota_f, plan_frequency, plan_instalments, plan_first_due, plan_due_day, ...values },
      week,
    ) => {
      // The plan's fields only with a plan; 'once' is one instalment.
      const plan =
        plan_frequency !== 'none'
          ? {
              plan_frequency,
              plan_instalments: plan_frequency === 'once' ? 1 : plan_instalments,
              plan_first_due,
              plan_due_day,
            }
          : {};
      // Places taken change while the dialog is open (parents pay): send them only when edited.
      return week && quota_f === week.quota_f ? { ...values, ...plan } : { ...values, ...plan, quota_f };
    },
    Fields: WeekFields,
  },
};
