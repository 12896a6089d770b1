// The frame of the wizard's dialogs (centred, titled, focus kept inside): react-bootstrap's
// Modal and its transitions, in a chunk fetched when a dialog first opens (MessageDialog.tsx).
import { Modal } from 'react-bootstrap';
import type { ReactNode } from 'react';
import { keepTabInside } from '../lib/focusTrap.ts';
import { ContainedDialog } from '../lib/ContainedDialog.tsx';

export interface WizardModalProps {
  /** The title's id (the dialog is named by it). */
  id: string;
  title: string;
  show: boolean;
  onHide: () => void;
  footer: ReactNode;
  scrollable?: boolean;
  children: ReactNode;
}

export default function ModalFrame({
  id,
  title,
  show,
  onHide,
  footer,
  scrollable = false,
  children,
}: WizardModalProps) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      dialogAs={ContainedDialog}
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
