// Categories (spec 02 §2, §3, §5, §8): camp and name required, the camp chosen first; a button
// copies the category id.
import type { FormikProps } from 'formik';
import * as Yup from 'yup';
import { CATEGORY_DEFAULTS, CategoryCreate, type CategoryAnswer } from '../../domain/admin-contract.ts';
import { TextField } from '../../lib/FormControls.tsx';
import type { AreaScreen } from '../AreaListPage.tsx';
import { StatusField, lengthLimit } from '../fields.tsx';
import { areaTexts } from '../texts.ts';
import { CampField } from './CampField.tsx';
import { COPY_MESSAGES, CopyButton } from './camps.tsx';
import { StatusBadge } from './StatusBadge.tsx';

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
          <TextField
            formik={formik}
            name="order"
            label="Orden *"
            type="number"
            inputMode="numeric"
            help="Las categorías se listan de menor a mayor."
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
      status: category?.status === 'inactive' ? 'inactive' : 'active',
    }),
    toBody: (values) => ({ ...values }),
    Fields: CategoryFields,
  },
};
