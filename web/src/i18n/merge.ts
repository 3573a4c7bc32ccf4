/** A message catalogue: nested groups of texts. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/**
 * The web's own catalogue with the shared messages of the contract merged in, group by group
 * (both have `errors`). On a clash the shared text wins: it is what the server says for the same
 * check (the catalogue test keeps the web from repeating a shared key).
 */
export function withSharedMessages(own: Catalogue, shared: Catalogue): Catalogue {
  const merged: Catalogue = { ...own };
  for (const [key, value] of Object.entries(shared)) {
    const mine = merged[key];
    merged[key] =
      typeof value === 'object' && typeof mine === 'object'
        ? withSharedMessages(mine, value)
        : value;
  }
  return merged;
}
