// One order whole, for staff: the payment, each child with medical notes and weeks, parents and
// emergency contact, who may pick the children up, invoice data, the e-mails sent. 'Verificar pago'
// on a pending order; 'Cancelar inscripción' on a paid one (with a reason); on a paid camp order,
// each week can be dropped or moved and each child dropped (issue 24, ./ChangeDialog.tsx). Its
// sections and dialogs are in ./enrolment-detail/.
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../lib/links.tsx';
import { Button } from 'react-bootstrap';
import { AdminPage } from '../AdminPage.tsx';
import { useCorrectEnrolmentDataMutation, useEnrolmentQuery, useVerifyEnrolmentMutation } from '../api.ts';
import { notifyCall, notifySuccess, withServerMessage } from '../feedback.ts';
import { StateBadge } from './StateBadge.tsx';
import { isAnnualProgram } from '../../domain/records.ts';
import { ChangeDialog, type ChangeTarget } from './ChangeDialog.tsx';
import { OrderSection } from './enrolment-detail/OrderSection.tsx';
import { PaymentsSection } from './enrolment-detail/PaymentsSection.tsx';
import { ChangesSection } from './enrolment-detail/ChangesSection.tsx';
import { ParticipantsSection } from './enrolment-detail/ParticipantsSection.tsx';
import { FamilySections } from './enrolment-detail/FamilySections.tsx';
import { FiscalReceiptSection } from './enrolment-detail/FiscalReceiptSection.tsx';
import { MailsSection } from './enrolment-detail/MailsSection.tsx';
import { OfficeRefundDialog } from './enrolment-detail/OfficeRefundDialog.tsx';
import { CancelEnrolmentDialog } from './enrolment-detail/CancelEnrolmentDialog.tsx';
import { OrderDataDialog } from '../../lib/OrderDataDialog.tsx';
import { orderDataOf } from '../../domain/order-data.ts';

export function EnrolmentDetailPage() {
  const { id = '' } = useParams();
  const detail = useEnrolmentQuery(id);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [verify, verifying] = useVerifyEnrolmentMutation();
  const [officeOpen, setOfficeOpen] = useState(false);
  const [dataOpen, setDataOpen] = useState(false);
  const [dataKey, setDataKey] = useState(0);
  const [correctData] = useCorrectEnrolmentDataMutation();
  const [changeTarget, setChangeTarget] = useState<ChangeTarget | null>(null);
  const [changeKey, setChangeKey] = useState(0);
  const openChange = (target: ChangeTarget) => {
    setChangeKey((key) => key + 1);
    setChangeTarget(target);
  };
  const enrolment = detail.data;

  if (!enrolment) {
    return (
      <AdminPage title="Inscripción">
        <p role="status">
          {detail.isLoading ? 'Cargando…' : withServerMessage('Error al cargar la inscripción', detail.error)}
        </p>
        <Link to="/admin/inscripciones">Volver a inscripciones</Link>
      </AdminPage>
    );
  }

  return (
    <AdminPage
      title={`Inscripción ${enrolment.order_number}`}
      actions={
        <div className="d-flex gap-2 no-print">
          {enrolment.state === 'pending' && (
            <Button
              className="admin-tap"
              disabled={verifying.isLoading}
              onClick={() => void notifyCall(() => verify(id).unwrap(), 'Error al verificar el pago')}
            >
              Verificar pago
            </Button>
          )}
          {enrolment.office_refund?.status === 'owed' && (
            <Button variant="outline-primary" className="admin-tap" onClick={() => setOfficeOpen(true)}>
              Registrar devolución
            </Button>
          )}
          {enrolment.state === 'paid' && (
            <Button
              variant="outline-primary"
              className="admin-tap"
              onClick={() => {
                setDataKey((key) => key + 1);
                setDataOpen(true);
              }}
            >
              Corregir datos
            </Button>
          )}
          {enrolment.state === 'paid' && (
            <Button variant="outline-danger" className="admin-tap" onClick={() => setCancelOpen(true)}>
              Cancelar inscripción
            </Button>
          )}
        </div>
      }
    >
      <p className="mb-3">
        <StateBadge state={enrolment.state} refund={enrolment.refund_status} failure={enrolment.failure} />{' '}
        <Link to="/admin/inscripciones" className="ms-2">
          Volver a inscripciones
        </Link>
      </p>
      <OrderSection enrolment={enrolment} />
      <PaymentsSection enrolment={enrolment} />
      <ChangesSection enrolment={enrolment} />
      <ParticipantsSection
        enrolment={enrolment}
        {...(enrolment.state === 'paid' && !isAnnualProgram(enrolment.camp_type)
          ? { onChange: openChange }
          : {})}
      />
      <FamilySections contact={enrolment.contact} />
      <FiscalReceiptSection enrolment={enrolment} />
      <MailsSection mails={enrolment.mails} />

      <ChangeDialog
        key={changeKey}
        enrolment={enrolment}
        target={changeTarget}
        onClose={() => setChangeTarget(null)}
      />
      <OfficeRefundDialog
        id={id}
        amount={enrolment.office_refund?.amount ?? 0}
        show={officeOpen}
        onClose={() => setOfficeOpen(false)}
      />
      <OrderDataDialog
        key={dataKey}
        show={dataOpen}
        onClose={() => setDataOpen(false)}
        orderNumber={enrolment.order_number}
        data={orderDataOf(enrolment)}
        tapClass="admin-tap"
        onSave={async (body) => notifySuccess((await correctData({ id, body }).unwrap()).message)}
      />
      <CancelEnrolmentDialog
        id={id}
        giveBack={enrolment.give_back}
        memberships={{
          voided: enrolment.voided_by_cancel ?? [],
          used: enrolment.participants.map((participant) => participant.membership_code),
        }}
        show={cancelOpen}
        onClose={() => setCancelOpen(false)}
      />
    </AdminPage>
  );
}
