// 3-D Secure 2 through the AZUL adapter against the stand-in (issue 21): AZUL's four test-card
// scenarios (frictionless with and without the method form, challenge with and without it), the
// simulator's answers (Yes, No, Attempt, Rejected, Unavailable), a sale held for 3DS that
// VerifyPayment must not read as a decline, AZUL's repost and time-frame refusals, and the card
// kept in DataVault with a 3DS approval.
import { AUTHENTICATION_MESSAGES } from '../../src/domain/authentication.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { azulGatewayFor, testCard } from '../testing/azul.ts';
import type { ACS_OUTCOMES } from '../testing/azul-standin.ts';
import { AZUL_TEST_CARDS, startAzulStandin, type AzulStandin } from '../testing/azul-standin.ts';
import {
  ChargeAwaitingAuthentication,
  type AuthenticationInput,
  type AuthenticationNeeded,
  type SecureCharging,
  type SecureChargeResult,
} from '../../src/core/checkout/gateway.ts';
import { CARD_MESSAGES } from '../../src/domain/cards.ts';

let standin: AzulStandin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const returnTo = {
  termUrl: 'https://escuela.example/api/v1/autenticacion-3ds/s1/fin',
  methodNotificationUrl: 'https://escuela.example/api/v1/autenticacion-3ds/s1/metodo',
};
const cardholder = { name: 'Carmen Rodríguez', email: 'carmen@example.com', phone: ' ' };

async function setup() {
  standin = await startAzulStandin();
  const gateway = azulGatewayFor(standin);
  return { s: standin, gateway, secure: gateway.secure! };
}

const chargeWith = (secure: SecureCharging, number: string, amount = 4_700, reference = '2001') =>
  secure.charge({
    amount,
    currency: 'DOP',
    card: testCard(number, '999'),
    reference,
    returnTo,
    cardholder,
  });

/** Goes on with a held sale of 4,700 after its 3DS step, as the return from the step would. */
const resumeWith = (
  secure: SecureCharging,
  reference: string,
  step: AuthenticationNeeded,
  input: AuthenticationInput,
) => secure.resume({ reference, gatewayReference: step.gatewayReference, amount: 4_700, returnTo, input });

function held(result: SecureChargeResult): AuthenticationNeeded {
  if (result.approved !== null) throw new Error(`expected a 3DS step, got ${JSON.stringify(result)}`);
  return result;
}

/** What the simulator posts to the TermUrl when the cardholder picks `outcome` (as a browser would). */
async function answerChallenge(result: AuthenticationNeeded, outcome: keyof typeof ACS_OUTCOMES) {
  if (result.step.kind !== 'challenge') throw new Error('not a challenge');
  const page = await fetch(result.step.url, {
    method: 'POST',
    body: new URLSearchParams(result.step.fields),
  });
  expect(await page.text()).toContain('Simulador 3D Secure');
  const posted = await fetch(new URL('/acs/answer', result.step.url), {
    method: 'POST',
    body: new URLSearchParams({ ...result.step.fields, outcome }),
  });
  const html = await posted.text();
  expect(html).toContain(`action="${returnTo.termUrl}"`);
  return /name="cRes" value="([^"]+)"/.exec(html)![1]!;
}

