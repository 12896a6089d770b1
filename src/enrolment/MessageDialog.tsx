// The wizard's dialogs: WizardModal is their one frame (centred, titled, focus kept inside), and
// MessageDialog the 'Mensaje' dialog of spec 01 §2, §8 (validation and server messages; 'Cerrar').
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { keepTabInside } from '../lib/focusTrap.ts';
import { DIALOG_TITLE } from './cart.ts';
import { useWizard } from './useWizard.ts';

export function WizardModal({
  id,
  title,
  show,
  onHide,
  footer,
  scrollable = false,
  children,
}: {
  /** The title's id (the dialog is named by it). */
  id: string;
  title: string;
  show: boolean;
  onHide: () => void;
  footer: ReactNode;
  scrollable?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      centered
      scrollable={scrollable}
      aria-labelledby={id}
      onKeyDown={keepTabInside}
    >
      <Modal.Header>
        <Modal.Title id={id} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </Modal>
  );
}

export function MessageDialog() {
  const actor = useWizard();
  const message = useSelector(actor, (snapshot) => snapshot.context.dialog);
  const close = () => actor.send({ type: 'CLOSE_DIALOG' });
  return (
    <WizardModal
      id="wizard-dialog-title"
      title={DIALOG_TITLE}
      show={message !== null}
      onHide={close}
      footer={
        <Button variant="primary" onClick={close}>
          Cerrar
        </Button>
      }
    >
      <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </p>
    </WizardModal>
  );
}
