import type { DiscoveryService, Reflector } from '@nestjs/core';

/**
 * The steps of a registry (the purge's, the export's): the instances of the running process's
 * providers whose class is marked with `key` (SetMetadata).
 */
export function markedProviders<T>(
  discovery: DiscoveryService,
  reflector: Reflector,
  key: string,
): T[] {
  return discovery
    .getProviders()
    .filter(
      (wrapper) =>
        wrapper.metatype &&
        wrapper.instance &&
        reflector.get<boolean>(key, wrapper.metatype as object as () => unknown),
    )
    .map((wrapper) => wrapper.instance as T);
}

/** The steps' `covers` as one list; a column two steps cover is a mistake, and throws. */
export function coveredOnce<C>(
  steps: { readonly covers: Record<string, C> }[],
  kind: 'purge' | 'export',
): Record<string, C> {
  const all: Record<string, C> = {};
  for (const step of steps) {
    for (const [column, coverage] of Object.entries(step.covers)) {
      if (column in all) throw new Error(`Two ${kind} steps cover ${column}`);
      all[column] = coverage;
    }
  }
  return all;
}
