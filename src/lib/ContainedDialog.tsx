// The dialog box of every react-bootstrap Modal in the app (`dialogAs`). A modal leaves the page
// when its own fade ends; react-bootstrap waits for the modal element's `transitionend`, with a
// timer as the fallback should none come. But a `transitionend` bubbling up from inside the dialog
// (a button's colour easing after 'Cerrar' was pressed) disarms that timer (dom-helpers issue 184,
// react-bootstrap issue 6153), and when the modal's own event then never comes, the closed modal
// stays: invisible, over the whole page, taking every tap (seen in a browser test: 'Pagar' could
// not be pressed for two minutes after a closed message). The dialog keeps its children's
// transition ends to itself.
import { forwardRef, type ForwardedRef } from 'react';
import { ModalDialog, type ModalDialogProps } from 'react-bootstrap';

const stopHere = (event: Event) => event.stopPropagation();

function assign(ref: ForwardedRef<HTMLDivElement>, node: HTMLDivElement | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

export const ContainedDialog = forwardRef<HTMLDivElement, ModalDialogProps>(
  function ContainedDialog(props, ref) {
    return (
      <ModalDialog
        {...props}
        ref={(node: HTMLDivElement | null) => {
          // The same listener each time: adding it again to the same node changes nothing.
          node?.addEventListener('transitionend', stopHere);
          assign(ref, node);
        }}
      />
    );
  },
);
