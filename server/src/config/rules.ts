import type { z } from 'zod';
import type { variables } from './variables';

type Variables = z.output<typeof variables>;

/** What production needs beyond each variable's own check: no development defaults or tools. */
export function productionRules(config: Variables, ctx: z.RefinementCtx<Variables>): void {
  if (config.NODE_ENV !== 'production') return;
  for (const key of ['SMTP_URL', 'APP_URL'] as const) {
    if (!config[key]) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is required when NODE_ENV=production`,
      });
    }
  }
  for (const key of [
    'MEDIA_SECRET',
    'STAFF_SECRET_KEY',
    'MAIL_LINK_SECRET',
    'ALTCHA_HMAC_KEY',
  ] as const) {
    if (config[key].length < 32 || config[key].startsWith('development-')) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message:
          `${key} must be a random value of at least 32 characters when NODE_ENV=production ` +
          '(e.g. openssl rand -base64 48)',
      });
    }
  }
  const secrets = [
    config.MEDIA_SECRET,
    config.STAFF_SECRET_KEY,
    config.MAIL_LINK_SECRET,
    config.ALTCHA_HMAC_KEY,
  ];
  if (new Set(secrets).size !== secrets.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['STAFF_SECRET_KEY'],
      message:
        'MEDIA_SECRET, STAFF_SECRET_KEY, MAIL_LINK_SECRET and ALTCHA_HMAC_KEY must be different ' +
        'values ' +
        'when NODE_ENV=production: each is rotated on its own',
    });
  }
  if (config.PAYMENT_PROVIDER === 'sandbox' && !config.ALLOW_SANDBOX_PAYMENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'PAYMENT_PROVIDER=sandbox lets anyone mark their own payments paid: set ' +
        'PAYMENT_PROVIDER=mollie with MOLLIE_API_KEY when NODE_ENV=production ' +
        '(or ALLOW_SANDBOX_PAYMENTS=true for a demo site)',
    });
  }
  if (config.SMS_TRANSPORT === 'dev') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_TRANSPORT'],
      message:
        'SMS_TRANSPORT=dev only logs codes: it is not for NODE_ENV=production ' +
        '(SMS_TRANSPORT=twilio with its credentials, or none to switch direct debit off)',
    });
  }
  if (config.BCRYPT_COST < 10) {
    ctx.addIssue({
      code: 'custom',
      path: ['BCRYPT_COST'],
      message: 'BCRYPT_COST must be at least 10 when NODE_ENV=production',
    });
  }
}

/** Variables that go together: timeouts in their order, key pairs, a transport's credentials. */
export function pairingRules(config: Variables, ctx: z.RefinementCtx<Variables>): void {
  if (config.DB_STATEMENT_TIMEOUT_MS >= config.DB_QUERY_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['DB_STATEMENT_TIMEOUT_MS'],
      message:
        'DB_STATEMENT_TIMEOUT_MS must be below DB_QUERY_TIMEOUT_MS: PostgreSQL cancels a slow ' +
        'statement before the client gives its connection up',
    });
  }
  if (!config.VAPID_PUBLIC_KEY !== !config.VAPID_PRIVATE_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: [config.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message:
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (npm run push:keys): set both or neither',
    });
  }
  if (config.SMS_TRANSPORT === 'twilio') {
    for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_SENDER'] as const) {
      if (!config[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required with SMS_TRANSPORT=twilio`,
        });
      }
    }
  }
  if (config.PAYMENT_PROVIDER === 'mollie' && !config.MOLLIE_API_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['MOLLIE_API_KEY'],
      message: 'MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie',
    });
  }
}
