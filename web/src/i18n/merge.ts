/** A message catalogue: nested groups of texts (a long text's lists of paragraphs are leaves). */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

function isGroup(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    merged[key] = isGroup(value) && isGroup(mine) ? withSharedMessages(mine, value) : value;
  }
  return merged;
}
