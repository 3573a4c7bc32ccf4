import os from 'node:os';
import {
  loadConfig,
  ConfigError,
  directDatabaseUrl,
  photoWorkers,
  shutdownDrainMs,
  smsTransport,
} from './config';

describe('loadConfig', () => {
  it('applies the documented defaults when only the database is given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' });
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.NODE_ENV).toBe('development');
  });

  it('stops with a message naming DATABASE_URL when it is missing', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://h/x', PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('takes port 0, any free port the kernel gives (the process then tells the port it got)', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://h/x', PORT: '0' }).PORT).toBe(0);
  });

  it('reaches PostgreSQL itself through DATABASE_DIRECT_URL, else through DATABASE_URL (empty counts as unset)', () => {
    const pooled = 'postgresql://postgres@pgbouncer:6432/x';
    const direct = 'postgresql://postgres@postgres:5432/x';
    expect(
      directDatabaseUrl(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct })),
    ).toBe(direct);
    expect(directDatabaseUrl(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: '' }))).toBe(
      pooled,
    );
    expect(directDatabaseUrl(loadConfig({ DATABASE_URL: pooled }))).toBe(pooled);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'mysql://h/x' })).toThrow(
      /DATABASE_DIRECT_URL must start with postgresql:\/\//,
    );
  });

  it('reads DATABASE_REPLICA_URL as a list of replicas, none when it is empty', () => {
    const base = { DATABASE_URL: 'postgresql://h/x' };
    expect(loadConfig(base).DATABASE_REPLICA_URL).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_REPLICA_URL: '' }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(
      loadConfig({
        ...base,
        DATABASE_REPLICA_URL: 'postgresql://r1:5432/x, postgresql://r2:5432/x',
      }).DATABASE_REPLICA_URL,
    ).toEqual(['postgresql://r1:5432/x', 'postgresql://r2:5432/x']);
    expect(loadConfig(base)).toMatchObject({
      DATABASE_REPLICA_MAX_LAG_MS: 5000,
      DATABASE_REPLICA_CHECK_MS: 1000,
    });
    expect(() =>
      loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgresql://r1/x,mysql://r2/x' }),
    ).toThrow(/DATABASE_REPLICA_URL must be postgresql:\/\/ URLs/);
  });

  it('refuses a Redis URL of the wrong scheme', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://h/x', REDIS_URL: 'http://x' })).toThrow(
      /REDIS_URL must start with redis:\/\//,
    );
  });

  it('decodes photos on one thread fewer than the cores (1 to 4) unless PHOTO_WORKERS says otherwise; 0 is inline', () => {
    const base = { DATABASE_URL: 'postgresql://h/x' };
    const cores = jest.spyOn(os, 'availableParallelism');
    try {
      for (const [available, threads] of [
        [1, 1],
        [2, 1],
        [4, 3],
        [16, 4],
      ]) {
        cores.mockReturnValue(available);
        expect(photoWorkers(loadConfig({ ...base, PHOTO_WORKERS: '' }))).toBe(threads);
      }
    } finally {
      cores.mockRestore();
    }
    expect(photoWorkers(loadConfig({ ...base, PHOTO_WORKERS: '0' }))).toBe(0);
    expect(photoWorkers(loadConfig({ ...base, PHOTO_WORKERS: '6' }))).toBe(6);
    expect(() => loadConfig({ ...base, PHOTO_WORKERS: 'many' })).toThrow(/PHOTO_WORKERS/);
  });
});

