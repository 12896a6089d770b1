// AZUL Webservices (JSON API) behind the payment port (issue 21). What AZUL documents and where its
// documentation leaves a choice is in docs/azul-reading-notes.md; the choices are in
// docs/decisions.md ('AZUL behind the payment port'). Over 500 lines on purpose: one concern,
// AZUL's protocol behind the port, whose operations share its request, retry and answer rules. In short:
//   charge      Sale ('TrxType: Sale', CustomOrderId = our reference) without 3-D Secure (ForceNo3DS)
//   secure      the parent's Sale with 3-D Secure 2: ThreeDSAuth + CardHolderInfo, then
//               ?processthreedsmethod and ?processthreedschallenge as the browser's steps end
//   lookup      VerifyPayment by CustomOrderId; null only when AZUL says it never saw it
//   refund      a Void when the whole sale is given back within AZUL's window, else a Refund
//   saveCard    DataVault CREATE; chargeSaved a Sale with DataVaultToken; deleteCard DELETE
// Every call is one POST with Auth1/Auth2 over mutual TLS. The backup site is used for a call
// only when the main one could not be reached (no connection): once a request may have arrived, a
// charge is never sent again, its outcome is asked with VerifyPayment. Nothing secret is logged:
// not the card, the CVC, Auth1/Auth2 or the key.
import { AUTHENTICATION_MESSAGES } from '../../src/domain/authentication.ts';
import https from 'node:https';
import tls from 'node:tls';
import { ConfigError, readSettingFile, type AzulConfig } from '../config.ts';
import {
  ChargeAwaitingAuthentication,
  isKeptCard,
  type AuthenticationReturn,
  type CardDetails,
  type ChargeResult,
  type KeptCard,
  type PaymentGateway,
  type RefundResult,
  type SaveCardResult,
  type SecureChargeResult,
} from '../../src/core/checkout/gateway.ts';
import { cardBrand, CARD_MESSAGES, type CardRefusalReason } from '../../src/domain/cards.ts';

/** AZUL's channel and input mode for an e-commerce merchant (its examples; AZUL confirms them). */
const CHANNEL = 'EC';
const POS_INPUT_MODE = 'E-Commerce';
/** AZUL voids a sale within 20 minutes of its approval; we void only within 15 (clocks differ). */
export const AZUL_VOID_WINDOW_MS = 15 * 60_000;

/** AZUL's errors that mean the school's credentials, certificate or address are not accepted. */
const CREDENTIALS_REFUSED = /INVALID_AUTH|MISSING_AUTH|CLIENT_CERT|INVALID_VPN/;

export interface AzulLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The client certificate, its key and the extra CA, read and checked once at start. */
export interface AzulTls {
  cert: Buffer;
  key: Buffer;
  ca?: Buffer;
}

/**
 * Reads the certificate files and checks that they make a TLS context (the key matches the
 * certificate). Throws a ConfigError naming the file otherwise: the server stops at start.
 */
export function loadAzulTls(config: Pick<AzulConfig, 'certFile' | 'keyFile' | 'caFile'>): AzulTls {
  const loaded: AzulTls = {
    cert: readSettingFile('AZUL_CERT_FILE', config.certFile),
    key: readSettingFile('AZUL_KEY_FILE', config.keyFile),
    ...(config.caFile ? { ca: readSettingFile('AZUL_CA_FILE', config.caFile) } : {}),
  };
  try {
    tls.createSecureContext(loaded);
  } catch (error) {
    throw new ConfigError(
      [
        `AZUL_CERT_FILE / AZUL_KEY_FILE do not make a client certificate (${(error as Error).message}): use the PEM certificate AZUL issued and the key of its CSR`,
      ],
      { cause: error },
    );
  }
  return loaded;
}

/** AZUL's answer: every value a string (its documentation), `Found` of VerifyPayment a boolean or 'no'. */
type AzulAnswer = Record<string, unknown>;

