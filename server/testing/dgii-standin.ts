// A local stand-in of DGII's e-CF services for tests and development (issue 22), written from
// DGII's Descripción Técnica v1.6 and its XSDs (docs/ecf-reading-notes.md), not from our client:
// - GET  /{env}/autenticacion/api/autenticacion/semilla       a SemillaModel with a fresh value
// - POST /{env}/autenticacion/api/autenticacion/validarsemilla the seed signed (multipart 'xml'):
//        the signature must verify with the certificate it carries and the value be one it issued
// - POST /{env}/recepcion/api/facturaselectronicas             a signed e-CF with the Bearer token:
//        a TrackId; the document is checked against DGII's XSD of its type and its signature
// - GET  /{env}/consultaresultado/api/consultas/estado?trackid  0 not found, 1 accepted, 2 rejected,
//        3 in process, 4 accepted on conditions
// - POST /{env}/recepcionfc/api/recepcion/ecf                   an RFCE (the FC host), answered at once
// - GET  /{env}/consultatrackids/api/trackids/consulta?rncemisor&encf  the submissions of an e-NCF
//        received: a list of {trackId, estado, fechaRecepcion} (TesteCF and production only)
// - GET  /ecf/consultarfce/api/Consultas/Consulta?RNC_Emisor&ENCF&Cod_Seguridad_eCF  the result of
//        an RFCE received (the FC host; production only, as DGII publishes it)
// Query names are read in any case (DGII's services ignore it). An E32 under RD$250,000 sent whole
// is rejected (DGII wants its summary), an e-NCF accepted once is rejected the second time ('e-NCF
// ya fue utilizado'). Faults on demand: DGII down (503), results 'En Proceso' for a while, a
// document rejected with a given message (spending its e-NCF or not), one accepted on conditions
// ('Aceptado Condicional', 4), the tokens expired early, answers delayed (slow: the caller gone,
// nothing is received), documents received and recorded but answered late (slow after receipt:
// past the caller's timeout, DGII holds them), set from the test's code or,
// for a browser test or a developer, with POST /_standin/faults and a JSON body of DgiiFaults'
// fields. Never part of the production bundle.
import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SignedXml } from 'xml-crypto';
import { dgiiSchemaErrors } from './dgii-xsd.ts';

export interface DgiiFaults {
  /** DGII answers 503 to everything. */
  down: boolean;
  /** The next N result queries answer 'En Proceso' (3) before the final state. */
  processing: number;
  /** The next document received is rejected with this message (its e-NCF left unused). */
  reject: string | null;
  /** That rejection spends the e-NCF (secuenciaUtilizada true): it is refused if sent again. */
  rejectSpendsNumber: boolean;
  /** Every token issued so far expires now (before its `expira`): the next call with one is a 401. */
  expireTokens: boolean;
  /** Each answer waits this many milliseconds first (a slow DGII; 0 answers at once). */
  slowMs: number;
  /** The next document that passes is 'Aceptado Condicional' (4) with this message. */
  conditional: string | null;
  /** Documents (reception, summary) are received and recorded at once, answered this many ms later. */
  slowAfterReceiptMs: number;
}

export interface DgiiStandin {
  url: string;
  faults: DgiiFaults;
  /** What arrived, for tests: the documents received, by e-NCF (the reception's with their TrackId). */
  received: Array<{ encf: string; type: string; xml: string; status: number; trackId?: string }>;
  /** The consultas asked of an e-NCF, for tests. */
  asked: Array<{ service: 'consultatrackids' | 'consultarfce'; encf: string }>;
  seedsIssued: number;
  close(): Promise<void>;
}

