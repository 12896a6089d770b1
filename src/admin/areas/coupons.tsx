// Coupons (spec 02 §2, §3, §5): code (upper-cased as typed, no spaces) and label required;
// percent 0-100 or amount ≥ 0 by type; optional expiry (valid through that day); status.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { COUPON_DEFAULTS, CouponCreate } from '../../domain/admin-contract.ts';
import { COUPON_CODE_MAX } from '../../domain/coupons.ts';
import { formatDop } from '../../domain/pricing.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { dayInputValue, formatDay } from '../feedback.ts';
import { SelectField, StatusField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** An emptied number field is "no value" (required where its type is chosen), not "not a number". */
const emptyAsUndefined = (value: unknown, original: unknown) => (original === '' ? undefined : value);

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
        <TextField
          formik={formik}
          name="amount"
          label="Monto (RD$) *"
          type="number"
          inputMode="numeric"
          min={0}
          help="En pesos, p. ej. 500"
        />
      )}
      <TextField
        formik={formik}
        name="date"
        label="Vence"
        type="date"
        help="Opcional: válido hasta el final de ese día."
      />
      <StatusField formik={formik} />
    </>
  );
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
    { id: 'status', header: 'Estado', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
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
    }),
    // Only the figure of the chosen type is sent; an empty expiry means it never expires.
    toBody: ({ date, percent, amount, ...values }) => ({
      ...values,
      ...(values.type === 'percent' ? { percent } : { amount }),
      date: date || null,
    }),
    Fields: CouponFields,
  },
};
