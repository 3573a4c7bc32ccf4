import { Logger } from '@nestjs/common';
import { composeIBAN } from 'ibantools';
import * as twilio from './fixtures/twilio';
import { as, createPaymentsTestApp, ledgerMismatches, newMember } from './helpers/payments';
import { trustSelfSigned } from './helpers/mollie-server';
import { startTwilioServer, type TwilioAnswer, type TwilioRequest } from './helpers/twilio-server';
import type { TestApp } from './helpers/test-app';

const ACCOUNT = `AC${'5f3c0a9e1b2d4c6a'.repeat(2)}`;
const TOKEN = 'd6c1e0b2a4f8e9c7b3a5d2f1e0c9b8a7';

/**
 * Direct debit's SMS code through the twilio library against a stand-in for Twilio's REST API
 * (recorded answers, fixtures/twilio.ts): the request the library really sends, the code it
 * carries confirming the form, and Twilio's refusals as the member and the log see them.
 */
describe('SMS through Twilio', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startTwilioServer>>;
  let untrust: () => void;
  /** What the stand-in answers next (default: the message is created). */
  let answer: (request: TwilioRequest) => TwilioAnswer;
  const created = (request: TwilioRequest): TwilioAnswer => ({
    status: 201,
    body: twilio.messageCreated(ACCOUNT, `SM${'0'.repeat(31)}${server.requests.length}`, {
      To: request.form.To,
      Body: request.form.Body,
      From: request.form.From,
    }),
  });
  let starter: number;

  beforeAll(async () => {
    untrust = trustSelfSigned();
    server = await startTwilioServer((request) => answer(request));
    t = await createPaymentsTestApp({
      SMS_TRANSPORT: 'twilio',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_API_URL: server.url,
      SMS_SENDER: 'Vonkje',
    });
    starter = (await t.prisma.creditPackage.findUniqueOrThrow({ where: { slug: 'starter' } })).id;
  });
  beforeEach(() => {
    answer = created;
    server.requests.length = 0;
  });
  afterEach(async () => {
    expect(await ledgerMismatches(t)).toEqual([]);
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await t.close();
    await server.close();
    untrust();
  });

  let forms = 0;
  /** A form of its own account and mobile number (the limits count per IBAN and number). */
  const form = () => {
    forms += 1;
    const n = (process.pid * 100 + forms) % 1_000_000;
    return {
      package: starter,
      account_holder: 'Sanne de Vries',
      iban: composeIBAN({ countryCode: 'NL', bban: `RABO${String(n).padStart(10, '0')}` })!,
      street: 'Oudegracht',
      house_number: '12a',
      zip: '3511 AB',
      city: 'Utrecht',
      phone: `06-13${String(n).padStart(6, '0')}`,
      consent: true,
    };
  };
  const e164 = (phone: string) => `+316${phone.slice(3)}`;

  /** Every line the app logs while `run` runs. */
  async function logged(run: () => Promise<unknown>): Promise<string> {
    const lines: unknown[] = [];
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => {
        lines.push(args);
      });
    }
    await run();
    return JSON.stringify(lines);
  }

  it('texts the code with the account’s credentials, and that code confirms the form', async () => {
    const member = await newMember(t);
    const body = form();
    const started = await as(t, member).post('/api/directdebit.php', body, null).expect(201);

    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`,
    );
    expect(sent.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.headers['user-agent']).toMatch(/^twilio-node\//);
    expect(sent.form).toEqual({
      To: e164(body.phone),
      From: 'Vonkje',
      Body: expect.stringMatching(
        /^Je code voor de automatische incasso bij Vonkje: \d{6}\. De code is 10 minuten geldig\.$/,
      ),
    });

    const otp = /\d{6}/.exec(sent.form.Body)![0];
    const confirmed = await as(t, member)
      .post('/api/directdebit-confirm.php', { mandate: started.body.mandate.id, otp })
      .expect(201);
    expect(confirmed.body.payment).toMatchObject({ status: 'pending', method: 'sdd' });
  });

  it('answers a number Twilio refuses with the form’s phone error, and logs it without the number', async () => {
    answer = (request) => ({ status: 400, body: twilio.invalidTo(request.form.To) });
    const member = await newMember(t);
    const body = form();
    let res: { status: number; body: { error: string; message: string; field?: string } };
    const log = await logged(async () => {
      res = await as(t, member).post('/api/directdebit.php', body, null);
    });
    expect(res!.status).toBe(400);
    expect(res!.body).toMatchObject({
      error: 'invalid_phone',
      message: 'Ongeldig telefoonnummer.',
      field: 'phone',
    });
    expect(server.requests).toHaveLength(1);
    expect(log).toContain('code 21211, status 400');
    expect(log).not.toContain(e164(body.phone));
    expect(log).not.toContain(body.phone.slice(3));
    expect(log).not.toMatch(/\d{6}\. De code/);
  });

  it('makes direct debit unavailable for the moment when Twilio refuses the account, and says so in the log', async () => {
    answer = () => ({ status: 401, body: twilio.authenticate() });
    const member = await newMember(t);
    const body = form();
    let res: { status: number; body: { error: string } };
    const log = await logged(async () => {
      res = await as(t, member).post('/api/directdebit.php', body, null);
    });
    expect(res!.status).toBe(422);
    expect(res!.body.error).toBe('payment_method_unavailable');
    expect(log).toContain('SMS not sent (Twilio refused the text: code 20003, status 401)');
    expect(log).not.toContain(e164(body.phone));
  });
});
