// The wizard's dialogs: WizardModal is their one frame (ModalFrame.tsx: centred, titled, focus
// kept inside), and MessageDialog the 'Mensaje' dialog of spec 01 §2, §8 (validation and server
// messages; 'Cerrar'); BackAndGo the footer of a dialog that asks.
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { Button } from 'react-bootstrap';
import { useOpenedOnce } from '../lib/useOpenedOnce.ts';
import { DIALOG_TITLE } from './wizardData.ts';
import { useWizard } from './useWizard.ts';
// Only the type: the frame itself stays in its lazy chunk.
import type { WizardModalProps } from './ModalFrame.tsx';

export type { WizardModalProps };

// Prefetched (lib/nextChunks.ts): the frame is in the browser's cache before a dialog first opens.
const ModalFrame = lazy(() => import(/* webpackChunkName: "dialogs" */ './ModalFrame.tsx'));

/** Renders nothing until the dialog first opens; then its frame stays mounted, so closing animates. */
export function WizardModal(props: WizardModalProps) {
  if (!useOpenedOnce(props.show)) return null;
  return (
    <Suspense fallback={null}>
      <ModalFrame {...props} />
    </Suspense>
  );
}

/** A wizard dialog's two buttons: the way back (outlined) and the one that goes on. */
export function BackAndGo({
  back: [backLabel, onBack],
  go: [goLabel, onGo, variant = 'primary'],
}: {
  back: readonly [label: string, onClick: () => void];
  go: readonly [label: string, onClick: () => void, variant?: 'primary' | 'danger'];
}) {
  return (
    <>
      <Button variant="outline-primary" onClick={onBack}>
        {backLabel}
      </Button>
      <Button variant={variant} onClick={onGo}>
        {goLabel}
      </Button>
    </>
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