describe('loadConfig: safe production defaults', () => {
  const base = { DATABASE_URL: 'postgresql://h/x' };
  const production = {
    ...base,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example:25',
    APP_URL: 'https://vonkje.example',
    MEDIA_SECRET: 'k'.repeat(40),
    STAFF_SECRET_KEY: 's'.repeat(40),
    MAIL_LINK_SECRET: 'm'.repeat(40),
    ALTCHA_HMAC_KEY: 'a'.repeat(40),
    PAYMENT_PROVIDER: 'mollie',
    MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz1234',
  };

  it.each(['SMTP_URL', 'APP_URL'] as const)('refuses to start in production without %s', (key) => {
    const env: Record<string, string> = { ...production };
    delete env[key];
    expect(() => loadConfig(env)).toThrow(
      new RegExp(`${key} is required when NODE_ENV=production`),
    );
  });

  it('refuses to start in production with a short or development media secret', () => {
    expect(() => loadConfig({ ...production, MEDIA_SECRET: 'short-but-16-chars!' })).toThrow(
      /MEDIA_SECRET/,
    );
    const env: Record<string, string> = { ...production };
    delete env.MEDIA_SECRET;
    expect(() => loadConfig(env)).toThrow(/MEDIA_SECRET/);
  });

  it.each(['STAFF_SECRET_KEY', 'MAIL_LINK_SECRET', 'ALTCHA_HMAC_KEY'] as const)(
    'refuses to start in production without its own %s',
    (key) => {
      const env: Record<string, string> = { ...production };
      delete env[key];
      expect(() => loadConfig(env)).toThrow(new RegExp(`${key} must be a random value`));
      expect(() => loadConfig({ ...production, [key]: production.MEDIA_SECRET })).toThrow(
        /must be different values/,
      );
    },
  );

  it('refuses the sandbox payment provider in production unless a demo site asks for it', () => {
    const env: Record<string, string> = { ...production };
    delete env.PAYMENT_PROVIDER;
    delete env.MOLLIE_API_KEY;
    expect(() => loadConfig(env)).toThrow(/PAYMENT_PROVIDER=sandbox lets anyone/);
    expect(loadConfig({ ...env, ALLOW_SANDBOX_PAYMENTS: 'true' }).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('needs a Mollie API key with the Mollie provider, anywhere', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'mollie' })).toThrow(
      /MOLLIE_API_KEY is required/,
    );
    expect(() =>
      loadConfig({ ...base, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'abc' }),
    ).toThrow(/must start with live_ or test_/);
    expect(loadConfig({ ...base, MOLLIE_API_KEY: '' }).MOLLIE_API_KEY).toBeUndefined();
  });

  it('keeps SMS codes out of the log in production: no dev transport, direct debit off by default', () => {
    expect(() => loadConfig({ ...production, SMS_TRANSPORT: 'dev' })).toThrow(/SMS_TRANSPORT=dev/);
    expect(smsTransport(loadConfig(production))).toBe('none');
    expect(smsTransport(loadConfig(base))).toBe('dev');
  });

  const twilio = {
    SMS_TRANSPORT: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
    TWILIO_AUTH_TOKEN: 'a-token',
    SMS_SENDER: 'Vonkje',
  };

  it('sends SMS through Twilio in production once its account, token and sender are set', () => {
    expect(smsTransport(loadConfig({ ...production, ...twilio }))).toBe('twilio');
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_SENDER'] as const) {
      expect(() => loadConfig({ ...production, ...twilio, [key]: '' })).toThrow(
        new RegExp(`${key} is required with SMS_TRANSPORT=twilio`),
      );
    }
  });

  it.each([
    ['+3197010281234', true],
    ['Vonkje', true],
    [`MG${'ab'.repeat(16)}`, true],
    ['0612345678', false],
    ['Vonkje dating site', false],
    ['!!', false],
  ])('takes %s as an SMS sender: %s', (sender, ok) => {
    const load = () => loadConfig({ ...base, ...twilio, SMS_SENDER: sender });
    if (ok) expect(load().SMS_SENDER).toBe(sender);
    else expect(load).toThrow(/SMS_SENDER is an E.164 number/);
  });

  it('refuses a Twilio account SID that is not AC and 32 hex digits', () => {
    expect(() => loadConfig({ ...base, ...twilio, TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(
      /TWILIO_ACCOUNT_SID is AC followed by 32 hex digits/,
    );
  });

  it('refuses a bcrypt cost below 10 in production', () => {
    expect(() => loadConfig({ ...production, BCRYPT_COST: '8' })).toThrow(/BCRYPT_COST/);
    expect(loadConfig({ ...production }).BCRYPT_COST).toBe(12);
  });

  it('drains a stopping API process for 7 s in production and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says otherwise', () => {
    expect(shutdownDrainMs(loadConfig(production))).toBe(7000);
    expect(shutdownDrainMs(loadConfig(base))).toBe(0);
    expect(shutdownDrainMs(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '12000' }))).toBe(12000);
    // compose's empty ${SHUTDOWN_DRAIN_MS:-} keeps the default
    expect(shutdownDrainMs(loadConfig({ ...production, SHUTDOWN_DRAIN_MS: '' }))).toBe(7000);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('refuses TRUST_PROXY=true, which would trust addresses that clients write', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.0/8, 192.0.2.7', ['10.0.0.0/8', '192.0.2.7']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%s as %j', (value, expected) => {
    const env: Record<string, string> = { ...base };
    if (value !== undefined) env.TRUST_PROXY = value;
    expect(loadConfig(env).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a TRUST_PROXY entry that is not an address', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example' })).toThrow(/proxy\.example/);
  });
});