/** The first of these fields AZUL answered with text (its tables and examples spell some two ways). */
function field(answer: AzulAnswer, ...names: string[]): string {
  for (const name of names) {
    const value = answer[name];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return '';
}

/** The ISO code ('00' approved), spelled IsoCode in AZUL's JSON and ISOCode in its tables. */
const isoOf = (answer: AzulAnswer): string => field(answer, 'IsoCode', 'ISOCode');

/** A request that may have reached AZUL (sent) and got no usable answer: its outcome is unknown. */
export class AzulUnknownOutcome extends Error {
  constructor(operation: string, cause: string) {
    super(`AZUL ${operation}: no answer (${cause})`);
    this.name = 'AzulUnknownOutcome';
  }
}

/** Minor units as AZUL writes them: whole pesos × 100, digits only ('470000'). */
export const minorUnits = (pesos: number): string => String(Math.round(pesos * 100));

/** 'MMYYYY' (the app's card expiry) → 'YYYYMM' (AZUL's). */
export const azulExpiration = (expiry: string): string => `${expiry.slice(2)}${expiry.slice(0, 2)}`;

/** AZUL's 'YYYYMM' → 'MMYYYY'. */
const appExpiry = (expiration: string): string => `${expiration.slice(4, 6)}${expiration.slice(0, 4)}`;

/** AZUL's DateTime 'YYYYMMDDHHMMSS', read as Santo Domingo time (UTC-4, AZUL's own). */
export function azulDateTime(text: unknown): Date | null {
  const match = typeof text === 'string' ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text) : null;
  if (!match) return null;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h + 4, mi, s));
}

/** Why AZUL declined (its ISO codes, docs/azul-reading-notes.md), in the app's words. */
function refusalOf(answer: AzulAnswer): { reason: CardRefusalReason; message: string } {
  const iso = isoOf(answer);
  const text = `${field(answer, 'ResponseMessage')} ${field(answer, 'ErrorDescription')}`.toUpperCase();
  if (iso === '51') return { reason: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds };
  if (iso === '54') return { reason: 'expired', message: CARD_MESSAGES.expired };
  if (iso === '43' || iso === '04' || iso === '4')
    return { reason: 'lost_or_stolen', message: CARD_MESSAGES.lostOrStolen };
  if (text.includes('CCV') || text.includes('CVV') || text.includes('CVC'))
    return { reason: 'invalid_cvv', message: CARD_MESSAGES.invalidCvv };
  if (iso === '14' || text.includes('TARJETA INVALIDA') || text.includes('INVALID CREDIT CARD'))
    return { reason: 'invalid_card', message: CARD_MESSAGES.invalidNumber };
  // The bank could not or would not authenticate the cardholder (3-D Secure 'U' or 'N'): the same
  // card will not pass now, so the parent is told to use another one.
  if (iso === '08' || text.includes('NO AUTENTICADA') || text.includes('3D SECURE AUTHENTICATION FAILED'))
    return { reason: 'declined', message: AUTHENTICATION_MESSAGES.notAuthenticated };
  return { reason: 'declined', message: CARD_MESSAGES.declined };
}

export interface AzulGatewayOptions {
  config: AzulConfig;
  tls: AzulTls;
  log: AzulLog;
  /**
   * AZUL refused the school's credentials or certificate (INVALID_AUTH, MISSING_CLIENT_CERT…):
   * every payment fails until someone fixes the settings, so the admins are told (once a day).
   */
  onCredentialsRefused?: (description: string) => void;
  /** The ITBIS included in an amount, whole pesos (the school's fiscal settings); 0 when exempt. */
  itbisOf?: (amount: number) => Promise<number>;
  clock?: () => Date;
}

