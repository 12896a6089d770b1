// A staff dialog that asks before an action: its title, what will happen (the children), 'Volver'
// and the button that does it. Used where a page confirms one step (a cancellation, a refund, …).
import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { keepTabInside } from '../../lib/focusTrap.ts';

export function ConfirmDialog({
  show,
  onClose,
  titleId,
  title,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  trapTab = false,
  children,
}: {
  show: boolean;
  onClose: () => void;
  /** The title's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: 'primary' | 'danger';
  /** The confirming button is off while its call runs (or until the dialog has what it needs). */
  busy: boolean;
  onConfirm: () => void;
  /** Keep Tab inside the dialog (lib/focusTrap.ts), as the dialogs that change an order do. */
  trapTab?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      {...(trapTab ? { onKeyDown: keepTabInside } : {})}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" className="admin-tap" onClick={onClose}>
          Volver
        </Button>
        <Button variant={confirmVariant} className="admin-tap" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
