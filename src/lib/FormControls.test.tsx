// A submit button of a page rendered ahead (src/prerender.tsx) waits for hydration: before it, the
// browser would send the form itself, with the password in the address.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadingButton } from './FormControls.tsx';

function Form() {
  return (
    <form>
      <LoadingButton type="submit" loading={false}>
        Iniciar sesión
      </LoadingButton>
      <LoadingButton loading={false}>Iniciar sesión con Google</LoadingButton>
    </form>
  );
}

describe('LoadingButton in a page rendered ahead', () => {
  it('keeps the submit button disabled until the scripts have taken the page over', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    const submit = () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit().disabled).toBe(true);
    expect(container.querySelector<HTMLButtonElement>('button[type="button"]')!.disabled).toBe(false);
    const serverButton = submit();
    const root = await act(async () => hydrateRoot(container, <Form />));
    expect(submit()).toBe(serverButton); // hydrated, not drawn again
    expect(submit().disabled).toBe(false);
    act(() => root.unmount());
    container.remove();
  });
});