export function azulGateway(options: AzulGatewayOptions): PaymentGateway {
  const { config, log } = options;
  const clock = options.clock ?? (() => new Date());
  const agent = new https.Agent({
    cert: options.tls.cert,
    key: options.tls.key,
    ...(options.tls.ca ? { ca: options.tls.ca } : {}),
    minVersion: 'TLSv1.2',
    keepAlive: true,
  });

  /** One POST to one site: its JSON answer; 'unreachable' when no connection was made. */
  function post(base: string, operation: string, body: object): Promise<AzulAnswer | 'unreachable'> {
    const url = new URL(base);
    if (operation) url.search = `?${operation}`;
    return new Promise((resolve, reject) => {
      let connected = false;
      const request = https.request(url, {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          Auth1: config.auth1,
          Auth2: config.auth2,
        },
        timeout: config.timeoutMs,
      });
      request.on('socket', (socket) => {
        // A kept-alive socket is connected already; a new one once its TLS handshake is done.
        if (!socket.connecting && (socket as tls.TLSSocket).encrypted) connected = true;
        socket.once('secureConnect', () => {
          connected = true;
        });
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected) resolve('unreachable');
        else reject(new AzulUnknownOutcome(operation || 'ProcessPayment', error.code ?? error.message));
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) =>
          reject(new AzulUnknownOutcome(operation || 'ProcessPayment', error.message)),
        );
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            const answer = JSON.parse(text) as AzulAnswer;
            if (typeof answer === 'object' && answer !== null) return resolve(answer);
          } catch {
            // Not JSON: an outage page, a proxy's error.
          }
          reject(new AzulUnknownOutcome(operation || 'ProcessPayment', `HTTP ${response.statusCode ?? '?'}`));
        });
      });
      request.end(JSON.stringify(body));
    });
  }

  /** The main site, and the backup only when the main one could not be reached at all. */
  async function call(operation: string, body: object): Promise<AzulAnswer> {
    let answer = await post(config.url, operation, body);
    if (answer === 'unreachable') {
      log.warn(
        { operation: operation || 'ProcessPayment' },
        'AZUL main site unreachable, trying the backup site',
      );
      answer = await post(config.backupUrl, operation, body);
      if (answer === 'unreachable') throw new Error('AZUL cannot be reached (main and backup sites)');
    }
    const described = field(answer, 'ErrorDescription');
    if (answer.ResponseCode === 'Error' && CREDENTIALS_REFUSED.test(described))
      options.onCredentialsRefused?.(described);
    return answer;
  }

  const merchant = () => ({ Channel: CHANNEL, Store: config.merchantId });

  /** A processed answer as a ChargeResult; an 'Error' (not processed) is a refusal that charged nothing. */
  function chargeResultOf(
    answer: AzulAnswer,
    brand: string,
    given4: string,
    operation: string,
  ): ChargeResult {
    // A token's charge knows its card only from AZUL's masked number ('424242******4242').
    const last4 = given4 || field(answer, 'CardNumber').slice(-4);
    const described = field(answer, 'ErrorDescription');
    // A kept card AZUL no longer has, or whose token expired: never charged again (hard refusals).
    if (/DataVault TokenId does not exist/i.test(described))
      return {
        approved: false,
        reason: 'invalid_card',
        message: CARD_MESSAGES.unknownSavedCard,
        brand,
        last4,
      };
    if (/DataVault TokenId is expired/i.test(described))
      return { approved: false, reason: 'expired', message: CARD_MESSAGES.expired, brand, last4 };
    if (answer.ResponseCode === 'Error') {
      // Its ErrorDescription names the field or the reason ('VALIDATION_ERROR:Amount',
      // 'INVALID_AUTH:Auth'), never a secret.
      log.error({ operation, error: field(answer, 'ErrorDescription') }, 'AZUL did not process the request');
      return { approved: false, reason: 'declined', message: CARD_MESSAGES.gatewayError, brand, last4 };
    }
    const iso = isoOf(answer);
    if (iso === '00')
      return {
        approved: true,
        authCode: field(answer, 'AuthorizationCode'),
        gatewayReference: field(answer, 'AzulOrderId'),
        brand,
        last4,
        ...(field(answer, 'RRN') ? { rrn: field(answer, 'RRN') } : {}),
      };
    if (iso === '3D' || iso === '3D2METHOD') {
      log.error({ operation, iso }, 'AZUL asked for 3-D Secure, which this adapter does not run yet');
      return { approved: false, reason: 'declined', message: CARD_MESSAGES.gatewayError, brand, last4 };
    }
    return { approved: false, ...refusalOf(answer), brand, last4 };
  }

  const itbisMinor = async (amount: number) => {
    const itbis = (await options.itbisOf?.(amount)) ?? 0;
    return itbis > 0 ? minorUnits(itbis) : '000';
  };

  /** A Sale's fields; 3-D Secure is skipped unless `more` asks for it. */
  async function saleBody(
    reference: string,
    amount: number,
    card: { CardNumber: string; Expiration: string; CVC?: string; DataVaultToken?: string },
    more: object = {},
  ) {
    return {
      ...merchant(),
      ...card,
      PosInputMode: POS_INPUT_MODE,
      TrxType: 'Sale',
      Amount: minorUnits(amount),
      Itbis: await itbisMinor(amount),
      CurrencyPosCode: '$',
      Payments: '1',
      Plan: '0',
      AcquirerRefData: '1',
      OrderNumber: reference.slice(0, 15),
      CustomOrderId: reference,
      AltMerchantName: config.merchantName,
      ForceNo3DS: '1',
      SaveToDataVault: '0',
      ...more,
    };
  }

  /**
   * A token sale's card fields: CardNumber and Expiration present and empty (AZUL's test site
   * refuses them absent, pyazul's finding), CVC only where the merchant's agreement asks for it.
   */
  const tokenFields = (token: string, cvv?: string) => ({
    CardNumber: '',
    Expiration: '',
    DataVaultToken: token,
    ...(config.tokenCvc && cvv ? { CVC: cvv } : {}),
  });

  async function sale(
    reference: string,
    amount: number,
    card: { CardNumber: string; Expiration: string; CVC?: string; DataVaultToken?: string },
    brand: string,
    last4: string,
  ): Promise<ChargeResult> {
    const answer = await call('', await saleBody(reference, amount, card));
    return chargeResultOf(answer, brand, last4, 'Sale');
  }

  /** The card of an answer that names it only masked ('424242******4242'). */
  const maskedCard = (answer: AzulAnswer) => {
    const masked = field(answer, 'CardNumber');
    return { brand: cardBrand(masked.replace(/\D/g, '').padEnd(6, '0')), last4: masked.slice(-4) };
  };

  /**
   * A 3-D Secure answer: the browser's next step ('3D2METHOD': the MethodForm; '3D': the challenge,
   * 3DS 2's creq or 3DS 1.0's PaReq and MD, posted with our TermUrl), or the final answer, with the
   * vault's token when the card was kept with it.
   */
  function secureResultOf(
    answer: AzulAnswer,
    card: { brand: string; last4: string },
    returnTo: AuthenticationReturn,
    operation: string,
  ): SecureChargeResult & { keptCard?: KeptCard } {
    const iso = isoOf(answer);
    const held = { approved: null, gatewayReference: field(answer, 'AzulOrderId'), ...card } as const;
    if (iso === '3D2METHOD') {
      const method = answer.ThreeDSMethod as AzulAnswer | undefined;
      const html = method ? field(method, 'MethodForm') : '';
      if (html) return { ...held, step: { kind: 'method', html } };
    }
    if (iso === '3D') {
      const challenge = (answer.ThreeDSChallenge ?? {}) as AzulAnswer;
      const url = field(challenge, 'RedirectPostUrl');
      const creq = field(challenge, 'CReq', 'creq');
      const fields: Record<string, string> = creq
        ? { creq, TermUrl: returnTo.termUrl }
        : { PaReq: field(challenge, 'PaReq'), MD: field(challenge, 'MD'), TermUrl: returnTo.termUrl };
      if (url) return { ...held, step: { kind: 'challenge', url, fields } };
    }
    if (iso === '3D' || iso === '3D2METHOD')
      log.error({ operation, iso }, 'AZUL asked for a 3-D Secure step without its form');
    const result = chargeResultOf(answer, card.brand, card.last4, operation);
    const token = field(answer, 'DataVaultToken');
    const expiration = field(answer, 'DataVaultExpiration');
    return result.approved && token && expiration
      ? {
          ...result,
          keptCard: { token, brand: result.brand, last4: result.last4, expiry: appExpiry(expiration) },
        }
      : result;
  }

  async function verify(customOrderId: string): Promise<AzulAnswer | null> {
    const answer = await call('VerifyPayment', { ...merchant(), CustomOrderId: customOrderId });
    if (answer.ResponseCode === 'Error' && answer.Found === undefined)
      throw new Error(`AZUL VerifyPayment: ${field(answer, 'ErrorDescription') || 'error'}`);
    const found = answer.Found;
    if (found === false || found === 'false' || found === 'no' || found === 'False') return null;
    return answer;
  }

  return {
    name: 'azul',
    merchant: `azul:${config.merchantId}`,
    // Until AZUL's timeout has passed, a 'not found' may still become an approval (issue 43).
    answerWithinMs: config.timeoutMs,
    savedCardCvv: Boolean(config.tokenCvc),
    async charge({ card, amount, reference }: { card: CardDetails; amount: number; reference: string }) {
      const digits = card.number.replace(/\D/g, '');
      return sale(
        reference,
        amount,
        { CardNumber: digits, Expiration: azulExpiration(card.expiry), CVC: card.cvv },
        cardBrand(digits),
        digits.slice(-4),
      );
    },
    async lookup(reference) {
      const answer = await verify(reference);
      if (!answer) return null;
      // Held for 3DS: approved only if the app takes the next step (its own wait decides).
      if (isoOf(answer) === '3D' || isoOf(answer) === '3D2METHOD')
        throw new ChargeAwaitingAuthentication(reference);
      const { brand, last4 } = maskedCard(answer);
      return chargeResultOf(answer, brand, last4, 'VerifyPayment');
    },
    secure: {
      async charge({ card, amount, reference, returnTo, cardholder, keepCard }) {
        // A kept card is a token sale, which AZUL runs through 3-D Secure as a typed card's (DOC L1826).
        const kept = isKeptCard(card);
        const digits = kept ? '' : card.number.replace(/\D/g, '');
        // AZUL's advice: leave out what is blank rather than send it empty.
        const holder: Record<string, string> = Object.fromEntries(
          Object.entries({ Name: cardholder.name, Email: cardholder.email, PhoneMobile: cardholder.phone })
            .map(([key, value]): [string, string] => [key, value?.trim() ?? ''])
            .filter(([, value]) => value !== ''),
        );
        const body = await saleBody(
          reference,
          amount,
          kept
            ? tokenFields(card.token, card.cvv)
            : { CardNumber: digits, Expiration: azulExpiration(card.expiry), CVC: card.cvv },
          {
            ForceNo3DS: '0',
            SaveToDataVault: keepCard && !kept ? '1' : '0',
            ThreeDSAuth: {
              TermUrl: returnTo.termUrl,
              MethodNotificationUrl: returnTo.methodNotificationUrl,
              RequestorChallengeIndicator: '01',
            },
            CardHolderInfo: holder,
          },
        );
        const answer = await call('', body);
        return secureResultOf(
          answer,
          kept
            ? { brand: card.brand, last4: card.last4 }
            : { brand: cardBrand(digits), last4: digits.slice(-4) },
          returnTo,
          'Sale',
        );
      },
      async resume({ reference, gatewayReference, amount, returnTo, input }) {
        const order = { ...merchant(), AzulOrderId: gatewayReference };
        const [operation, body] =
          'method' in input
            ? [
                'processthreedsmethod',
                {
                  ...order,
                  MethodNotificationStatus: input.method,
                  // Not in AZUL's table; pyazul added them after 'SGS-030056' answers in production.
                  Amount: minorUnits(amount),
                  Itbis: await itbisMinor(amount),
                  OrderNumber: reference.slice(0, 15),
                  Currency: 'DOP',
                },
              ]
            : 'cres' in input
              ? ['processthreedschallenge', { ...order, CRes: input.cres }]
              : ['processthreedschallenge', { ...order, PaRes: input.paRes, MD: input.md }];
        const answer = await call(operation, body);
        return secureResultOf(answer, maskedCard(answer), returnTo, operation);
      },
    },
    async refund({ reference, amount, key = reference }): Promise<RefundResult> {
      const sold = await verify(reference);
      if (!sold || isoOf(sold) !== '00')
        return { refunded: false, message: 'AZUL no tiene una venta aprobada con esta referencia.' };
      const azulOrderId = field(sold, 'AzulOrderId');
      const soldAmount = Number(sold.Amount ?? 0);
      const soldAt = azulDateTime(sold.DateTime);
      const whole = Number(minorUnits(amount)) >= soldAmount;
      const young = soldAt !== null && clock().getTime() - soldAt.getTime() < AZUL_VOID_WINDOW_MS;
      if (whole && young) {
        const voided = await call('ProcessVoid', { ...merchant(), AzulOrderId: azulOrderId });
        const iso = isoOf(voided);
        if (iso === '00') return { refunded: true, refundReference: `VOID-${azulOrderId}` };
        // A repeat of our own void: AZUL says it was voided already.
        if (/already been voided/i.test(field(voided, 'ErrorDescription')))
          return { refunded: true, refundReference: `VOID-${azulOrderId}` };
        log.warn({ error: field(voided, 'ErrorDescription', 'ResponseMessage') }, 'AZUL void refused');
        // Past AZUL's window after all: a refund does it.
      }
      // A refund asked before with this key answers as it did (VerifyPayment by its CustomOrderId).
      const earlier = await verify(key);
      if (earlier && isoOf(earlier) === '00')
        return { refunded: true, refundReference: field(earlier, 'AzulOrderId') || key };
      const itbis = (await options.itbisOf?.(amount)) ?? 0;
      const answer = await call('', {
        ...merchant(),
        AzulOrderId: azulOrderId,
        TrxType: 'Refund',
        PosInputMode: POS_INPUT_MODE,
        Amount: minorUnits(amount),
        Itbis: itbis > 0 ? minorUnits(itbis) : '000',
        CurrencyPosCode: '$',
        AcquirerRefData: '1',
        OrderNumber: reference.slice(0, 15),
        CustomOrderId: key,
      });
      if (isoOf(answer) === '00')
        return { refunded: true, refundReference: field(answer, 'AzulOrderId') || key };
      const why = field(answer, 'ErrorDescription', 'ResponseMessage');
      log.warn({ error: why }, 'AZUL refund refused');
      return {
        refunded: false,
        message: /already been returned|exceeds original amount/i.test(why)
          ? 'AZUL admite una sola devolución por venta y nunca mayor que la venta: haga el reembolso desde el portal de AZUL.'
          : 'AZUL no aceptó el reembolso.',
      };
    },
    async saveCard({ card }): Promise<SaveCardResult> {
      const digits = card.number.replace(/\D/g, '');
      const answer = await call('ProcessDatavault', {
        ...merchant(),
        CardNumber: digits,
        Expiration: azulExpiration(card.expiry),
        CVC: card.cvv,
        TrxType: 'CREATE',
      });
      if (answer.ResponseCode === 'Error' || isoOf(answer) !== '00') {
        if (answer.ResponseCode === 'Error')
          log.error({ error: field(answer, 'ErrorDescription') }, 'AZUL DataVault CREATE not processed');
        return answer.ResponseCode === 'Error'
          ? { saved: false, reason: 'declined', message: CARD_MESSAGES.gatewayError }
          : { saved: false, ...refusalOf(answer) };
      }
      const expiration = field(answer, 'Expiration', 'DataVaultExpiration') || azulExpiration(card.expiry);
      return {
        saved: true,
        token: field(answer, 'DataVaultToken'),
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expiry: appExpiry(expiration),
      };
    },
    async chargeSaved({ token, amount, reference, cvv }) {
      return sale(reference, amount, tokenFields(token, cvv), 'Tarjeta', '');
    },
    async deleteCard(token) {
      const answer = await call('ProcessDatavault', {
        ...merchant(),
        DataVaultToken: token,
        TrxType: 'DELETE',
      });
      if (isoOf(answer) !== '00' && !/does not exist/i.test(field(answer, 'ErrorDescription')))
        throw new Error(
          `AZUL DataVault DELETE: ${field(answer, 'ErrorDescription', 'ResponseMessage') || 'refused'}`,
        );
    },
  };
}
