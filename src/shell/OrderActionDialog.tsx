// A parent's dialog that does one thing to a paid order (cancel it, change its weeks): the call runs
// in place with both buttons off, a success is a toast, and a refusal stays in the dialog.
import { useState, type ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { ConfirmDialog } from '../lib/DialogFrame.tsx';
import { notify } from '../lib/toasts.tsx';

export function OrderActionDialog({
  show,
  onClose,
  titleId,
  title,
  confirmLabel,
  busyLabel,
  confirmVariant,
  ready = true,
  run,
  onDone,
  error,
  onError,
  children,
}: {
  show: boolean;
  onClose: () => void;
  titleId: string;
  title: string;
  confirmLabel: string;
  /** The confirming button's text while the call runs. */
  busyLabel: string;
  confirmVariant?: 'primary' | 'danger';
  /** False until the dialog has what the call needs. */
  ready?: boolean;
  /** The call; undefined while there is nothing to send. */
  run: (() => Promise<{ message: string }>) | undefined;
  onDone: () => void;
  /** The refusal shown under the body; the dialog's owner keeps it, as its other calls set it too. */
  error: string;
  onError: (caught: unknown) => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!run) return;
    setBusy(true);
    try {
      const answer = await run();
      notify.success(answer.message);
      onDone();
    } catch (caught) {
      onError(caught);
      setBusy(false);
    }
  }
  return (
    <ConfirmDialog
      show={show}
      onClose={onClose}
      titleId={titleId}
      title={title}
      tapClass="tap-target"
      backDisabled={busy}
      confirmLabel={busy ? busyLabel : confirmLabel}
      confirmVariant={confirmVariant}
      busy={busy || !ready}
      onConfirm={() => void confirm()}
    >
      {children}
      {error ? (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {error}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