describe('3-D Secure 2 through AZUL', () => {
  it('asks with ThreeDSAuth and CardHolderInfo (blank fields left out); frictionless without a method form approves at once', async () => {
    const { s, secure } = await setup();
    const result = await chargeWith(secure, AZUL_TEST_CARDS.frictionless.number);
    expect(result).toMatchObject({ approved: true, last4: '0117' });
    expect(s.received[0]!.body).toMatchObject({
      ForceNo3DS: '0',
      ThreeDSAuth: {
        TermUrl: returnTo.termUrl,
        MethodNotificationUrl: returnTo.methodNotificationUrl,
        RequestorChallengeIndicator: '01',
      },
      CardHolderInfo: { Name: 'Carmen Rodríguez', Email: 'carmen@example.com' },
    });
    expect(s.received[0]!.body.CardHolderInfo).not.toHaveProperty('PhoneMobile');
  });

  it('runs the method form, then goes on with RECEIVED: frictionless approval; the sale held meanwhile is never read as a decline', async () => {
    const { s, gateway, secure } = await setup();
    const first = held(await chargeWith(secure, AZUL_TEST_CARDS.frictionlessWithMethod.number));
    expect(first.step.kind).toBe('method');
    expect(first.step.kind === 'method' && first.step.html).toContain(`${s.acsUrl}/acs/method`);
    await expect(gateway.lookup('2001')).rejects.toBeInstanceOf(ChargeAwaitingAuthentication);
    const final = await resumeWith(secure, '2001', first, { method: 'RECEIVED' });
    expect(final).toMatchObject({ approved: true, gatewayReference: first.gatewayReference });
    expect(s.transactions[0]!.threeDS?.methodStatus).toBe('RECEIVED');
    expect(await gateway.lookup('2001')).toMatchObject({ approved: true });
    // AZUL refuses the same step twice: not processed, nothing charged again.
    const again = await resumeWith(secure, '2001', first, { method: 'RECEIVED' });
    expect(again).toMatchObject({ approved: false, message: CARD_MESSAGES.gatewayError });
  });

  it('a challenge at once: the simulator page, then Yes approves, Attempt approves', async () => {
    const { secure } = await setup();
    for (const [reference, outcome] of [
      ['2002', 'Yes'],
      ['2003', 'Attempt'],
    ] as const) {
      const first = held(await chargeWith(secure, AZUL_TEST_CARDS.challenge.number, 4_700, reference));
      expect(first.step).toMatchObject({ kind: 'challenge', fields: { TermUrl: returnTo.termUrl } });
      expect(first.step.kind === 'challenge' && first.step.fields.creq).toBeTruthy();
      const cres = await answerChallenge(first, outcome);
      const final = await resumeWith(secure, reference, first, { cres });
      expect(final).toMatchObject({ approved: true, last4: '0059' });
    }
  });

  it('No, Rejected and Unavailable decline as not authenticated (another card), and none charges', async () => {
    const { s, secure } = await setup();
    let n = 0;
    for (const outcome of ['No', 'Rejected', 'Unavailable'] as const) {
      const reference = `201${n++}`;
      const first = held(await chargeWith(secure, AZUL_TEST_CARDS.challenge.number, 4_700, reference));
      const final = await resumeWith(secure, reference, first, {
        cres: await answerChallenge(first, outcome),
      });
      expect(final).toMatchObject({ approved: false, message: AUTHENTICATION_MESSAGES.notAuthenticated });
    }
    expect(s.transactions.map((transaction) => transaction.IsoCode)).toEqual(['99', '99', '08']);
  });

  it('the method form then a challenge; a late or repeated step is refused', async () => {
    const { s, secure } = await setup();
    // The challenge-with-method card is AZUL's limited Visa: authenticated, then declined above RD$75.
    const first = held(await chargeWith(secure, AZUL_TEST_CARDS.challengeWithMethod.number, 4_700));
    expect(first.step.kind).toBe('method');
    const second = held(await resumeWith(secure, '2001', first, { method: 'EXPECTED_BUT_NOT_RECEIVED' }));
    expect(second.step.kind).toBe('challenge');
    expect(s.transactions[0]!.threeDS?.methodStatus).toBe('EXPECTED_BUT_NOT_RECEIVED');
    const final = await resumeWith(secure, '2001', first, { cres: await answerChallenge(second, 'Yes') });
    expect(final).toMatchObject({ approved: false, message: CARD_MESSAGES.insufficientFunds });

    // Past AZUL's 3DS time frame: not processed.
    const late = held(await chargeWith(secure, AZUL_TEST_CARDS.challenge.number, 4_700, '2005'));
    const cres = await answerChallenge(late, 'Yes');
    s.advance(11);
    const expired = await resumeWith(secure, '2005', late, { cres });
    expect(expired).toMatchObject({ approved: false, message: CARD_MESSAGES.gatewayError });
  });

  it('keeps the card in DataVault with the 3DS approval when asked (autopay), and the token charges', async () => {
    const { s, gateway, secure } = await setup();
    const first = held(
      await secure.charge({
        amount: 4_700,
        currency: 'DOP',
        card: testCard(AZUL_TEST_CARDS.challenge.number, '999', '082031'),
        reference: '2006',
        returnTo,
        cardholder,
        keepCard: true,
      }),
    );
    expect(s.received[0]!.body.SaveToDataVault).toBe('1');
    const final = await resumeWith(secure, '2006', first, { cres: await answerChallenge(first, 'Yes') });
    expect(final).toMatchObject({ approved: true, keptCard: { last4: '0059', expiry: '082031' } });
    const token = final.approved === true ? final.keptCard!.token : '';
    expect(
      await gateway.chargeSaved({ token, amount: 1_000, currency: 'DOP', reference: '2006-2' }),
    ).toMatchObject({
      approved: true,
    });
  });
});
