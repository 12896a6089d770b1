// One dialog for creating and editing a record of any catalogue area (spec 02 §2: create versus
// update chosen by edit mode). Formik with the area's one Yup schema; the area turns the values
// into the request body (dates as date values, only edited fields where a stale value would
// overwrite the server's, e.g. a week's places taken).
import { useState, type ComponentType } from 'react';
import { Button } from 'react-bootstrap';
import { ConfirmDialog, DialogFrame } from '../lib/DialogFrame.tsx';
import { useFormik, type FormikProps } from 'formik';
import type * as Yup from 'yup';
import { LoadingButton } from '../lib/FormControls.tsx';
import {
  useCreateRecordMutation,
  useUpdateRecordMutation,
  type AdminCallError,
  type CatalogueArea,
  type CatalogueRecords,
} from './api.ts';
import { notifyError, notifySuccess, serverMessage, withServerMessage } from './feedback.ts';
import type { AreaTexts } from './texts.ts';

export interface AreaForm<A extends CatalogueArea, V extends object> {
  schema: Yup.ObjectSchema<V>;
  /** The form's values for a record (edit) or a new one; `campament` is the list's camp filter. */
  initialValues: (record: CatalogueRecords[A] | null, context: { campament: string }) => V;
  /** The create or update body (without `_id`). */
  toBody: (values: V, record: CatalogueRecords[A] | null) => object;
  Fields: ComponentType<{ formik: FormikProps<V>; record: CatalogueRecords[A] | null }>;
}

interface RecordDialogProps<A extends CatalogueArea, V extends object> {
  area: A;
  texts: AreaTexts;
  form: AreaForm<A, V>;
  /** null = create. */
  record: CatalogueRecords[A] | null;
  campament: string;
  onClose: () => void;
}

export function RecordDialog<A extends CatalogueArea, V extends object>({
  area,
  texts,
  form,
  record,
  campament,
  onClose,
}: RecordDialogProps<A, V>) {
  const [create] = useCreateRecordMutation();
  const [update] = useUpdateRecordMutation();
  // A warning the server lets the admin overrule (a week outside its camp's dates), with the body
  // it refused: asked, then sent again with `confirm`.
  const [warning, setWarning] = useState<{ message: string; body: object } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = async (body: object) => {
    try {
      if (record) {
        await update({ area, body: { ...body, _id: record._id } }).unwrap();
        notifySuccess(texts.messages.updated);
      } else {
        await create({ area, body }).unwrap();
        notifySuccess(texts.messages.created);
      }
      onClose();
    } catch (error) {
      if ((error as Partial<AdminCallError>).confirm) setWarning({ message: serverMessage(error), body });
      // The dialog stays open with what was typed, so nothing is lost.
      else notifyError(withServerMessage(texts.saveError, error));
    }
  };
  const confirmSave = async () => {
    if (!warning) return;
    setConfirming(true);
    setWarning(null);
    await save({ ...warning.body, confirm: true });
    setConfirming(false);
  };
  const formik = useFormik<V>({
    initialValues: form.initialValues(record, { campament }),
    validationSchema: form.schema,
    onSubmit: (values) => save(form.toBody(values, record)),
  });
  const title = record ? texts.edit : texts.create;
  const { Fields } = form;

  return (
    <>
      <DialogFrame
        show={warning === null}
        onClose={onClose}
        titleId={`${area}-dialog-title`}
        title={title}
        trapTab
        modal={{ scrollable: true, fullscreen: 'sm-down' }}
        form={{
          noValidate: true,
          onSubmit: formik.handleSubmit,
          className: 'admin-dialog-form',
          'aria-labelledby': `${area}-dialog-title`,
        }}
        footer={
          <>
            <Button variant="secondary" className="admin-tap" onClick={onClose}>
              Cancelar
            </Button>
            <LoadingButton
              type="submit"
              loading={formik.isSubmitting || confirming}
              className="btn-primary admin-tap"
            >
              Guardar
            </LoadingButton>
          </>
        }
      >
        <p className="small text-body-secondary">Los campos marcados con * son obligatorios.</p>
        <Fields formik={formik} record={record} />
      </DialogFrame>
      <ConfirmDialog
        show={warning !== null}
        onClose={() => setWarning(null)}
        titleId={`${area}-confirm-title`}
        title="¿Guardar de todos modos?"
        confirmLabel="Guardar de todos modos"
        busy={confirming}
        onConfirm={() => void confirmSave()}
      >
        <p className="mb-0">{warning?.message}</p>
      </ConfirmDialog>
    </>
  );
}
