import { STAFF_ACTIONS } from '@app/contract';
import { SUPPORTED_LANGUAGES } from '../../config/constants';
import { ADMIN_CATALOGUES } from './catalogues';

type Tree = { [key: string]: string | Tree };

/** The text at a dotted path of the console's catalogues (any part may bring it), if any. */
function textAt(parts: Tree[], path: string[]): string | undefined {
  for (const part of parts) {
    let node: string | Tree | undefined = part;
    for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
    if (typeof node === 'string' && node.trim() !== '') return node;
  }
  return undefined;
}

/**
 * Every action the server may write to the audit log (the contract's STAFF_ACTIONS: the type of
 * AuditRecord's `action`, so the server can write no other) has its readable name in the
 * console's catalogues, in all seven languages: the audit page's rows and its filter show them
 * (`audit.actions.<action with _ for .>`).
 */
describe('the audit log names', () => {
  it.each(SUPPORTED_LANGUAGES)('names every audit action in %s', async (language) => {
    const parts = (await Promise.all(ADMIN_CATALOGUES.map((part) => part[language]()))).map(
      (module) => module.default as Tree,
    );
    const unnamed = STAFF_ACTIONS.filter(
      (action) => textAt(parts, ['audit', 'actions', action.replace(/\./g, '_')]) === undefined,
    );
    expect(unnamed).toEqual([]);
  });

  it('names each action differently in Dutch', async () => {
    const parts = (await Promise.all(ADMIN_CATALOGUES.map((part) => part.nl()))).map(
      (module) => module.default as Tree,
    );
    const names = STAFF_ACTIONS.map((action) =>
      textAt(parts, ['audit', 'actions', action.replace(/\./g, '_')]),
    );
    expect(new Set(names).size).toBe(STAFF_ACTIONS.length);
  });
});
