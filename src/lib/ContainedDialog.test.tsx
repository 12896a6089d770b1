import { render, screen, waitFor } from '@testing-library/react';
import { Modal } from 'react-bootstrap';
import { describe, expect, it } from 'vitest';
import { ContainedDialog } from './ContainedDialog.tsx';

function Dialog({ show, contained }: { show: boolean; contained: boolean }) {
  return (
    <Modal show={show} onHide={() => undefined} {...(contained ? { dialogAs: ContainedDialog } : {})}>
      <Modal.Body>
        <button type="button">Cerrar</button>
      </Modal.Body>
    </Modal>
  );
}

/** Closes the dialog while its button's own transition ends, as a pressed button's colour does. */
async function closeWhileButtonEases(contained: boolean) {
  const view = render(<Dialog show contained={contained} />);
  const button = await screen.findByRole('button', { name: 'Cerrar' });
  view.rerender(<Dialog show={false} contained={contained} />);
  button.dispatchEvent(new Event('transitionend', { bubbles: true }));
  return view;
}

describe('ContainedDialog', () => {
  it('lets a closed modal leave the page although a transition inside it ended meanwhile', async () => {
    await closeWhileButtonEases(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("is needed: react-bootstrap's own dialog stays in the page, invisible, taking the taps", async () => {
    await closeWhileButtonEases(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelector('.modal')).toBeInTheDocument();
    expect(document.querySelector('.modal.show')).toBeNull();
  });
});
