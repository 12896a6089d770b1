// The camp select of the category and week dialogs, bound to Formik's `campament`.
import type { FormikProps } from 'formik';
import { CampPicker } from '../CampPicker.tsx';

export function CampField<V extends { campament: string }>({ formik }: { formik: FormikProps<V> }) {
  const error =
    formik.touched.campament && typeof formik.errors.campament === 'string' ? formik.errors.campament : '';
  return (
    <div className="mb-3">
      <CampPicker
        id="field-campament"
        value={formik.values.campament}
        onChange={(campId) => void formik.setFieldValue('campament', campId)}
        onBlur={() => void formik.setFieldTouched('campament', true)}
        invalid={Boolean(error)}
        describedBy={error ? 'field-campament-error' : undefined}
      />
      {error && (
        <div id="field-campament-error" className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
