// The floating scenario picker of mock mode (plain DOM, no React): a small button in a corner
// that opens the demo school (mocks/schools.ts) and a list of the scenarios of mocks/scenarios.ts.
// Picking either keeps it in sessionStorage and reloads the page so every screen starts from it.
import { activeScenario, SCENARIOS, setScenario, isScenario, SCENARIO_PARAM } from './scenarios.ts';
import { forgetMockData, MOCK_CREDENTIALS } from './data.ts';
import { expectedAccountId } from './kit.ts';
import { MOCK_SCHOOLS, mockSchool, SCHOOL_PARAM, SCHOOL_STORAGE_KEY } from './schools.ts';

const PANEL_ID = 'msw-scenario-panel';
export const RESET_QUESTION =
  '¿Reiniciar los datos de prueba? Se borran los pedidos, cuentas y cambios hechos en esta simulación.';

/** Starts the page again on the choice just kept: the address's own parameter would win over it. */
function reloadWithout(param: string): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(param);
  window.location.replace(url.toString());
}

/** The demo schools as a select; the page's school is the one its configuration names. */
function schoolPicker(doc: Document): HTMLLabelElement {
  const row = doc.createElement('label');
  Object.assign(row.style, { display: 'block', marginTop: '6px' });
  const select = doc.createElement('select');
  Object.assign(select.style, { display: 'block', width: '100%', minHeight: '44px', marginTop: '2px' });
  for (const { id, label } of MOCK_SCHOOLS) select.add(new Option(`${label} (${id})`, id));
  select.value = expectedAccountId();
  select.addEventListener('change', () => {
    if (!mockSchool(select.value)) return;
    window.sessionStorage.setItem(SCHOOL_STORAGE_KEY, select.value);
    reloadWithout(SCHOOL_PARAM);
  });
  row.append('Escuela (cada una con sus propios datos)', select);
  return row;
}

export function mountScenarioPanel(doc: Document): void {
  if (!doc.body) {
    doc.addEventListener('DOMContentLoaded', () => mountScenarioPanel(doc), { once: true });
    return;
  }
  if (doc.getElementById(PANEL_ID)) return;
  const panel = doc.createElement('div');
  panel.id = PANEL_ID;
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', 'Escenarios de prueba');
  Object.assign(panel.style, {
    position: 'fixed',
    // Folded, it is one small button in the bottom-left corner (issue 59: the full-width label
    // covered dialog buttons and the sign-in page's links on a phone); the page keeps room below
    // its last control (body padding) so nothing has to sit under it.
    bottom: '4px',
    left: '4px',
    zIndex: '2147483647',
    font: '13px system-ui, sans-serif',
    background: '#fff',
    color: '#222',
    border: '1px solid #ba000d',
    borderRadius: '6px',
    boxShadow: '0 2px 8px rgba(0,0,0,.25)',
    maxWidth: '280px',
  } satisfies Partial<CSSStyleDeclaration>);

  const toggle = doc.createElement('button');
  toggle.type = 'button';
  const fullLabel = `Simulación: ${SCENARIOS[activeScenario()]}`;
  toggle.textContent = 'Simulación';
  toggle.title = fullLabel;
  toggle.setAttribute('aria-label', fullLabel);
  Object.assign(toggle.style, {
    background: activeScenario() === 'normal' ? '#fff' : '#ba000d',
    color: activeScenario() === 'normal' ? '#ba000d' : '#fff',
    border: '0',
    padding: '0 6px',
    minWidth: '44px',
    minHeight: '44px',
    cursor: 'pointer',
    textAlign: 'left',
    borderRadius: '6px',
  } satisfies Partial<CSSStyleDeclaration>);

  const body = doc.createElement('fieldset');
  body.hidden = true;
  Object.assign(body.style, { border: '0', margin: '0', padding: '6px 10px 10px' });
  const legend = doc.createElement('legend');
  legend.textContent = 'Escenario (datos de prueba, sin servidor)';
  legend.style.fontWeight = '600';
  body.append(legend);
  for (const [id, label] of Object.entries(SCENARIOS)) {
    const row = doc.createElement('label');
    row.style.display = 'block';
    const radio = doc.createElement('input');
    radio.type = 'radio';
    radio.name = 'msw-escenario';
    radio.value = id;
    radio.checked = id === activeScenario();
    radio.addEventListener('change', () => {
      if (!isScenario(radio.value)) return;
      setScenario(radio.value, window.sessionStorage);
      reloadWithout(SCENARIO_PARAM);
    });
    row.append(radio, ` ${label}`);
    body.append(row);
  }
  body.append(schoolPicker(doc));
  const hint = doc.createElement('p');
  hint.style.margin = '6px 0 0';
  hint.style.color = '#555';
  hint.textContent =
    `Cuentas (las mismas en cada escuela): ${MOCK_CREDENTIALS.admin.email} / ${MOCK_CREDENTIALS.admin.password} (admin), ` +
    `${MOCK_CREDENTIALS.parent.email} / ${MOCK_CREDENTIALS.parent.password} (padre/madre), ` +
    `${MOCK_CREDENTIALS.coach.email} / ${MOCK_CREDENTIALS.coach.password} (entrenador). ` +
    'Tarjetas: 4242 4242 4242 4242 aprobada, 4000 0000 0000 0002 rechazada.';
  body.append(hint);
  // The tester's orders, accounts and changes stay across reloads and scenarios until this.
  const reset = doc.createElement('button');
  reset.type = 'button';
  reset.textContent = 'Reiniciar datos';
  Object.assign(reset.style, {
    marginTop: '8px',
    minHeight: '44px',
    padding: '6px 10px',
    border: '1px solid #ba000d',
    background: '#fff',
    color: '#ba000d',
    borderRadius: '6px',
    cursor: 'pointer',
  } satisfies Partial<CSSStyleDeclaration>);
  reset.addEventListener('click', () => {
    // Everything the tester did goes: asked first.
    if (!window.confirm(RESET_QUESTION)) return;
    forgetMockData(window.localStorage);
    window.location.reload();
  });
  body.append(reset);

  toggle.addEventListener('click', () => {
    body.hidden = !body.hidden;
    toggle.setAttribute('aria-expanded', String(!body.hidden));
    toggle.textContent = body.hidden ? 'Simulación' : fullLabel;
  });
  toggle.setAttribute('aria-expanded', 'false');
  panel.append(toggle, body);
  doc.body.append(panel);
  doc.body.style.paddingBottom = '52px';
}
