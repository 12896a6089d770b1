// The wizard's 'Mensaje' dialog (spec 01 §2, §8): validation and server messages; 'Cerrar' closes it.
import { useSelector } from '@xstate/react';
import { keepTabInside } from '../lib/focusTrap.ts';
import { Button, Modal } from 'react-bootstrap';
import { DIALOG_TITLE } from './cart.ts';
import { useWizard } from './useWizard.ts';

export function MessageDialog() {
  const actor = useWizard();
  const message = useSelector(actor, (snapshot) => snapshot.context.dialog);
  const close = () => actor.send({ type: 'CLOSE_DIALOG' });
  return (
    <Modal
      show={message !== null}
      onHide={close}
      centered
      aria-labelledby="wizard-dialog-title"
      onKeyDown={keepTabInside}
    >
      <Modal.Header>
        <Modal.Title id="wizard-dialog-title" as="h2" className="h5">
          {DIALOG_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
          {message}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={close}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
