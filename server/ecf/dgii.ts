// Our client of DGII's e-CF services (issue 22), from DGII's Descripción Técnica v1.6
// (docs/ecf-reading-notes.md §1, §2, §6): the seed authentication, the reception of an e-CF, the
// status of a TrackId, the summary (RFCE) of a consumer invoice under RD$250,000, and the two
// consultas that tell whether DGII holds a document whose answer was lost (consulta trackids, and
// consulta RFCE). One client per server, its token kept here (an hour, renewed a minute early),
// with a timeout on every call.
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

/** One submission of an e-NCF that DGII holds (consulta trackids). */
export interface DgiiTrackId {
  trackId: string;
  /** 'Aceptado', 'Rechazado', 'En Proceso', 'Aceptado Condicional' (or 'No encontrado'). */
  estado: string;
  fechaRecepcion?: string;
}

export interface DgiiClient {
  /** POSTs a signed e-CF to the reception; DGII's TrackId. */
  send(signedXml: string, fileName: string): Promise<{ trackId: string }>;
  /** The result of a TrackId (consultaresultado). */
  status(trackId: string): Promise<DgiiStatus & { trackId: string }>;
  /** POSTs a signed RFCE (E32 under RD$250,000) to the FC host: answered at once. */
  sendSummary(signedXml: string, fileName: string): Promise<DgiiStatus & { encf: string }>;
  /** The TrackIds DGII holds for the issuer's e-NCF; null where DGII publishes no such service. */
  trackIds(rncEmisor: string, encf: string): Promise<DgiiTrackId[] | null>;
  /** DGII's result of a summary it received (consulta RFCE); null where DGII publishes no such service. */
  summaryStatus(
    rncEmisor: string,
    encf: string,
    securityCode: string,
  ): Promise<(DgiiStatus & { encf: string }) | null>;
}

/** DGII could not be reached or answered something that is not its answer: try again later. */
export class DgiiUnavailable extends Error {
  constructor(what: string, cause?: unknown) {
    super(`DGII ${what}`, cause === undefined ? undefined : { cause });
    this.name = 'DgiiUnavailable';
  }
}

/**
 * A document was sent and no answer came back (a timeout, a dropped connection, a gateway's 5xx):
 * DGII may hold it, so it is asked for before the document is sent again.
 */
export class DgiiUncertain extends DgiiUnavailable {
  readonly uncertain = true;
  constructor(what: string, cause?: unknown) {
    super(what, cause);
    this.name = 'DgiiUncertain';
  }
}

/** Connection errors that mean the request never left this machine: DGII got nothing. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);
const neverSent = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' && NOT_SENT.has(cause.code);
};

/**
 * Where DGII's Descripción Técnica publishes each consulta: consulta trackids in TesteCF and
 * production (no CerteCF address), consulta RFCE in production only.
 */
const TRACKIDS_IN: ReadonlyArray<EcfConfig['env']> = ['TesteCF', 'eCF'];
const RFCE_QUERY_IN: ReadonlyArray<EcfConfig['env']> = ['eCF'];

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

  /** `document`: the call delivers a document, so a lost answer leaves it uncertain. */
  async function call(url: string, init: RequestInit, what: string, document = false): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      if (document && !neverSent(error)) throw new DgiiUncertain(`${what}: no answer`, error);
      throw new DgiiUnavailable(`${what}: no answer`, error);
    }
  }

  /** A 5xx to a document: 503 is DGII refusing work; any other may come after DGII took it. */
  const lostAnswer = (response: Response, what: string) =>
    response.status >= 500 && response.status !== 503
      ? new DgiiUncertain(`${what}: HTTP ${response.status}`)
      : new DgiiUnavailable(`${what}: HTTP ${response.status}`);

  const xmlForm = (xml: string, fileName: string) => {
    const form = new FormData();
    form.append('xml', new Blob([xml], { type: 'text/xml' }), fileName);
    return form;
  };

  async function json<T>(response: Response, what: string, document = false): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body was cut off (the timeout): DGII answered, but what it said is lost.
      if (document) throw new DgiiUncertain(`${what}: answer cut off`, error);
      throw new DgiiUnavailable(`${what}: answer cut off`, error);
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      if (document && response.status >= 500) throw lostAnswer(response, what);
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
  async function authorised(
    url: string,
    init: RequestInit,
    what: string,
    document = false,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const response = await call(
        url,
        {
          ...init,
          headers: { ...init.headers, accept: 'application/json', authorization: `Bearer ${await bearer()}` },
        },
        what,
        document,
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
        true,
      );
      const body = await json<{ trackId?: string; error?: string; mensaje?: string }>(
        response,
        'recepcion',
        true,
      );
      if (response.status >= 500 && !body.trackId) throw lostAnswer(response, 'recepcion');
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
        true,
      );
      const body = await json<{
        codigo?: number;
        estado?: string;
        encf?: string;
        secuenciaUtilizada?: boolean;
        mensajes?: DgiiMessage[];
      }>(response, 'recepcionfc', true);
      if (response.status >= 500) throw lostAnswer(response, 'recepcionfc');
      return { encf: body.encf ?? '', ...statusOf(body) };
    },
    async trackIds(rncEmisor, encf) {
      if (!TRACKIDS_IN.includes(config.env)) return null;
      const query = new URLSearchParams({ rncemisor: rncEmisor, encf });
      const response = await authorised(
        ecf(`consultatrackids/api/trackids/consulta?${query}`),
        { method: 'GET' },
        'consultatrackids',
      );
      // Not documented: a 404 is taken as 'none held' (at worst the document is sent again, as
      // before this consulta), never as a reason to hold the queue.
      if (response.status === 404) return [];
      if (!response.ok) throw new DgiiUnavailable(`consultatrackids: HTTP ${response.status}`);
      const body = await json<unknown>(response, 'consultatrackids');
      // DGII describes a list and prints one object as its example: either is read.
      const entries = (Array.isArray(body) ? body : [body]) as Array<Partial<DgiiTrackId> | null>;
      return entries.flatMap((entry) =>
        entry && typeof entry.trackId === 'string' && entry.trackId
          ? [
              {
                trackId: entry.trackId,
                estado: String(entry.estado ?? ''),
                ...(entry.fechaRecepcion ? { fechaRecepcion: String(entry.fechaRecepcion) } : {}),
              },
            ]
          : [],
      );
    },
    async summaryStatus(rncEmisor, encf, securityCode) {
      if (!RFCE_QUERY_IN.includes(config.env)) return null;
      // The parameter names of DGII's request URL (its table of inputs spells them otherwise;
      // DGII's services ignore case).
      const query = new URLSearchParams({
        RNC_Emisor: rncEmisor,
        ENCF: encf,
        Cod_Seguridad_eCF: securityCode,
      });
      const response = await authorised(
        `${config.fcUrl}/${env}/consultarfce/api/Consultas/Consulta?${query}`,
        { method: 'GET' },
        'consultarfce',
      );
      if (response.status === 404) return { encf, ...statusOf({ codigo: 0 }) };
      if (!response.ok) throw new DgiiUnavailable(`consultarfce: HTTP ${response.status}`);
      const body = await json<{
        codigo?: number | string;
        estado?: string;
        encf?: string;
        secuenciaUtilizada?: boolean;
        mensajes?: DgiiMessage[];
      }>(response, 'consultarfce');
      return { encf: body.encf ?? encf, ...statusOf(body) };
    },
  };
}
