// Our client of DGII's e-CF services (issue 22), from DGII's Descripción Técnica v1.6
// (docs/ecf-reading-notes.md §1, §2, §6): the seed authentication, the reception of an e-CF, the
// status of a TrackId, and the summary (RFCE) of a consumer invoice under RD$250,000. One client
// per server, its token kept here (an hour, renewed a minute early), with a timeout on every call.
// The hosts come from the settings (DGII_ECF_URL, DGII_FC_URL), so tests talk to a stand-in.
import type { EcfConfig } from '../config.ts';
import type { EcfSigner } from './signer.ts';

/** DGII's environment as its URLs write it. */
const PATH_OF: Record<EcfConfig['env'], string> = { TesteCF: 'testecf', CerteCF: 'certecf', eCF: 'ecf' };

/** consultaresultado's codes: 0 not found, 1 accepted, 2 rejected, 3 in process, 4 accepted on conditions. */
export const DGII_STATUS = {
  0: 'No encontrado',
  1: 'Aceptado',
  2: 'Rechazado',
  3: 'En Proceso',
  4: 'Aceptado Condicional',
} as const;
export type DgiiStatusCode = keyof typeof DGII_STATUS;

export interface DgiiMessage {
  codigo?: number | string;
  valor: string;
}

export interface DgiiStatus {
  codigo: DgiiStatusCode;
  estado: string;
  /** False on a rejection that leaves the e-NCF unused (it may be sent again). */
  secuenciaUtilizada: boolean;
  mensajes: DgiiMessage[];
}

export interface DgiiClient {
  /** POSTs a signed e-CF to the reception; DGII's TrackId. */
  send(signedXml: string, fileName: string): Promise<{ trackId: string }>;
  /** The result of a TrackId (consultaresultado). */
  status(trackId: string): Promise<DgiiStatus & { trackId: string }>;
  /** POSTs a signed RFCE (E32 under RD$250,000) to the FC host: answered at once. */
  sendSummary(signedXml: string, fileName: string): Promise<DgiiStatus & { encf: string }>;
}

/** DGII could not be reached or answered something that is not its answer: try again later. */
export class DgiiUnavailable extends Error {
  constructor(what: string, cause?: unknown) {
    super(`DGII ${what}`, cause === undefined ? undefined : { cause });
    this.name = 'DgiiUnavailable';
  }
}

const TOKEN_MARGIN_MS = 60_000;

export function dgiiClient(options: {
  config: Pick<EcfConfig, 'env' | 'ecfUrl' | 'fcUrl'>;
  signer: Pick<EcfSigner, 'sign'>;
  timeoutMs?: number;
  clock?: () => Date;
}): DgiiClient {
  const { config, signer } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const clock = options.clock ?? (() => new Date());
  const env = PATH_OF[config.env];
  const ecf = (path: string) => `${config.ecfUrl}/${env}/${path}`;
  let token: { value: string; until: number } | null = null;

  async function call(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new DgiiUnavailable(`${what}: no answer`, error);
    }
  }

  const xmlForm = (xml: string, fileName: string) => {
    const form = new FormData();
    form.append('xml', new Blob([xml], { type: 'text/xml' }), fileName);
    return form;
  };

  async function json<T>(response: Response, what: string): Promise<T> {
    const text = await response.text();
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new DgiiUnavailable(`${what}: HTTP ${response.status}, not JSON`, error);
    }
  }

  /** The seed signed with the school's certificate, exchanged for a token (an hour). */
  async function bearer(): Promise<string> {
    if (token && token.until - TOKEN_MARGIN_MS > clock().getTime()) return token.value;
    const seed = await call(ecf('autenticacion/api/autenticacion/semilla'), { method: 'GET' }, 'semilla');
    if (!seed.ok) throw new DgiiUnavailable(`semilla: HTTP ${seed.status}`);
    const signed = signer.sign(await seed.text());
    const answer = await call(
      ecf('autenticacion/api/autenticacion/validarsemilla'),
      { method: 'POST', body: xmlForm(signed, 'semilla.xml'), headers: { accept: 'application/json' } },
      'validarsemilla',
    );
    const body = await json<{ token?: string; expira?: string; mensaje?: string }>(answer, 'validarsemilla');
    if (!answer.ok || !body.token)
      throw new DgiiUnavailable(`validarsemilla refused: ${body.mensaje ?? `HTTP ${answer.status}`}`);
    const until = body.expira ? Date.parse(body.expira) : clock().getTime() + 3600_000;
    token = { value: body.token, until: Number.isNaN(until) ? clock().getTime() + 3600_000 : until };
    return token.value;
  }

  /** A call with the token; a 401 (the token expired early) renews it once. */
  async function authorised(url: string, init: RequestInit, what: string): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await call(
        url,
        {
          ...init,
          headers: { ...init.headers, accept: 'application/json', authorization: `Bearer ${await bearer()}` },
        },
        what,
      );
      if (response.status !== 401 || attempt > 0) return response;
      token = null;
    }
  }

  const statusOf = (body: {
    codigo?: number | string;
    estado?: string;
    secuenciaUtilizada?: boolean;
    mensajes?: DgiiMessage[];
  }): DgiiStatus => {
    const codigo = Number(body.codigo ?? 0);
    const known = (codigo in DGII_STATUS ? codigo : 0) as DgiiStatusCode;
    return {
      codigo: known,
      estado: body.estado ?? DGII_STATUS[known],
      secuenciaUtilizada: body.secuenciaUtilizada !== false,
      mensajes: Array.isArray(body.mensajes) ? body.mensajes : [],
    };
  };

  return {
    async send(signedXml, fileName) {
      const response = await authorised(
        ecf('recepcion/api/facturaselectronicas'),
        { method: 'POST', body: xmlForm(signedXml, fileName) },
        'recepcion',
      );
      const body = await json<{ trackId?: string; error?: string; mensaje?: string }>(response, 'recepcion');
      if (!response.ok || !body.trackId)
        throw new DgiiUnavailable(
          `recepcion refused: ${body.error ?? body.mensaje ?? `HTTP ${response.status}`}`,
        );
      return { trackId: body.trackId };
    },
    async status(trackId) {
      const response = await authorised(
        ecf(`consultaresultado/api/consultas/estado?trackid=${encodeURIComponent(trackId)}`),
        { method: 'GET' },
        'consultaresultado',
      );
      if (!response.ok) throw new DgiiUnavailable(`consultaresultado: HTTP ${response.status}`);
      return { trackId, ...statusOf(await json(response, 'consultaresultado')) };
    },
    async sendSummary(signedXml, fileName) {
      const response = await authorised(
        `${config.fcUrl}/${env}/recepcionfc/api/recepcion/ecf`,
        { method: 'POST', body: xmlForm(signedXml, fileName) },
        'recepcionfc',
      );
      const body = await json<{
        codigo?: number;
        estado?: string;
        encf?: string;
        secuenciaUtilizada?: boolean;
        mensajes?: DgiiMessage[];
      }>(response, 'recepcionfc');
      if (response.status >= 500) throw new DgiiUnavailable(`recepcionfc: HTTP ${response.status}`);
      return { encf: body.encf ?? '', ...statusOf(body) };
    },
  };
}
