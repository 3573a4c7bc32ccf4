import os from 'node:os';
import type { z } from 'zod';
import { pairingRules, productionRules } from './rules';
import { variables } from './variables';

/**
 * The environment, validated once at start-up into one typed object. A missing or wrong
 * variable stops the process with a message naming it (see .env.example for every variable):
 * each variable's own check (variables.ts), then the rules between them (rules.ts).
 */
const schema = variables.superRefine(productionRules).superRefine(pairingRules);

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

/** Cookies are Secure when the site's public address is https (not when NODE_ENV says so). */
export function secureCookies(config: Pick<AppConfig, 'APP_URL'>): boolean {
  return config.APP_URL?.startsWith('https:') ?? false;
}

/** OpenAPI and source maps are public outside production unless API_DOCS says otherwise. */
export function apiDocsEnabled(config: Pick<AppConfig, 'API_DOCS' | 'NODE_ENV'>): boolean {
  return config.API_DOCS ?? config.NODE_ENV !== 'production';
}

/**
 * The development outbox (/dev/outbox) is served only in development, only when mails are kept
 * locally (no SMTP_URL), and only to clients on this machine.
 */
export function devOutboxEnabled(config: Pick<AppConfig, 'NODE_ENV' | 'SMTP_URL'>): boolean {
  return config.NODE_ENV === 'development' && !config.SMTP_URL;
}

/** How SMS codes are sent: SMS_TRANSPORT, else dev outside production and none in it. */
export function smsTransport(config: Pick<AppConfig, 'NODE_ENV' | 'SMS_TRANSPORT'>) {
  return config.SMS_TRANSPORT ?? (config.NODE_ENV === 'production' ? 'none' : 'dev');
}

/**
 * How long a stopping API process keeps answering while not ready (SHUTDOWN_DRAIN_MS), each
 * answer closing its connection: 7 s in production, nothing elsewhere.
 */
export function shutdownDrainMs(config: Pick<AppConfig, 'NODE_ENV' | 'SHUTDOWN_DRAIN_MS'>) {
  return config.SHUTDOWN_DRAIN_MS ?? (config.NODE_ENV === 'production' ? 7000 : 0);
}

/**
 * PostgreSQL without the pooler: DATABASE_DIRECT_URL, else DATABASE_URL. For what must keep one
 * server session beyond a transaction (the realtime LISTEN; migrations read it themselves).
 */
export function directDatabaseUrl(config: Pick<AppConfig, 'DATABASE_URL' | 'DATABASE_DIRECT_URL'>) {
  return config.DATABASE_DIRECT_URL ?? config.DATABASE_URL;
}

/**
 * How many worker threads decode photos (PHOTO_WORKERS): unset, one fewer than the cores (the
 * request thread keeps one), at least 1 and at most 4 (each thread keeps libheif's memory).
 */
export function photoWorkers(config: Pick<AppConfig, 'PHOTO_WORKERS'>): number {
  return config.PHOTO_WORKERS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1));
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
