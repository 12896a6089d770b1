// 'Corregir datos' on a current order of the profile (issue 54, item 2): the family adds a
// grandmother to the pick-up list or corrects an allergy or a phone through the camp's last day.
// The order's data is read when the dialog opens, so it starts from what the school has now
// (staff may have corrected it too).
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { OrderDataDialog } from '../lib/OrderDataDialog.tsx';
import { notify } from '../lib/toasts.tsx';
import { fetchOrderData, saveOrderData, type FamilyOrderData } from './accountApi.ts';

export function OrderDataCorrection({ id, until }: { id: string; until: string }) {
  const [data, setData] = useState<FamilyOrderData | null>(null);
  const [loading, setLoading] = useState(false);
  const open = () => {
    setLoading(true);
    fetchOrderData(id)
      .then((loaded) => {
        if (loaded.editable) setData(loaded);
        else
          notify.error(`Los datos de esta inscripción ya no se pueden cambiar desde el ${loaded.last_day}.`);
      })
      .catch((error: unknown) =>
        notify.error(error instanceof Error ? error.message : 'No fue posible cargar los datos.'),
      )
      .finally(() => setLoading(false));
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
      <Button variant="outline-primary" className="tap-target" disabled={loading} onClick={open}>
        Corregir datos
      </Button>
      <span className="small text-body-secondary">
        Personas autorizadas a recoger, contactos y notas médicas: hasta el {until}.
      </span>
      {data ? (
        <OrderDataDialog
          show
          onClose={() => setData(null)}
          orderNumber={data.order_number}
          data={data}
          tapClass="tap-target"
          onSave={async (body) => notify.success((await saveOrderData(id, body)).message)}
        />
      ) : null}
    </div>
  );
}
