/** Where the journeys' site keeps its data, as tests/e2e/serve.mjs chooses it. */

/** The Playwright site's database. */
export function e2eDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dating');
  url.pathname = `/${process.env.E2E_DATABASE ?? 'dating_e2e'}`;
  return url.toString();
}

/** The seeding service's port: beside the site's two app processes (E2E_PORT and the next). */
export function seedServicePort(): number {
  return Number(process.env.E2E_PORT ?? 3100) + 2;
}

/**
 * The port of the push service stand-in a push journey starts in its test
 * (`PushService.start({ port: pushServicePort() })`, tests/support/push-service.ts): the site
 * accepts push endpoints there (serve.mjs sets PUSH_ENDPOINT_HOSTS).
 */
export function pushServicePort(): number {
  return Number(process.env.E2E_PORT ?? 3100) + 3;
}
