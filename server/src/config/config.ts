import { z } from 'zod';

/**
 * The environment, validated once at start-up into one typed object. A missing or wrong
 * variable stops the process with a message naming it (see .env.example for every variable).
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string({ error: 'DATABASE_URL is required, e.g. postgresql://postgres@127.0.0.1:5432/dating' })
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgresql://'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis://')
    .default('redis://127.0.0.1:6379'),
  /** Public base URL used in e-mail links. */
  APP_URL: z.url('APP_URL must be a full URL such as http://localhost:3000').optional(),
  /** Built web app to serve; empty disables serving it (API only). */
  WEB_DIST_DIR: z.string().optional(),
  STORAGE_DIR: z.string().default('storage'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vonkje <noreply@vonkje.test>'),
  TRUST_PROXY: z.stringbool().default(false),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Abuse limits (429 rate_limited): signups and reset requests per IP per hour. */
  RATE_LIMIT_SIGNUPS_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESETS_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** Member cards a visitor (no session) may read per IP per hour. */
  RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR: z.coerce.number().int().min(1).default(300),
  /** E-mail change confirmation mails per member per day. */
  RATE_LIMIT_MAIL_CHANGES_PER_DAY: z.coerce.number().int().min(1).default(5),
});

export type AppConfig = z.infer<typeof schema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');

/** For the entry points: the configuration, or a clear message and exit code 1. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
