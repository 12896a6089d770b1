import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './links.tsx';

function Where() {
  const { pathname, state } = useLocation();
  return (
    <p>
      Página {pathname}
      {state ? ` (${String(state)})` : ''}
    </p>
  );
}

function Menu() {
  return (
    <nav>
      <NavLink to="/" className="nav-link">
        Inicio
      </NavLink>
      <NavLink to="/pagos" className="nav-link">
        Mis pagos
      </NavLink>
      <NavLink to="/pagos" end>
        Solo pagos
      </NavLink>
      <Link to="/pagos/2" state="desde el menú">
        Segundo pago
      </Link>
    </nav>
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Menu />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const link = (name: string) => screen.getByRole('link', { name });

describe('Link', () => {
  it('is a real link to the address, and a click goes there in the app with its state', () => {
    renderAt('/');
    expect(link('Segundo pago')).toHaveAttribute('href', '/pagos/2');
    fireEvent.click(link('Segundo pago'));
    expect(screen.getByText('Página /pagos/2 (desde el menú)')).toBeInTheDocument();
  });

  it('leaves a click with Ctrl (a new tab) to the browser', () => {
    renderAt('/');
    // The browser's own following, seen last (jsdom cannot open a tab: it is stopped there).
    let leftToBrowser = false;
    const browser = (event: MouseEvent) => {
      leftToBrowser = !event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', browser);
    fireEvent.click(link('Segundo pago'), { ctrlKey: true });
    window.removeEventListener('click', browser);
    expect(leftToBrowser).toBe(true);
    expect(screen.getByText('Página /')).toBeInTheDocument();
  });
});

describe('NavLink', () => {
  it('marks the entry of the page shown, and of the pages below it', () => {
    renderAt('/pagos/2');
    expect(link('Mis pagos')).toHaveAttribute('aria-current', 'page');
    expect(link('Mis pagos')).toHaveClass('nav-link', 'active');
    // '/' is active on '/' only; `end` keeps an entry to its own address.
    expect(link('Inicio')).not.toHaveAttribute('aria-current');
    expect(link('Inicio')).toHaveClass('nav-link');
    expect(link('Inicio')).not.toHaveClass('active');
    expect(link('Solo pagos')).not.toHaveClass('active');
  });

  it('does not mark an entry whose address only begins the same way', () => {
    renderAt('/pagos-viejos');
    expect(link('Mis pagos')).not.toHaveClass('active');
    fireEvent.click(link('Inicio'));
    expect(link('Inicio')).toHaveAttribute('aria-current', 'page');
    expect(link('Solo pagos')).not.toHaveAttribute('aria-current');
  });

  it('marks an entry with `end` on its own address', () => {
    renderAt('/pagos');
    expect(link('Solo pagos')).toHaveClass('active');
    expect(link('Mis pagos')).toHaveClass('active');
  });
});
