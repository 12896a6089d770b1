// A local stand-in of AZUL Webservices (JSON API) for tests and development (issue 21), written
// from AZUL's public documentation (docs/azul-reading-notes.md), not from our adapter, so that it
// catches our misreadings. Never part of the production bundle.
//
// - HTTPS with mutual TLS: it makes its own CA, a server certificate for localhost and a client
//   certificate for the school (PEM files in a folder), and refuses clients without one.
// - A main site and a backup site over one state, so the contingency switch can be tried.
// - ProcessPayment (Sale, Refund), ?ProcessVoid, ?VerifyPayment, ?ProcessDatavault (CREATE, DELETE).
// - AZUL's documented test cards approve; the limited Visa declines above RD$75; a number that fails
//   the check digit is 'TARJETA INVALIDA'; a past expiry 'TARJETA VENCIDA'; other numbers are
//   declined ('05'). Void within 20 minutes of the sale, whole; one refund per sale, never above it.
// - Faults on demand: a slow answer, a request dropped before or after it is processed, a 5xx,
//   the main site refusing connections.
// - 3-D Secure 2 as documented: a Sale with ThreeDSAuth (and without ForceNo3DS '1') on one of the
//   four 3DS test cards answers '3D2METHOD' with a MethodForm or '3D' with a challenge;
//   ?processthreedsmethod and ?processthreedschallenge go on. The bank's pages (the ACS: the
//   method's hidden page and the challenge's simulator with AZUL's five outcomes, Yes, No, Attempt,
//   Rejected, Unavailable) are served over plain HTTP on a port of their own, since a browser has
//   no client certificate. VerifyPayment of a sale waiting for 3DS answers its '3D2METHOD' or '3D'
//   (AZUL does not document it; the adapter must not read it as a decline).
import https from 'node:https';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';
import { CHALLENGE_SIMULATOR, CHALLENGE_TEST_CARD } from '../../src/domain/authentication.ts';

/** AZUL's published test cards (pyazul's fixtures, from AZUL's documentation); CVV as published. */
export const AZUL_TEST_CARDS = {
  mastercard: { number: '5424180279791732', cvv: '732' },
  discover: { number: '6011000990099818', cvv: '818' },
  visa: { number: '4260550061845872', cvv: '872' },
  /** Approves up to RD$75 only. */
  visaLimited: { number: '4005520000000129', cvv: '977' },
  mastercard2: { number: '5413330089600119', cvv: '979' },
  visa2: { number: '4012000033330026', cvv: '123' },
  /** 3-D Secure 2 (AZUL's 'Datos para pruebas', any CVV; 999 recommended): frictionless after the method form. */
  frictionlessWithMethod: { number: '4265880000000007', cvv: '999' },
  /** Frictionless, no method form. */
  frictionless: { number: '4147463011110117', cvv: '999' },
  /** Challenge after the method form (the limited Visa: authorization approves up to RD$75 only). */
  challengeWithMethod: { number: '4005520000000129', cvv: '999' },
  /** Challenge at once, no method form (mock mode's bank challenges it too). */
  challenge: CHALLENGE_TEST_CARD,
} as const;

/** How a 3DS test card authenticates (AZUL's four scenarios); other cards: frictionless. */
const THREE_DS_SCENARIOS: Record<string, { method: boolean; challenge: boolean }> = {
  [AZUL_TEST_CARDS.frictionlessWithMethod.number]: { method: true, challenge: false },
  [AZUL_TEST_CARDS.frictionless.number]: { method: false, challenge: false },
  [AZUL_TEST_CARDS.challengeWithMethod.number]: { method: true, challenge: true },
  [AZUL_TEST_CARDS.challenge.number]: { method: false, challenge: true },
};

/** The challenge simulator's answers (AZUL's test window) and the transStatus each posts back. */
export const ACS_OUTCOMES = CHALLENGE_SIMULATOR.outcomes;

/** How long AZUL keeps a sale waiting for 3DS (not documented; the stand-in's choice). */
const THREE_DS_WINDOW_MS = 10 * 60_000;

/** One X.509 extension as selfsigned takes it (its type is not exported). */
type Extension = NonNullable<NonNullable<Parameters<typeof generate>[1]>['extensions']>[number];

