import type { ComponentType } from 'react';
import { CHUNK_RELOAD_GUARD_MS } from '../config/constants';

export const CHUNK_RELOAD_STORAGE_KEY = 'chunk-reload-at';

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Unable to preload CSS/i,
];

/** A page chunk that could not be loaded (usually: a new deploy replaced the old files). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message))
  );
}

export interface ReloadGuardDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  now?: number;
  reload?: () => void;
}

/**
 * On a chunk load error, reload the page: once, at most once per CHUNK_RELOAD_GUARD_MS (the time
 * of the last reload is kept in sessionStorage). Returns whether it reloaded.
 */
export function reloadOnceForChunkError(error: unknown, deps: ReloadGuardDeps = {}): boolean {
  if (!isChunkLoadError(error)) return false;
  const storage = deps.storage ?? window.sessionStorage;
  const now = deps.now ?? Date.now();
  const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? 0);
  if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}

/**
 * A route's `lazy` for a page module. When the import fails with a chunk error and the guard
 * allows, the page reloads (and the route waits forever); otherwise the error reaches the
 * route's errorElement, which shows the error page.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  deps?: ReloadGuardDeps,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      return { Component: pick(await load()) };
    } catch (error) {
      if (reloadOnceForChunkError(error, deps)) return new Promise<never>(() => {});
      throw error;
    }
  };
}
