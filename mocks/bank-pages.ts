// The app's pages of the bank's step (3-D Secure, server/routes/authentication-3ds.ts) as mock mode
// answers them (issue 59), for the bank of ./bank.ts: the frame shows the bank's challenge
// simulator as the AZUL stand-in draws it, and its answer goes on as the server's return page does.
// Mock mode has no server, and the browser's worker does not answer a frame's navigation: the page
// shows the frame's HTML in place (src/lib/BankFrame.tsx, mock build only), and the simulator's
// answer is posted by a fetch, which the worker does answer.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { escapeHtml } from '../src/core/deps.ts';
import { continueAuthentication, currentStep } from '../src/core/checkout/authentication.ts';
import { BANK_STEP_RECEIVED, CHALLENGE_SIMULATOR } from '../src/domain/authentication.ts';
import { apiPath, failure, guard } from './kit.ts';

/** The cRes the simulator posts: AZUL's shape, base64 JSON with the transStatus. */
const cresOf = (transStatus: string, acsTransID: string) =>
  btoa(JSON.stringify({ acsTransID, messageType: 'CRes', messageVersion: '2.1.0', transStatus }));

const page = (body: string) =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Verificación de su banco</title></head><body style="margin:0;font-family:system-ui,sans-serif">${body}</body></html>`;

const received = () => page(`<p style="margin:1rem">${BANK_STEP_RECEIVED}</p>`);

/**
 * The bank's challenge simulator, as the AZUL stand-in draws it; an answer is posted (a fetch, with
 * the page's school) to the app's return page, as the bank's form posts it to the TermUrl.
 */
function simulator(finUrl: string, account: string, acsTransID: string): string {
  const buttons = Object.entries(CHALLENGE_SIMULATOR.outcomes)
    .map(
      ([outcome, status]) =>
        `<button type="button" data-cres="${escapeHtml(cresOf(status, acsTransID))}" style="display:block;width:100%;min-height:44px;margin:.5rem 0;font-size:1rem">${outcome}</button>`,
    )
    .join('');
  const post = `document.querySelectorAll('button[data-cres]').forEach(function (button) {
    button.addEventListener('click', function () {
      document.querySelectorAll('button').forEach(function (each) { each.disabled = true; });
      fetch(${JSON.stringify(finUrl)}, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-account-id': ${JSON.stringify(account)} },
        body: 'cRes=' + encodeURIComponent(button.dataset.cres)
      }).finally(function () {
        document.body.innerHTML = '<p style="margin:1rem">${BANK_STEP_RECEIVED}</p>';
      });
    });
  });`;
  return page(
    `<div style="margin:1rem"><h1 style="font-size:1.25rem">${CHALLENGE_SIMULATOR.title}</h1><p>${CHALLENGE_SIMULATOR.prompt}</p>${buttons}</div><script>${post}</script>`,
  );
}

/** The app's pages of the bank's step (server/routes/authentication-3ds.ts), as mock mode answers them. */
export const bankHandlers: HttpHandler[] = [
  http.get(apiPath('/autenticacion-3ds/:session'), async ({ request, params }) => {
    try {
      const { core, school } = await guard(request, 'public');
      const step = await currentStep(core.deps, String(params.session));
      if (step?.kind !== 'challenge') return HttpResponse.html(received());
      const acsTransID = String(
        (JSON.parse(atob(step.fields.creq ?? '')) as { acsTransID?: unknown }).acsTransID,
      );
      const fin = `${new URL(request.url).href.replace(/\/+$/, '')}/fin`;
      return HttpResponse.html(simulator(fin, school.school.id, acsTransID));
    } catch (error) {
      return failure(error);
    }
  }),
  http.post(apiPath('/autenticacion-3ds/:session/fin'), async ({ request, params }) => {
    try {
      const { core } = await guard(request, 'public');
      const cres = new URLSearchParams(await request.text()).get('cRes');
      if (cres) await continueAuthentication(core.deps, String(params.session), 'challenge', { cres });
      return HttpResponse.html(received());
    } catch (error) {
      return failure(error);
    }
  }),
];