const APPROVED = new Set<string>(Object.values(AZUL_TEST_CARDS).map((card) => card.number));
const LIMITED_MAX_MINOR = 7_500;

export interface StandinFaults {
  /** Answer every request this much later (processed at once). */
  delayMs: number;
  /** The next N requests are dropped before being processed (no answer, nothing done). */
  dropBefore: number;
  /** The next N requests are processed, then dropped without an answer. */
  dropAfter: number;
  /** The next N requests answer HTTP 503 with an HTML page, unprocessed. */
  unavailable: number;
  /** The main site refuses connections (the backup site still answers). */
  mainDown: boolean;
  /** The bank's method page does not post its notice back (the app must say EXPECTED_BUT_NOT_RECEIVED). */
  methodSilent: boolean;
}

/** A sale waiting for 3-D Secure: what the next step needs. */
interface ThreeDS {
  stage: 'method' | 'challenge' | 'done';
  challenge: boolean;
  termUrl: string;
  number: string;
  expiration: string;
  amount: number;
  saveToVault: boolean;
  serverTransId: string;
  /** What the app sent at ?processthreedsmethod, for tests. */
  methodStatus?: string;
}

interface Transaction {
  AzulOrderId: string;
  CustomOrderId: string;
  TrxType: 'Sale' | 'Refund';
  Amount: string;
  Itbis: string;
  IsoCode: string;
  ResponseMessage: string;
  ErrorDescription: string;
  AuthorizationCode: string;
  RRN: string;
  DateTime: string;
  CardNumber: string;
  at: number;
  voided: boolean;
  refunded: boolean;
  threeDS?: ThreeDS;
}

interface VaultToken {
  token: string;
  number: string;
  expiration: string;
  brand: string;
  deleted: boolean;
}

export interface AzulStandin {
  url: string;
  backupUrl: string;
  merchantId: string;
  auth1: string;
  auth2: string;
  /** The client certificate, its key and the CA that signed both sides (PEM files). */
  files: { cert: string; key: string; ca: string };
  faults: StandinFaults;
  /** Every request received, with its operation (for tests: what was sent, and where). */
  received: Array<{ site: 'main' | 'backup'; operation: string; body: Record<string, unknown> }>;
  transactions: Transaction[];
  /** The bank's pages for 3-D Secure (plain HTTP, for the browser). */
  acsUrl: string;
  /** Moves the stand-in's clock (the void window, token expiry) by minutes. */
  advance(minutes: number): void;
  close(): Promise<void>;
}

const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
};

const brandOf = (number: string) =>
  /^4/.test(number) ? 'VISA' : /^5/.test(number) ? 'MASTERCARD' : /^6/.test(number) ? 'DISCOVER' : 'OTRA';

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

