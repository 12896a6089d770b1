// The right-hand settings panel (AdminLTE 3's control sidebar, a Bootstrap offcanvas on
// AdminLTE 4): dark mode, navbar variant, sidebar skin and the layout toggles (spec 02 §3-4).
import type { ChangeEvent } from 'react';
import { Form, Offcanvas } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../lib/hooks.ts';
import {
  findNavbarVariant,
  findSidebarSkin,
  NAVBAR_DARK_VARIANTS,
  NAVBAR_LIGHT_VARIANTS,
  SIDEBAR_DARK_SKINS,
  SIDEBAR_LIGHT_SKINS,
  type UiOption,
} from './uiOptions.ts';
import {
  selectUi,
  setNavbarVariant,
  setSidebarSkin,
  toggleControlSidebar,
  toggleDarkMode,
  toggleFooterFixed,
  toggleHeaderBorder,
  toggleHeaderFixed,
  toggleLayoutBoxed,
  toggleLayoutFixed,
  toggleMenuChildIndent,
  toggleMenuItemFlat,
  toggleSidebarMenu,
  type UiState,
} from './uiSlice.ts';

const TOGGLES = [
  ['headerBorder', 'Borde inferior de la cabecera', toggleHeaderBorder],
  ['headerFixed', 'Cabecera fija', toggleHeaderFixed],
  ['footerFixed', 'Pie de página fijo', toggleFooterFixed],
  ['layoutFixed', 'Diseño fijo (menú lateral con desplazamiento propio)', toggleLayoutFixed],
  ['layoutBoxed', 'Diseño en caja', toggleLayoutBoxed],
  ['menuItemFlat', 'Elementos del menú planos', toggleMenuItemFlat],
  ['menuChildIndent', 'Sangría de los elementos del menú', toggleMenuChildIndent],
  ['menuSidebarCollapsed', 'Alternar el menú lateral', toggleSidebarMenu],
] as const satisfies readonly (readonly [keyof UiState, string, unknown])[];

function OptionGroup({ label, options }: { label: string; options: readonly UiOption[] }) {
  return (
    <optgroup label={label}>
      {options.map((entry) => (
        <option key={entry.value} value={entry.value}>
          {entry.name}
        </option>
      ))}
    </optgroup>
  );
}

export function SettingsPanel() {
  const dispatch = useAppDispatch();
  const ui = useAppSelector(selectUi);
  const navbarColour = findNavbarVariant(ui.navbarVariant)?.colour;
  const skinColour = findSidebarSkin(ui.sidebarSkin)?.colour;
  // ShellLayout mounts it at its first opening only: pages where nobody opens it render no
  // offcanvas at all.
  return (
    <Offcanvas
      show={!ui.controlSidebarCollapsed}
      onHide={() => dispatch(toggleControlSidebar())}
      placement="end"
      aria-labelledby="shell-settings-title"
    >
      <Offcanvas.Header closeButton closeLabel="Cerrar">
        <Offcanvas.Title id="shell-settings-title" as="h2" className="h5">
          Personalizar apariencia
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body>
        <Form.Check
          type="switch"
          role="switch"
          id="shell-dark-mode"
          name="darkMode"
          className="mb-3"
          label="Modo oscuro"
          checked={ui.darkMode}
          onChange={() => dispatch(toggleDarkMode())}
        />

        <h3 className="h6">Diseño</h3>
        {TOGGLES.map(([flag, label, toggle]) => (
          <Form.Check
            key={flag}
            type="switch"
            role="switch"
            id={`shell-${flag}`}
            name={flag}
            label={label}
            checked={ui[flag]}
            onChange={() => dispatch(toggle())}
          />
        ))}

        <Form.Group className="mt-3" controlId="shell-navbar-variant">
          <Form.Label>
            Color de la cabecera{' '}
            <span className={`shell-swatch shell-color-${navbarColour ?? 'light'}`} aria-hidden="true" />
          </Form.Label>
          <Form.Select
            name="navbarVariant"
            value={ui.navbarVariant}
            onChange={(event: ChangeEvent<HTMLSelectElement>) =>
              dispatch(setNavbarVariant(event.target.value))
            }
          >
            <OptionGroup label="Claras" options={NAVBAR_LIGHT_VARIANTS} />
            <OptionGroup label="Oscuras" options={NAVBAR_DARK_VARIANTS} />
          </Form.Select>
        </Form.Group>

        <Form.Group className="mt-3" controlId="shell-sidebar-skin">
          <Form.Label>
            Estilo del menú lateral{' '}
            <span className={`shell-swatch shell-color-${skinColour ?? 'primary'}`} aria-hidden="true" />
          </Form.Label>
          <Form.Select
            name="sidebarSkin"
            value={ui.sidebarSkin}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => dispatch(setSidebarSkin(event.target.value))}
          >
            <OptionGroup label="Oscuros" options={SIDEBAR_DARK_SKINS} />
            <OptionGroup label="Claros" options={SIDEBAR_LIGHT_SKINS} />
          </Form.Select>
        </Form.Group>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
