// Categories (spec 02 §2, §3, §5, §8): camp and name required, the camp chosen first; a button
// copies the category id.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { CATEGORY_DEFAULTS, CategoryCreate } from '../../domain/schemas/camps.ts';
import type { CategoryAnswer } from '../../domain/answers.ts';
import { CATEGORY_MESSAGES, ageRangeText } from '../../domain/categories.ts';
import { AGE_MAX, AGE_MIN } from '../../domain/enrolment.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { NumberField, StatusField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { CampField } from './CampField.tsx';
import { COPY_MESSAGES, CopyButton } from './camps.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** An optional age bound: empty, or whole years within the ages the school takes. */
const ageBound = (which: string) =>
  Yup.number()
    .transform((value: number, original: unknown) =>
      original === '' || original === null ? undefined : value,
    )
    .typeError(`La edad ${which} debe ser un número.`)
    .integer(`La edad ${which} debe ser un número entero.`)
    .min(AGE_MIN, `La edad ${which} debe estar entre ${AGE_MIN} y ${AGE_MAX} años.`)
    .max(AGE_MAX, `La edad ${which} debe estar entre ${AGE_MIN} y ${AGE_MAX} años.`)
    .optional();

/** The form holds what was typed (a number, or '' once emptied). */
const ageOrNull = (value: unknown): number | null =>
  value === '' || value === null || value === undefined ? null : Number(value);

const schema = Yup.object({
  campament: Yup.string().required(COPY_MESSAGES.chooseCamp),
  name: Yup.string()
    .trim()
    .required('El nombre es obligatorio.')
    .max(...lengthLimit(CategoryCreate, 'name')),
  text: Yup.string().max(...lengthLimit(CategoryCreate, 'text')),
  value: Yup.string().max(...lengthLimit(CategoryCreate, 'value')),
  order: Yup.number()
    .typeError('El orden debe ser un número.')
    .integer('El orden debe ser un número entero.')
    .required('El orden es obligatorio.'),
  age_min: ageBound('mínima'),
  age_max: ageBound('máxima').test('age-order', CATEGORY_MESSAGES.ageOrder, (max, context) => {
    const min = (context.parent as { age_min?: unknown }).age_min;
    return typeof max !== 'number' || typeof min !== 'number' || min <= max;
  }),
  status: Yup.string().oneOf(['active', 'inactive']).required(),
});
type CategoryValues = Yup.InferType<typeof schema>;

function CategoryFields({ formik }: { formik: FormikProps<CategoryValues> }) {
  return (
    <>
      <CampField formik={formik} />
      <TextField
        formik={formik}
        name="name"
        label="Nombre *"
        autoComplete="off"
        help="P. ej. 8 a 12 años, o Horario de la mañana"
      />
      <TextField
        formik={formik}
        name="text"
        label="Descripción"
        help="Opcional: se muestra junto al nombre."
        multiline
      />
      <div className="row">
        <div className="col-sm-6">
          <TextField
            formik={formik}
            name="value"
            label="Valor"
            autoComplete="off"
            help="Código interno; 0 si no aplica."
          />
        </div>
        <div className="col-sm-6">
          <NumberField
            formik={formik}
            name="order"
            label="Orden *"
            help="Las categorías se listan de menor a mayor."
          />
        </div>
      </div>
      <div className="row">
        <div className="col-sm-6">
          <NumberField
            formik={formik}
            name="age_min"
            label="Edad mínima"
            min={AGE_MIN}
            max={AGE_MAX}
            help="Opcional: el participante debe tener al menos esta edad."
          />
        </div>
        <div className="col-sm-6">
          <NumberField
            formik={formik}
            name="age_max"
            label="Edad máxima"
            min={AGE_MIN}
            max={AGE_MAX}
            help="Opcional: el participante debe tener como máximo esta edad."
          />
        </div>
      </div>
      <StatusField formik={formik} />
    </>
  );
}

export const categoriesScreen: AreaScreen<'categorias', CategoryValues> = {
  area: 'categorias',
  texts: areaTexts('categorias'),
  defaultSort: 'order',
  campFilter: true,
  columns: [
    { id: 'name', accessorKey: 'name', header: 'Nombre' },
    { id: 'campament_name', header: 'Campamento', cell: ({ row }) => row.original.campament_name ?? '—' },
    { id: 'text', accessorKey: 'text', header: 'Descripción' },
    { id: 'ages', header: 'Edades', cell: ({ row }) => ageRangeText(row.original) || '—' },
    { id: 'order', accessorKey: 'order', header: 'Orden' },
    { id: 'status', header: 'Estado', cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  ],
  rowActions: (category: CategoryAnswer) => (
    <CopyButton label="Copiar ID" name={category.name} text={category._id} done={COPY_MESSAGES.categoryId} />
  ),
  form: {
    schema,
    initialValues: (category, { campament }) => ({
      campament: category?.campament ?? campament,
      name: category?.name ?? '',
      text: category?.text ?? CATEGORY_DEFAULTS.text,
      value: category?.value ?? CATEGORY_DEFAULTS.value,
      order: category?.order ?? CATEGORY_DEFAULTS.order,
      age_min: category?.age_min ?? undefined,
      age_max: category?.age_max ?? undefined,
      status: category?.status === 'inactive' ? 'inactive' : 'active',
    }),
    // An emptied bound is sent as null: the range is removed, not left as it was.
    toBody: (values) => ({
      ...values,
      age_min: ageOrNull(values.age_min),
      age_max: ageOrNull(values.age_max),
    }),
    Fields: CategoryFields,
  },
};