/** 'YYYYMMDDHHMMSS' in Santo Domingo time (UTC-4). */
const azulNow = (ms: number) => {
  const local = new Date(ms - 4 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getUTCFullYear()}${pad(local.getUTCMonth() + 1)}${pad(local.getUTCDate())}${pad(local.getUTCHours())}${pad(local.getUTCMinutes())}${pad(local.getUTCSeconds())}`;
};

const error = (description: string) => ({
  ResponseCode: 'Error',
  IsoCode: '',
  ResponseMessage: 'Error',
  ErrorDescription: description,
});

/** The settings (environment variables) that point the app's AZUL adapter at this stand-in. */
export const standinEnv = (standin: AzulStandin): Record<string, string> => ({
  PAYMENT_GATEWAY: 'azul',
  AZUL_URL: standin.url,
  AZUL_BACKUP_URL: standin.backupUrl,
  AZUL_MERCHANT_ID: standin.merchantId,
  AZUL_AUTH1: standin.auth1,
  AZUL_AUTH2: standin.auth2,
  AZUL_CERT_FILE: standin.files.cert,
  AZUL_KEY_FILE: standin.files.key,
  AZUL_CA_FILE: standin.files.ca,
});

export async function startAzulStandin(
  options: { merchantId?: string; auth1?: string; auth2?: string } = {},
): Promise<AzulStandin> {
  const merchantId = options.merchantId ?? '39038540035';
  const auth1 = options.auth1 ?? 'testcert2';
  const auth2 = options.auth2 ?? 'testcert2';
  const year = 365 * 24 * 3600_000;
  const validity = {
    notBeforeDate: new Date(Date.now() - 3600_000),
    notAfterDate: new Date(Date.now() + year),
  };
  const ca = await generate([{ name: 'commonName', value: 'AZUL stand-in CA' }], {
    ...validity,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  // A certificate signed by that CA, for a server or a client.
  const leaf = (
    subject: Array<{ name: string; value: string }>,
    usage: { serverAuth?: boolean; clientAuth?: boolean },
    more: Extension[] = [],
  ) =>
    generate(subject, {
      ...validity,
      algorithm: 'sha256',
      ca: { key: ca.private, cert: ca.cert },
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', ...usage },
        ...more,
      ],
    });
  const server = await leaf([{ name: 'commonName', value: 'localhost' }], { serverAuth: true }, [
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
      ],
    },
  ]);
  // As AZUL's CSR asks: CN nombrecomercio.local, O Servicios Digitales Popular.
  const client = await leaf(
    [
      { name: 'commonName', value: 'escuela-baloncesto.local' },
      { name: 'organizationName', value: 'Servicios Digitales Popular' },
    ],
    { clientAuth: true },
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'azul-standin-'));
  const files = {
    cert: path.join(dir, 'client.pem'),
    key: path.join(dir, 'client.key'),
    ca: path.join(dir, 'ca.pem'),
  };
  fs.writeFileSync(files.cert, client.cert);
  fs.writeFileSync(files.key, client.private, { mode: 0o600 });
  fs.writeFileSync(files.ca, ca.cert);

  const faults: StandinFaults = {
    delayMs: 0,
    dropBefore: 0,
    dropAfter: 0,
    unavailable: 0,
    mainDown: false,
    methodSilent: false,
  };
  let acsUrl = '';
  const received: AzulStandin['received'] = [];
  const transactions: Transaction[] = [];
  const vault = new Map<string, VaultToken>();
  let offsetMs = 0;
  let nextOrder = 40_000;
  const now = () => Date.now() + offsetMs;

  const record = (fields: Omit<Transaction, 'AzulOrderId' | 'DateTime' | 'at' | 'voided' | 'refunded'>) => {
    nextOrder += 1;
    const transaction: Transaction = {
      ...fields,
      AzulOrderId: String(nextOrder),
      DateTime: azulNow(now()),
      at: now(),
      voided: false,
      refunded: false,
    };
    transactions.push(transaction);
    return transaction;
  };

  const answerOf = (transaction: Transaction) => ({
    AuthorizationCode: transaction.AuthorizationCode,
    AzulOrderId: transaction.AzulOrderId,
    CustomOrderId: transaction.CustomOrderId,
    DateTime: transaction.DateTime,
    ErrorDescription: transaction.ErrorDescription,
    IsoCode: transaction.IsoCode,
    LotNumber: '1',
    RRN: transaction.RRN,
    ResponseCode: 'ISO8583',
    ResponseMessage: transaction.ResponseMessage,
    Ticket: String(Number(transaction.AzulOrderId) % 10_000),
    CardNumber: transaction.CardNumber,
  });

  /** The card's decision as AZUL's test environment documents it. */
  function decide(number: string, expiration: string, amountMinor: number) {
    const current = azulNow(now()).slice(0, 6);
    if (!luhn(number))
      return {
        IsoCode: '99',
        ResponseMessage: 'TARJETA INVALIDA',
        ErrorDescription: 'SGS-002303: Invalid credit card number',
      };
    if (expiration < current)
      return { IsoCode: '54', ResponseMessage: 'TARJETA VENCIDA', ErrorDescription: '' };
    if (number === AZUL_TEST_CARDS.visaLimited.number && amountMinor > LIMITED_MAX_MINOR)
      return { IsoCode: '51', ResponseMessage: 'INSUFICIENCIA DE FONDOS', ErrorDescription: '' };
    if (!APPROVED.has(number)) return { IsoCode: '05', ResponseMessage: 'DECLINADA', ErrorDescription: '' };
    return { IsoCode: '00', ResponseMessage: 'APROBADA', ErrorDescription: '' };
  }

  const digits = (value: unknown) => typeof value === 'string' && /^\d+$/.test(value);

  function processPayment(body: Record<string, unknown>) {
    const trxType = body.TrxType;
    if (trxType === 'Refund') return refund(body);
    if (trxType !== 'Sale') return error('VALIDATION_ERROR:TrxType');
    for (const field of ['Amount', 'Itbis'] as const)
      if (!digits(body[field])) return error(`VALIDATION_ERROR:${field}`);
    if (typeof body.OrderNumber !== 'string' || body.OrderNumber.length > 15)
      return error('VALIDATION_ERROR:OrderNumber');
    if (body.PosInputMode !== 'E-Commerce') return error('VALIDATION_ERROR:PosInputMode');
    const amount = Number(body.Amount);
    let number: string;
    let expiration: string;
    const token = typeof body.DataVaultToken === 'string' && body.DataVaultToken ? body.DataVaultToken : null;
    if (token) {
      // AZUL's test API wants CardNumber and Expiration present (empty) with a token.
      if (body.CardNumber === undefined) return error('VALIDATION_ERROR:CardNumber');
      if (body.Expiration === undefined) return error('VALIDATION_ERROR:Expiration');
      const kept = vault.get(token);
      if (!kept || kept.deleted) return error('DataVault TokenId does not exist.');
      if (kept.expiration < azulNow(now()).slice(0, 6)) return error('DataVault TokenId is expired.');
      number = kept.number;
      expiration = kept.expiration;
    } else {
      if (!digits(body.CardNumber)) return error('VALIDATION_ERROR:CardNumber');
      if (typeof body.Expiration !== 'string' || !/^\d{4}(0[1-9]|1[0-2])$/.test(body.Expiration))
        return error('VALIDATION_ERROR:Expiration');
      if (typeof body.CVC !== 'string' || !/^\d{3,4}$/.test(body.CVC)) return error('VALIDATION_ERROR:CVC');
      number = body.CardNumber as string;
      expiration = body.Expiration;
    }
    const customOrderId = typeof body.CustomOrderId === 'string' ? body.CustomOrderId : '';
    const saveToVault = body.SaveToDataVault === '1';
    const auth = body.ThreeDSAuth as Record<string, unknown> | undefined;
    const brand = brandOf(number);
    if (body.ForceNo3DS !== '1' && (brand === 'VISA' || brand === 'MASTERCARD')) {
      // The merchant has 3DS: a Visa or Mastercard sale goes through it, with the two nodes.
      if (!auth || typeof auth !== 'object') return error('VALIDATION_ERROR:ThreeDSAuth');
      if (typeof auth.TermUrl !== 'string' || !/^https?:\/\//.test(auth.TermUrl))
        return error('VALIDATION_ERROR:TermUrl');
      const scenario = THREE_DS_SCENARIOS[number] ?? { method: false, challenge: false };
      const methodUrl = typeof auth.MethodNotificationUrl === 'string' ? auth.MethodNotificationUrl : '';
      if (scenario.method || scenario.challenge) {
        const threeDS: ThreeDS = {
          stage: scenario.method && methodUrl ? 'method' : 'challenge',
          challenge: scenario.challenge,
          termUrl: auth.TermUrl,
          number,
          expiration,
          amount,
          saveToVault,
          serverTransId: crypto.randomUUID(),
        };
        if (threeDS.stage === 'challenge' && !scenario.challenge)
          return authorize(customOrderId, body, threeDS);
        const transaction = record({
          CustomOrderId: customOrderId,
          TrxType: 'Sale',
          Amount: String(amount),
          Itbis: String(body.Itbis),
          IsoCode: '',
          ResponseMessage: '',
          ErrorDescription: '',
          AuthorizationCode: '',
          RRN: '',
          CardNumber: masked(number),
        });
        transaction.threeDS = threeDS;
        if (threeDS.stage === 'method') {
          Object.assign(transaction, { IsoCode: '3D2METHOD', ResponseMessage: '3D_SECURE_2_METHOD' });
          return { ...answerOf(transaction), ThreeDSMethod: { MethodForm: methodForm(threeDS, methodUrl) } };
        }
        return challengeAnswer(transaction);
      }
    }
    return authorize(customOrderId, body, {
      number,
      expiration,
      amount,
      saveToVault,
    });
  }

  /** The authorization itself: the card's decision, recorded (a sale out of 3DS keeps its AzulOrderId). */
  function authorize(
    customOrderId: string,
    body: Record<string, unknown>,
    card: { number: string; expiration: string; amount: number; saveToVault: boolean },
    waiting?: Transaction,
  ) {
    const decision = decide(card.number, card.expiration, card.amount);
    const approved = decision.IsoCode === '00';
    const fields = {
      ...decision,
      AuthorizationCode: approved ? `OK${crypto.randomInt(1000, 9999)}` : '',
      RRN: approved ? `${azulNow(now())}${crypto.randomInt(100000, 999999)}` : '',
    };
    const transaction = waiting
      ? Object.assign(waiting, fields, { DateTime: azulNow(now()) })
      : record({
          CustomOrderId: customOrderId,
          TrxType: 'Sale',
          Amount: String(card.amount),
          Itbis: String(body.Itbis),
          ...fields,
          CardNumber: masked(card.number),
        });
    if (transaction.threeDS) transaction.threeDS.stage = 'done';
    const saved: Record<string, string> = {};
    if (approved && card.saveToVault) {
      const created = createToken(card.number, card.expiration);
      saved.DataVaultToken = created.token;
      saved.DataVaultExpiration = created.expiration;
      saved.DataVaultBrand = created.brand;
    }
    return { ...answerOf(transaction), ...saved };
  }

  const base64Json = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64');

  /** AZUL's MethodForm: a hidden frame and a form that posts the browser's data to the bank. */
  const methodForm = (threeDS: ThreeDS, notificationUrl: string) => {
    const data = base64Json({
      threeDSServerTransID: threeDS.serverTransId,
      threeDSMethodNotificationURL: notificationUrl,
    });
    return (
      `<iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:false;" style="width: 1px; height: 1px; display: none;" name="tdsMmethodTgtFrame" id="tdsMmethodTgtFrame"></iframe>` +
      `<form id="tdsMmethodForm" name="tdsMmethodForm" action="${acsUrl}/acs/method" method="post" target="tdsMmethodTgtFrame">` +
      `<input type="hidden" name="threeDSMethodData" value="${data}" /></form>` +
      `<script type="text/javascript">document.getElementById('tdsMmethodForm').submit();</script>`
    );
  };

  function challengeAnswer(transaction: Transaction) {
    transaction.threeDS!.stage = 'challenge';
    Object.assign(transaction, { IsoCode: '3D', ResponseMessage: '3D_SECURE_CHALLENGE' });
    return {
      ...answerOf(transaction),
      ThreeDSChallenge: {
        CReq: base64Json({
          threeDSServerTransID: transaction.threeDS!.serverTransId,
          acsTransID: transaction.AzulOrderId,
          challengeWindowSize: '05',
          messageType: 'CReq',
          messageVersion: '2.1.0',
        }),
        MD: '',
        PaReq: '',
        RedirectPostUrl: `${acsUrl}/acs/creq`,
      },
    };
  }

  /** The sale waiting for 3DS that a continuation names, or why it cannot go on. */
  function waitingSale(body: Record<string, unknown>, stage: ThreeDS['stage']): Transaction | object {
    const transaction = transactions.find(
      (candidate) => candidate.AzulOrderId === body.AzulOrderId && candidate.threeDS,
    );
    if (!transaction) return error('VALIDATION_ERROR:AzulOrderId');
    if (transaction.threeDS!.stage !== stage) return error('3DS repost detected.');
    if (now() - transaction.at > THREE_DS_WINDOW_MS)
      return error('3DS time frame expired or loss of session.');
    return transaction;
  }

  function processThreeDSMethod(body: Record<string, unknown>) {
    const found = waitingSale(body, 'method');
    if (!('threeDS' in found)) return found;
    const transaction = found;
    const status = body.MethodNotificationStatus ?? body.methodNotificationStatus;
    if (status !== 'RECEIVED' && status !== 'EXPECTED_BUT_NOT_RECEIVED' && status !== 'NOT_EXPECTED')
      return error('VALIDATION_ERROR:MethodNotificationStatus');
    const threeDS = transaction.threeDS!;
    threeDS.methodStatus = status;
    if (threeDS.challenge) return challengeAnswer(transaction);
    return authorize(transaction.CustomOrderId, body, threeDS, transaction);
  }

  function processThreeDSChallenge(body: Record<string, unknown>) {
    const found = waitingSale(body, 'challenge');
    if (!('threeDS' in found)) return found;
    const transaction = found;
    const cres = body.CRes ?? body.cRes;
    let status: unknown;
    try {
      status = (JSON.parse(Buffer.from(String(cres), 'base64').toString('utf8')) as { transStatus?: unknown })
        .transStatus;
    } catch {
      status = undefined;
    }
    if (typeof cres !== 'string' || !['Y', 'N', 'A', 'R', 'U'].includes(String(status)))
      return error('VALIDATION_ERROR:CRes');
    if (status === 'Y' || status === 'A')
      return authorize(transaction.CustomOrderId, body, transaction.threeDS!, transaction);
    transaction.threeDS!.stage = 'done';
    Object.assign(
      transaction,
      status === 'U'
        ? { IsoCode: '08', ResponseMessage: 'No autenticada', ErrorDescription: '' }
        : {
            IsoCode: '99',
            ResponseMessage: 'DECLINADA',
            ErrorDescription: 'SGS-005101: Transaction declined. 3D Secure authentication failed.',
          },
    );
    return answerOf(transaction);
  }

  function refund(body: Record<string, unknown>) {
    if (!digits(body.Amount)) return error('VALIDATION_ERROR:Amount');
    const original = transactions.find(
      (candidate) => candidate.AzulOrderId === body.AzulOrderId && candidate.TrxType === 'Sale',
    );
    const amount = Number(body.Amount);
    if (
      !original ||
      original.IsoCode !== '00' ||
      original.voided ||
      original.refunded ||
      amount > Number(original.Amount) ||
      now() - original.at > 183 * 24 * 3600_000
    )
      return error('Original transaction is invalid, exceeds original amount or has already been returned');
    original.refunded = true;
    const transaction = record({
      CustomOrderId: typeof body.CustomOrderId === 'string' ? body.CustomOrderId : '',
      TrxType: 'Refund',
      Amount: String(amount),
      Itbis: typeof body.Itbis === 'string' ? body.Itbis : '000',
      IsoCode: '00',
      ResponseMessage: 'APROBADA',
      ErrorDescription: '',
      AuthorizationCode: `OK${crypto.randomInt(1000, 9999)}`,
      RRN: `${azulNow(now())}${crypto.randomInt(100000, 999999)}`,
      CardNumber: original.CardNumber,
    });
    return answerOf(transaction);
  }

  function processVoid(body: Record<string, unknown>) {
    const original = transactions.find(
      (candidate) => candidate.AzulOrderId === body.AzulOrderId && candidate.TrxType === 'Sale',
    );
    if (
      !original ||
      original.IsoCode !== '00' ||
      original.voided ||
      original.refunded ||
      now() - original.at > 20 * 60_000
    )
      return error('Original transaction is invalid or has already been voided');
    original.voided = true;
    return { ...answerOf(original), ResponseMessage: 'APROBADA' };
  }

  function verifyPayment(body: Record<string, unknown>) {
    // The most recent transaction with that CustomOrderId (AZUL's rule).
    const found = [...transactions]
      .reverse()
      .find((candidate) => candidate.CustomOrderId === body.CustomOrderId);
    if (!found)
      return {
        Found: false,
        ResponseCode: 'ISO8583',
        IsoCode: '',
        ResponseMessage: '',
        ErrorDescription: '',
      };
    return {
      Found: true,
      ...answerOf(found),
      Amount: found.Amount,
      ITBIS: found.Itbis,
      CurrencyPosCode: '$',
      TransactionType: found.voided ? 'Void' : found.TrxType,
    };
  }

  function createToken(number: string, expiration: string): VaultToken {
    const token: VaultToken = {
      token: crypto.randomUUID().toUpperCase(),
      number,
      expiration,
      brand: brandOf(number),
      deleted: false,
    };
    vault.set(token.token, token);
    return token;
  }

  function processDatavault(body: Record<string, unknown>) {
    if (body.TrxType === 'CREATE') {
      if (!digits(body.CardNumber)) return error('VALIDATION_ERROR:CardNumber');
      if (typeof body.Expiration !== 'string' || !/^\d{4}(0[1-9]|1[0-2])$/.test(body.Expiration))
        return error('VALIDATION_ERROR:Expiration');
      const decision = decide(body.CardNumber as string, body.Expiration, 0);
      if (decision.IsoCode !== '00')
        return { ResponseCode: 'ISO8583', ...decision, ISOCode: decision.IsoCode };
      const created = createToken(body.CardNumber as string, body.Expiration);
      return {
        Brand: created.brand,
        CardNumber: masked(created.number),
        DataVaultToken: created.token,
        ErrorDescription: '',
        Expiration: created.expiration,
        HasCVV: true,
        IsoCode: '00',
        ISOCode: '00',
        ResponseCode: 'ISO8583',
        ResponseMessage: 'APROBADA',
      };
    }
    if (body.TrxType === 'DELETE') {
      const kept = typeof body.DataVaultToken === 'string' ? vault.get(body.DataVaultToken) : undefined;
      if (!kept || kept.deleted) return error('DataVault TokenId does not exist.');
      kept.deleted = true;
      return {
        IsoCode: '00',
        ISOCode: '00',
        ResponseCode: 'ISO8583',
        ResponseMessage: 'APROBADA',
        ErrorDescription: '',
      };
    }
    return error('VALIDATION_ERROR:TrxType');
  }

  /** The bank's pages (the ACS) the browser visits: the method's hidden page, the challenge. */
  function acsPage(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const page = (status: number, body: string) => {
        response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Banco emisor (pruebas)</title></head><body style="font-family: sans-serif; margin: 1rem">${body}</body></html>`,
        );
      };
      const autopost = (action: string, fields: Record<string, string>) =>
        page(
          200,
          `<form id="f" method="post" action="${escape(action)}">${Object.entries(fields)
            .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value)}">`)
            .join('')}</form><script>document.getElementById('f').submit();</script>`,
        );
      const decoded = (text: string | null): Record<string, string> => {
        try {
          return JSON.parse(Buffer.from(text ?? '', 'base64').toString('utf8')) as Record<string, string>;
        } catch {
          return {};
        }
      };
      if (request.method !== 'POST') return page(405, 'POST');
      if (request.url === '/acs/method') {
        const data = decoded(form.get('threeDSMethodData'));
        if (!data.threeDSMethodNotificationURL) return page(400, 'threeDSMethodData');
        if (faults.methodSilent) return page(200, '');
        return autopost(data.threeDSMethodNotificationURL, {
          threeDSMethodData: base64Json({ threeDSServerTransID: data.threeDSServerTransID }),
        });
      }
      if (request.url === '/acs/creq') {
        const creq = form.get('creq');
        const termUrl = form.get('TermUrl');
        if (!creq || !decoded(creq).acsTransID || !termUrl) return page(400, 'creq / TermUrl');
        const buttons = Object.keys(ACS_OUTCOMES)
          .map(
            (outcome) =>
              `<button name="outcome" value="${outcome}" style="display:block;width:100%;min-height:44px;margin:.5rem 0;font-size:1rem">${outcome}</button>`,
          )
          .join('');
        return page(
          200,
          `<h1 style="font-size:1.25rem">${CHALLENGE_SIMULATOR.title}</h1><p>${CHALLENGE_SIMULATOR.prompt}</p><form method="post" action="/acs/answer"><input type="hidden" name="creq" value="${escape(creq)}"><input type="hidden" name="TermUrl" value="${escape(termUrl)}">${buttons}</form>`,
        );
      }
      if (request.url === '/acs/answer') {
        const creq = decoded(form.get('creq'));
        const outcome = form.get('outcome') as keyof typeof ACS_OUTCOMES | null;
        const termUrl = form.get('TermUrl');
        if (!outcome || !(outcome in ACS_OUTCOMES) || !termUrl) return page(400, 'outcome');
        return autopost(termUrl, {
          cRes: base64Json({
            acsTransID: creq.acsTransID,
            messageType: 'CRes',
            messageVersion: '2.1.0',
            threeDSServerTransID: creq.threeDSServerTransID,
            transStatus: ACS_OUTCOMES[outcome],
          }),
          threeDSSessionData: Buffer.from(String(creq.acsTransID)).toString('base64'),
        });
      }
      page(404, 'no');
    });
  }
  const escape = (text: string) =>
    text.replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
    );

  const sockets = new Set<Socket>();
  function site(name: 'main' | 'backup') {
    const instance = https.createServer(
      { key: server.private, cert: server.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: true },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const operation = (request.url ?? '').split('?')[1]?.toLowerCase() ?? '';
          let body: Record<string, unknown>;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
          } catch {
            return send(response, 400, error('PARSING_ERROR'));
          }
          received.push({ site: name, operation, body });
          if (faults.dropBefore > 0) {
            faults.dropBefore -= 1;
            return request.socket.destroy();
          }
          if (faults.unavailable > 0) {
            faults.unavailable -= 1;
            response.writeHead(503, { 'Content-Type': 'text/html' });
            return response.end('<html><body>503 - Service Unavailable</body></html>');
          }
          const auth = request.headers.auth1 === auth1 && request.headers.auth2 === auth2;
          if (!request.headers.auth1) return send(response, 401, error('MISSING_AUTH_HEADER:Auth1'));
          if (!auth) return send(response, 401, error('INVALID_AUTH:Auth'));
          if (body.Store !== merchantId) return send(response, 401, error('INVALID_AUTH:Store'));
          const answer =
            operation === ''
              ? processPayment(body)
              : operation === 'processvoid'
                ? processVoid(body)
                : operation === 'verifypayment'
                  ? verifyPayment(body)
                  : operation === 'processdatavault'
                    ? processDatavault(body)
                    : operation === 'processthreedsmethod'
                      ? processThreeDSMethod(body)
                      : operation === 'processthreedschallenge'
                        ? processThreeDSChallenge(body)
                        : error('INVALID_OPERATION');
          if (faults.dropAfter > 0) {
            faults.dropAfter -= 1;
            return request.socket.destroy();
          }
          const reply = () => send(response, 200, answer);
          if (faults.delayMs > 0) setTimeout(reply, faults.delayMs);
          else reply();
        });
      },
    );
    instance.on('connection', (socket: Socket) => {
      if (name === 'main' && faults.mainDown) return socket.destroy();
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return instance;
  }
  const send = (response: ServerResponse, status: number, body: object) => {
    if (response.destroyed) return;
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const main = site('main');
  const backup = site('backup');
  const acs = http.createServer((request, response) => acsPage(request, response));
  const listen = (instance: https.Server) =>
    new Promise<number>((resolve) =>
      instance.listen(0, '127.0.0.1', () => resolve((instance.address() as AddressInfo).port)),
    );
  const [mainPort, backupPort, acsPort] = await Promise.all([
    listen(main),
    listen(backup),
    new Promise<number>((resolve) =>
      acs.listen(0, '127.0.0.1', () => resolve((acs.address() as AddressInfo).port)),
    ),
  ]);
  acsUrl = `http://127.0.0.1:${acsPort}`;
  return {
    url: `https://127.0.0.1:${mainPort}/webservices/JSON/Default.aspx`,
    backupUrl: `https://127.0.0.1:${backupPort}/Webservices/JSON/default.aspx`,
    merchantId,
    auth1,
    auth2,
    files,
    faults,
    received,
    transactions,
    acsUrl,
    advance(minutes) {
      offsetMs += minutes * 60_000;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      acs.closeAllConnections();
      await Promise.all(
        [main, backup, acs].map((instance) => new Promise((resolve) => instance.close(resolve))),
      );
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
