// The one dialog frame of the staff panel and the parents' pages: a centred modal named by its
// title, with 'Cerrar' in its header, a body and a footer. ConfirmDialog is that frame for a dialog
// that asks before an action: 'Volver' (or 'Cancelar') and the button that does it. Only the
// dialog library: the parents' pages use it too and must not pull in the panel's libraries.
import type { FormHTMLAttributes, ReactNode } from 'react';
import { Button, Modal, type ModalProps } from 'react-bootstrap';
import { ContainedDialog } from './ContainedDialog.tsx';
import { keepTabInside } from './focusTrap.ts';

interface FrameProps {
  show?: boolean;
  onClose: () => void;
  /** The title's id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** Keep Tab inside the dialog (lib/focusTrap.ts), as the dialogs that change an order do. */
  trapTab?: boolean;
  /** Header, body and footer inside a form, where the footer's button submits it. */
  form?: FormHTMLAttributes<HTMLFormElement>;
  children: ReactNode;
}

export function DialogFrame({
  show = true,
  onClose,
  titleId,
  title,
  trapTab = false,
  form,
  footer,
  modal,
  children,
}: FrameProps & {
  footer?: ReactNode;
  /** More of the modal's own props (scrollable, full screen on phones, …). */
  modal?: Partial<ModalProps>;
}) {
  const inner = (
    <>
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer ? <Modal.Footer>{footer}</Modal.Footer> : null}
    </>
  );
  return (
    <Modal
      show={show}
      onHide={onClose}
      dialogAs={ContainedDialog}
      centered
      {...(trapTab ? { onKeyDown: keepTabInside } : {})}
      aria-labelledby={titleId}
      {...modal}
    >
      {form ? <form {...form}>{inner}</form> : inner}
    </Modal>
  );
}

export function ConfirmDialog({
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  backLabel = 'Volver',
  backDisabled,
  tapClass = 'admin-tap',
  ...frame
}: FrameProps & {
  show: boolean;
  confirmLabel: ReactNode;
  confirmVariant?: 'primary' | 'danger' | 'warning';
  /** The confirming button is off while its call runs (or until the dialog has what it needs). */
  busy: boolean;
  /** Without it, the confirming button submits the dialog's form. */
  onConfirm?: () => void;
  backLabel?: string;
  /** The way back is off too, where leaving mid-call would lose its answer. */
  backDisabled?: boolean;
  /** The 44 px tap target class of the panel ('admin-tap') or of the parents' pages ('tap-target'). */
  tapClass?: string;
  /** More of the modal's own props (a large, scrollable form). */
  modal?: Partial<ModalProps>;
}) {
  const footer = (
    <>
      <Button variant="secondary" className={tapClass} onClick={frame.onClose} disabled={backDisabled}>
        {backLabel}
      </Button>
      <Button
        variant={confirmVariant}
        className={tapClass}
        disabled={busy}
        {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}
      >
        {confirmLabel}
      </Button>
    </>
  );
  return <DialogFrame {...frame} footer={footer} />;
}