const valueOf = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** The enveloped signature verifies with the certificate in its KeyInfo. */
function signatureValid(xml: string): boolean {
  const node = /<Signature[\s\S]*<\/Signature>/.exec(xml)?.[0];
  if (!node) return false;
  try {
    const verifier = new SignedXml();
    verifier.getCertFromKeyInfo = (keyInfo) => SignedXml.getCertFromKeyInfo(keyInfo);
    verifier.loadSignature(node);
    return verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

export async function startDgiiStandin(options: { port?: number } = {}): Promise<DgiiStandin> {
  const seeds = new Set<string>();
  const tokens = new Map<string, number>();
  const results = new Map<
    string,
    {
      codigo: number;
      estado: string;
      encf: string;
      rnc: string;
      fechaRecepcion: string;
      secuenciaUtilizada: boolean;
      mensajes: Array<{ codigo: number; valor: string }>;
    }
  >();
  /** The summaries' verdicts, in the order received. */
  const summaries: Array<{
    rnc: string;
    encf: string;
    code: string;
    codigo: number;
    secuenciaUtilizada: boolean;
    mensajes: Array<{ codigo: number; valor: string }>;
  }> = [];
  const accepted = new Set<string>();
  const received: DgiiStandin['received'] = [];
  const asked: DgiiStandin['asked'] = [];
  const faults: DgiiFaults = {
    down: false,
    processing: 0,
    reject: null,
    rejectSpendsNumber: false,
    expireTokens: false,
    slowMs: 0,
    conditional: null,
    slowAfterReceiptMs: 0,
  };
  let seedsIssued = 0;

  const send = (response: http.ServerResponse, status: number, body: unknown, type = 'application/json') => {
    if (response.destroyed) return;
    response.writeHead(status, { 'content-type': type });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  /** A document's answer, after the 'slow after receipt' wait (it is recorded already). */
  async function answerReceived(response: http.ServerResponse, body: unknown) {
    if (faults.slowAfterReceiptMs > 0)
      await new Promise((resolve) => setTimeout(resolve, faults.slowAfterReceiptMs));
    send(response, 200, body);
  }

  /** A query parameter by name in any case. */
  const param = (url: URL, ...names: string[]) => {
    for (const [name, value] of url.searchParams) if (names.includes(name.toLowerCase())) return value.trim();
    return '';
  };

  async function formXml(request: http.IncomingMessage, body: Buffer): Promise<string | null> {
    try {
      const form = await new Request('http://dgii.local', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body: new Uint8Array(body),
      }).formData();
      const file = form.get('xml');
      return typeof file === 'string' ? file : file ? await file.text() : null;
    } catch {
      return null;
    }
  }

  const authorised = (request: http.IncomingMessage) => {
    if (faults.expireTokens) {
      tokens.clear();
      faults.expireTokens = false;
    }
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return token !== undefined && (tokens.get(token) ?? 0) > Date.now();
  };

  async function judge(xml: string): Promise<{
    encf: string;
    type: string;
    codigo: number;
    secuenciaUtilizada: boolean;
    mensajes: Array<{ codigo: number; valor: string }>;
  }> {
    const encf = valueOf(xml, 'eNCF');
    const type = valueOf(xml, 'TipoeCF');
    const reject = (valor: string, secuenciaUtilizada = false) => ({
      encf,
      type,
      codigo: 2,
      secuenciaUtilizada,
      mensajes: [{ codigo: 1, valor }],
    });
    if (!signatureValid(xml)) return reject('Firma digital inválida');
    if (accepted.has(encf)) return reject('e-NCF ya fue utilizado', true);
    if (faults.reject) {
      const message = faults.reject;
      const spent = faults.rejectSpendsNumber;
      faults.reject = null;
      faults.rejectSpendsNumber = false;
      if (spent) accepted.add(encf);
      return reject(message, spent);
    }
    const problems = await dgiiSchemaErrors(xml, `e-CF-${type}`);
    if (problems.length > 0) return reject(`Estructura inválida: ${problems.join('; ')}`);
    if (type === '32' && Number(valueOf(xml, 'MontoTotal')) < 250_000)
      return reject('Las facturas de consumo menores de RD$250,000 se envían como resumen (RFCE).');
    accepted.add(encf);
    return { encf, type, secuenciaUtilizada: true, ...acceptance() };
  }

  /** Accepted, or accepted on conditions when asked (DGII's code 4, with its remarks). */
  const acceptance = (): { codigo: number; mensajes: Array<{ codigo: number; valor: string }> } => {
    const remark = faults.conditional;
    faults.conditional = null;
    return remark ? { codigo: 4, mensajes: [{ codigo: 1, valor: remark }] } : { codigo: 1, mensajes: [] };
  };
  const ESTADOS: Record<number, string> = { 1: 'Aceptado', 2: 'Rechazado', 4: 'Aceptado Condicional' };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'POST' && request.url === '/_standin/faults') {
          let wanted: Partial<DgiiFaults>;
          try {
            wanted = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Partial<DgiiFaults>;
          } catch {
            return send(response, 400, { mensaje: 'Se espera un JSON con las fallas' });
          }
          if (typeof wanted.down === 'boolean') faults.down = wanted.down;
          if (typeof wanted.processing === 'number') faults.processing = wanted.processing;
          if (typeof wanted.reject === 'string' || wanted.reject === null) faults.reject = wanted.reject;
          if (typeof wanted.rejectSpendsNumber === 'boolean')
            faults.rejectSpendsNumber = wanted.rejectSpendsNumber;
          if (typeof wanted.expireTokens === 'boolean') faults.expireTokens = wanted.expireTokens;
          if (typeof wanted.slowMs === 'number' && wanted.slowMs >= 0) faults.slowMs = wanted.slowMs;
          if (typeof wanted.conditional === 'string' || wanted.conditional === null)
            faults.conditional = wanted.conditional;
          if (typeof wanted.slowAfterReceiptMs === 'number' && wanted.slowAfterReceiptMs >= 0)
            faults.slowAfterReceiptMs = wanted.slowAfterReceiptMs;
          return send(response, 200, faults);
        }
        if (faults.slowMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, faults.slowMs));
          // The caller gave up waiting before DGII got to it: nothing was received.
          if (request.socket.destroyed) return;
        }
        if (faults.down)
          return send(response, 503, '<html><body>Servicio no disponible</body></html>', 'text/html');
        const url = new URL(request.url ?? '/', 'http://dgii.local');
        const env = /^\/(testecf|certecf|ecf)\//.exec(url.pathname.toLowerCase())?.[1] ?? '';
        const route = url.pathname.toLowerCase().replace(/^\/(testecf|certecf|ecf)\//, '/');
        const body = Buffer.concat(chunks);
        if (request.method === 'GET' && route === '/autenticacion/api/autenticacion/semilla') {
          const valor = crypto.randomBytes(48).toString('base64');
          seeds.add(valor);
          seedsIssued += 1;
          return send(
            response,
            200,
            `<?xml version="1.0" encoding="utf-8"?><SemillaModel xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><valor>${valor}</valor><fecha>${new Date().toISOString()}</fecha></SemillaModel>`,
            'application/xml',
          );
        }
        if (request.method === 'POST' && route === '/autenticacion/api/autenticacion/validarsemilla') {
          const xml = await formXml(request, body);
          const valor = xml ? valueOf(xml, 'valor') : '';
          if (!xml || !seeds.has(valor) || !signatureValid(xml))
            return send(response, 400, { mensaje: 'Semilla inválida o firma no válida' });
          seeds.delete(valor);
          const token = crypto.randomBytes(24).toString('hex');
          const until = Date.now() + 3600_000;
          tokens.set(token, until);
          return send(response, 200, {
            token,
            expira: new Date(until).toISOString(),
            expedido: new Date().toISOString(),
          });
        }
        if (request.method === 'POST' && route === '/recepcion/api/facturaselectronicas') {
          if (!authorised(request)) return send(response, 401, { mensaje: 'Token inválido' });
          const xml = await formXml(request, body);
          if (!xml) return send(response, 400, { error: 'Falta el archivo xml' });
          const verdict = await judge(xml);
          const trackId = crypto.randomUUID();
          results.set(trackId, {
            ...verdict,
            rnc: valueOf(xml, 'RNCEmisor'),
            fechaRecepcion: new Date().toISOString(),
            estado: ESTADOS[verdict.codigo] ?? 'Rechazado',
          });
          received.push({ encf: verdict.encf, type: verdict.type, xml, status: verdict.codigo, trackId });
          return answerReceived(response, { trackId, error: '', mensaje: '' });
        }
        if (request.method === 'GET' && route === '/consultatrackids/api/trackids/consulta') {
          // DGII publishes no CerteCF address for it.
          if (env === 'certecf') return send(response, 404, { mensaje: 'Recurso no encontrado' });
          if (!authorised(request)) return send(response, 401, { mensaje: 'Token inválido' });
          const rnc = param(url, 'rncemisor');
          const encf = param(url, 'encf').toUpperCase();
          // DGII's validations of the consulta, in its words.
          const invalid = !rnc
            ? 'El campo RNC Emisor es requerido.'
            : !encf
              ? 'El campo ENCF es requerido.'
              : !/^(\d{9}|\d{11})$/.test(rnc)
                ? 'La longitud del RNC Emisor es inválida.'
                : encf.length !== 13
                  ? 'La longitud del ENCF es inválida.'
                  : !/^E\d{12}$/.test(encf)
                    ? 'El ENCF es inválido.'
                    : null;
          if (invalid) return send(response, 400, { mensaje: invalid });
          asked.push({ service: 'consultatrackids', encf });
          return send(
            response,
            200,
            [...results]
              .filter(([, result]) => result.encf === encf && result.rnc === rnc)
              .map(([trackId, result]) => ({
                trackId,
                estado: result.estado,
                fechaRecepcion: result.fechaRecepcion,
              })),
          );
        }
        if (request.method === 'GET' && route === '/consultarfce/api/consultas/consulta') {
          // DGII publishes it in production only.
          if (env !== 'ecf') return send(response, 404, { mensaje: 'Recurso no encontrado' });
          if (!authorised(request)) return send(response, 401, { mensaje: 'Token inválido' });
          const rnc = param(url, 'rnc_emisor', 'rncemisor');
          const encf = param(url, 'encf').toUpperCase();
          const code = param(url, 'cod_seguridad_ecf', 'codigoseguridad');
          if (!rnc || !encf || !code)
            return send(response, 400, { mensaje: 'RNC Emisor, ENCF y Código de Seguridad son requeridos.' });
          asked.push({ service: 'consultarfce', encf });
          const mine = summaries.filter((one) => one.rnc === rnc && one.encf === encf && one.code === code);
          // The verdict that stands: an accepted summary's, else the latest.
          const found = mine.find((one) => one.codigo === 1 || one.codigo === 4) ?? mine.at(-1);
          if (!found)
            return send(response, 200, {
              rnc,
              encf,
              secuenciaUtilizada: false,
              codigo: 0,
              estado: 'No encontrado',
              mensajes: [],
            });
          return send(response, 200, {
            rnc,
            encf,
            secuenciaUtilizada: found.secuenciaUtilizada,
            codigo: found.codigo,
            estado: ESTADOS[found.codigo],
            mensajes: found.mensajes,
          });
        }
        if (request.method === 'GET' && route === '/consultaresultado/api/consultas/estado') {
          if (!authorised(request)) return send(response, 401, { mensaje: 'Token inválido' });
          const trackId = url.searchParams.get('trackid') ?? '';
          const result = results.get(trackId);
          if (!result)
            return send(response, 200, { trackId, codigo: 0, estado: 'No encontrado', mensajes: [] });
          if (faults.processing > 0) {
            faults.processing -= 1;
            return send(response, 200, { trackId, codigo: 3, estado: 'En Proceso', mensajes: [] });
          }
          return send(response, 200, { trackId, ...result, fechaRecepcion: new Date().toISOString() });
        }
        if (request.method === 'POST' && route === '/recepcionfc/api/recepcion/ecf') {
          if (!authorised(request)) return send(response, 401, { mensaje: 'Token inválido' });
          const xml = await formXml(request, body);
          const encf = xml ? valueOf(xml, 'eNCF') : '';
          const ok =
            xml !== null &&
            xml.includes('<RFCE>') &&
            signatureValid(xml) &&
            /^.{6}$/.test(valueOf(xml, 'CodigoSeguridadeCF'));
          const repeated = accepted.has(encf);
          // A rejection on demand (faults.reject) answers as DGII would, spending the number or not.
          const refusal = !ok
            ? { valor: 'Resumen inválido', spent: false }
            : repeated
              ? { valor: 'e-NCF ya fue utilizado', spent: true }
              : faults.reject
                ? { valor: faults.reject, spent: faults.rejectSpendsNumber }
                : null;
          if (ok && !repeated && faults.reject) {
            faults.reject = null;
            faults.rejectSpendsNumber = false;
          }
          if (!refusal || refusal.spent) accepted.add(encf);
          const verdict = refusal
            ? { codigo: 2, mensajes: [{ codigo: 1, valor: refusal.valor }] }
            : acceptance();
          const secuenciaUtilizada = refusal ? refusal.spent : true;
          if (xml) {
            received.push({ encf, type: 'RFCE', xml, status: verdict.codigo });
            summaries.push({
              rnc: valueOf(xml, 'RNCEmisor'),
              encf,
              code: valueOf(xml, 'CodigoSeguridadeCF'),
              codigo: verdict.codigo,
              secuenciaUtilizada,
              mensajes: verdict.mensajes,
            });
          }
          return answerReceived(response, {
            ...verdict,
            estado: ESTADOS[verdict.codigo],
            encf,
            secuenciaUtilizada,
          });
        }
        return send(response, 404, { mensaje: 'Recurso no encontrado' });
      })().catch((error: unknown) => send(response, 500, { mensaje: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    faults,
    received,
    asked,
    get seedsIssued() {
      return seedsIssued;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
