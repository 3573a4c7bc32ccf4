import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL clusters of a test's own, on Debian's server binaries (the point-in-time restore
 * and the read replica tests): where the binaries are, whom the cluster runs as, and a wait.
 */

/** The newest PostgreSQL server binaries of Debian's packages (/usr/lib/postgresql/<version>/bin). */
export function postgresBinaries(): string {
  const found = findPostgresBinaries();
  if (!found) {
    throw new Error(
      'no PostgreSQL server under /usr/lib/postgresql/<version>/bin (Debian: apt-get install postgresql)',
    );
  }
  return found;
}

/** As postgresBinaries, or undefined when there are none (a test that skips itself). */
export function findPostgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length === 0 ? undefined : path.join(root, versions[0], 'bin');
}

/** initdb, PostgreSQL and pgBackRest refuse root: as root, the cluster runs as `postgres`. */
export function clusterUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const [uid, gid] = [id('-u'), id('-g')];
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('running as root, but there is no user postgres to run the cluster as');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Polls `probe` until it returns a value other than undefined (errors count as not yet). */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
