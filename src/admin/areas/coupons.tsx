// Coupons (spec 02 §2, §3, §5): code (upper-cased as typed, no spaces) and label required;
// percent 0-100 or amount ≥ 0 by type; optional expiry (valid through that day); status.
// Limits (issue 18): first valid day, uses in all and per family, camps, least children; the
// list shows the uses taken (the checkout counts them).
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { ADMIN_MESSAGES } from '../../domain/admin-areas.ts';
import { COUPON_DEFAULTS, CouponCreate } from '../../domain/schemas/coupons.ts';
import { COUPON_CODE_MAX } from '../../domain/coupons.ts';
import { formatDop } from '../../domain/pricing.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { useAreaList } from '../api.ts';
import { dayInputValue, formatDay } from '../feedback.ts';
import { ChecklistField, NumberField, SelectField, StatusField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** An emptied number field is "no value" (required where its type is chosen), not "not a number". */
const emptyAsUndefined = (value: unknown, original: unknown) => (original === '' ? undefined : value);

/** A limit: a whole number ≥ 0, where empty or 0 means "no limit". `what` agrees with its verbs. */
const limit = (what: { subject: string; plural: boolean }) => {
  const [is, are] = what.plural ? ['deben', 'pueden'] : ['debe', 'puede'];
  return Yup.number()
    .transform((value: unknown, original: unknown) => (original === '' ? 0 : value))
    .typeError(`${what.subject} ${is} ser un número.`)
    .integer(`${what.subject} ${is} ser un número entero.`)
    .min(0, `${what.subject} no ${are} ser ${what.plural ? 'negativos' : 'negativo'}.`)
    .required();
};

const schema = Yup.object({
  code: Yup.string()
    .trim()
    .required('El código es obligatorio.')
    .max(COUPON_CODE_MAX, `El código puede tener hasta ${COUPON_CODE_MAX} caracteres.`)
    .matches(/^\S+$/, 'El código no puede tener espacios.'),
  label: Yup.string()
    .trim()
    .required('La etiqueta es obligatoria.')
    .max(...lengthLimit(CouponCreate, 'label')),
  type: Yup.string().oneOf(['percent', 'amount']).required(),
  percent: Yup.number()
    .transform(emptyAsUndefined)
    .typeError('El porcentaje debe ser un número.')
    .when('type', {
      is: 'percent',
      then: (rule) =>
        rule
          .required('El porcentaje es obligatorio.')
          .min(0, 'El porcentaje debe estar entre 0 y 100.')
          .max(100, 'El porcentaje debe estar entre 0 y 100.'),
    }),
  amount: Yup.number()
    .transform(emptyAsUndefined)
    .typeError('El monto debe ser un número.')
    .when('type', {
      is: 'amount',
      then: (rule) =>
        rule
          .required('El monto es obligatorio.')
          .integer('El monto es en pesos enteros.')
          .min(0, 'El monto no puede ser negativo.'),
    }),
  date: Yup.string(),
  status: Yup.string().oneOf(['active', 'inactive']).required(),
  // ISO days compare as text.
  valid_from: Yup.string().test(
    'before-expiry',
    ADMIN_MESSAGES.couponDatesOrder,
    (from, { parent }) =>
      !from || !(parent as { date?: string }).date || from <= (parent as { date: string }).date,
  ),
  max_uses: limit({ subject: 'Los usos máximos', plural: true }),
  max_per_family: limit({ subject: 'Los usos por familia', plural: true }),
  min_children: limit({ subject: 'El mínimo de participantes', plural: false }).max(
    50,
    'El mínimo de participantes puede ser hasta 50.',
  ),
  camps: Yup.array(Yup.string().required()).required(),
});
type CouponValues = Yup.InferType<typeof schema>;

function CouponFields({ formik }: { formik: FormikProps<CouponValues> }) {
  const percent = formik.values.type === 'percent';
  return (
    <>
      <TextField
        formik={formik}
        name="code"
        label="Código *"
        autoComplete="off"
        transform={(text) => text.toUpperCase()}
        help="Lo que escriben los padres, sin espacios, p. ej. VERANO10"
      />
      <TextField
        formik={formik}
        name="label"
        label="Etiqueta *"
        autoComplete="off"
        help="Cómo se muestra el descuento, p. ej. 10% de descuento de verano"
      />
      <SelectField
        formik={formik}
        name="type"
        label="Tipo *"
        help="Porcentaje del total, o un monto fijo en pesos."
      >
        <option value="percent">Porcentaje</option>
        <option value="amount">Monto fijo</option>
      </SelectField>
      {percent ? (
        <TextField
          formik={formik}
          name="percent"
          label="Porcentaje *"
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          help="De 0 a 100, p. ej. 10"
        />
      ) : (
        <NumberField
          formik={formik}
          name="amount"
          label="Monto (RD$) *"
          min={0}
          help="En pesos, p. ej. 500"
        />
      )}
      <TextField
        formik={formik}
        name="valid_from"
        label="Válido desde"
        type="date"
        help="Opcional: válido desde el inicio de ese día."
      />
      <TextField
        formik={formik}
        name="date"
        label="Vence"
        type="date"
        help="Opcional: válido hasta el final de ese día."
      />
      <NumberField
        formik={formik}
        name="max_uses"
        label="Usos máximos"
        min={0}
        help="Inscripciones pagadas que puede descontar en total; 0 = sin límite."
      />
      <NumberField
        formik={formik}
        name="max_per_family"
        label="Usos por familia"
        min={0}
        help="Veces que una misma cuenta puede usarlo; 0 = sin límite."
      />
      <NumberField
        formik={formik}
        name="min_children"
        label="Mínimo de participantes"
        min={0}
        help="Niños que debe inscribir la orden; 0 = sin mínimo."
      />
      <CampsField formik={formik} />
      <StatusField formik={formik} />
    </>
  );
}

/** The camps a coupon applies to: none checked means every camp. */
function CampsField({ formik }: { formik: FormikProps<CouponValues> }) {
  const camps = useAreaList('campamentos', { sort: 'name', page: 1, limit: 100 });
  return (
    <ChecklistField
      formik={formik}
      name="camps"
      legend="Campamentos"
      options={(camps.data?.data ?? []).map((camp) => ({ id: camp._id, label: camp.name }))}
      help="Ninguno marcado: vale para todos los campamentos."
    />
  );
}

/** '3 de 5', or '3' without a limit. */
export function couponUses(coupon: { uses?: number; max_uses?: number }): string {
  const uses = coupon.uses ?? 0;
  return coupon.max_uses ? `${uses} de ${coupon.max_uses}` : String(uses);
}

export const couponsScreen: AreaScreen<'cupones', CouponValues> = {
  area: 'cupones',
  texts: areaTexts('cupones'),
  defaultSort: 'code',
  columns: [
    { id: 'code', accessorKey: 'code', header: 'Código' },
    { id: 'label', accessorKey: 'label', header: 'Etiqueta' },
    {
      id: 'type',
      header: 'Tipo',
      cell: ({ row }) => (row.original.type === 'percent' ? 'Porcentaje' : 'Monto fijo'),
    },
    {
      id: 'percent',
      header: 'Descuento',
      cell: ({ row }) =>
        row.original.type === 'percent' ? `${row.original.percent}%` : formatDop(row.original.amount),
    },
    { id: 'date', header: 'Vence', cell: ({ row }) => formatDay(row.original.date) || 'No vence' },
    { id: 'uses', header: 'Usos', cell: ({ row }) => couponUses(row.original) },
    {
      id: 'status',
      header: 'Estado',
      cell: ({ row }) => (
        <StatusBadge
          status={
            row.original.expired && ['active', 'activo'].includes(row.original.status)
              ? 'expired'
              : row.original.status
          }
        />
      ),
    },
  ],
  form: {
    schema,
    initialValues: (coupon) => ({
      code: coupon?.code ?? '',
      label: coupon?.label ?? '',
      type: coupon?.type ?? COUPON_DEFAULTS.type,
      percent: coupon?.percent ?? COUPON_DEFAULTS.percent,
      amount: coupon?.amount ?? COUPON_DEFAULTS.amount,
      date: dayInputValue(coupon?.date),
      status: coupon?.status === 'inactive' ? 'inactive' : 'active',
      valid_from: dayInputValue(coupon?.valid_from),
      max_uses: coupon?.max_uses ?? COUPON_DEFAULTS.max_uses,
      max_per_family: coupon?.max_per_family ?? COUPON_DEFAULTS.max_per_family,
      min_children: coupon?.min_children ?? COUPON_DEFAULTS.min_children,
      camps: coupon?.camps ?? [],
    }),
    // Only the figure of the chosen type is sent; an empty expiry means it never expires.
    toBody: ({ date, valid_from, percent, amount, ...values }) => ({
      ...values,
      ...(values.type === 'percent' ? { percent } : { amount }),
      date: date || null,
      valid_from: valid_from || null,
    }),
    Fields: CouponFields,
  },
};
