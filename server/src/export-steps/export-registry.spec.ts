import type { DiscoveryService, Reflector } from '@nestjs/core';
import type { PurgeRegistry } from '../purge';
import {
  EXPORT_FILES,
  ExportRegistry,
  mergeParts,
  type ExportPart,
  type ExportStep,
} from './export-registry';

/** A registry over these steps (all marked), the database's member columns being `columns`. */
function registryOf(steps: ExportStep[], columns: string[] = []): ExportRegistry {
  const discovery = {
    getProviders: () => steps.map((instance) => ({ metatype: class {}, instance })),
  } as unknown as DiscoveryService;
  const reflector = { get: () => true } as unknown as Reflector;
  const purge = { memberColumns: () => Promise.resolve(columns) } as unknown as PurgeRegistry;
  return new ExportRegistry(discovery, reflector, purge);
}

/** Every file of the ZIP but these, written whole as `[]`. */
const theRest = (...but: string[]): ExportPart => ({
  json: Object.fromEntries(EXPORT_FILES.filter((f) => !but.includes(f)).map((f) => [f, []])),
});

describe('the export registry', () => {
  it('merges the sections several steps write into one file, and keeps the ZIP’s order', () => {
    const { json, files } = mergeParts([
      { sections: { 'account.json': { account: { id: 1 } } } },
      theRest('account.json', 'photos.json'),
      {
        sections: { 'account.json': { consents: [] } },
        json: { 'photos.json': [{ id: 7 }] },
        files: [{ kind: 'photos', name: 'a.webp', path: 'photos/a.webp' }],
      },
    ]);
    expect(json['account.json']).toEqual({ account: { id: 1 }, consents: [] });
    expect(json['photos.json']).toEqual([{ id: 7 }]);
    expect(Object.keys(json)).toEqual([...EXPORT_FILES]);
    expect(files).toEqual([{ kind: 'photos', name: 'a.webp', path: 'photos/a.webp' }]);
  });

  it('refuses a file written twice, a section named twice, and a file no step writes', () => {
    expect(() => mergeParts([theRest(), { json: { 'likes.json': [] } }])).toThrow(
      'Two export steps write likes.json',
    );
    expect(() => mergeParts([theRest(), { sections: { 'likes.json': { given: [] } } }])).toThrow(
      'Two export steps write likes.json',
    );
    expect(() =>
      mergeParts([
        theRest('account.json'),
        { sections: { 'account.json': { consents: [] } } },
        { sections: { 'account.json': { consents: [] } } },
      ]),
    ).toThrow('Two export steps write account.json → consents');
    expect(() => mergeParts([theRest('staff_notes.json')])).toThrow(
      'No export step writes staff_notes.json',
    );
  });

  it('derives the coverage from the steps, and refuses a column two steps cover', () => {
    const registry = registryOf([
      { covers: { 'likes.liker_id': 'file: likes.json' } },
      { covers: { 'blocks.blocked_id': 'omit: another member’s private choice' } },
    ]);
    expect(registry.coverage()).toEqual({
      'likes.liker_id': 'file: likes.json',
      'blocks.blocked_id': 'omit: another member’s private choice',
    });
    expect(() =>
      registryOf([
        { covers: { 'likes.liker_id': 'file: likes.json' } },
        { covers: { 'likes.liker_id': 'omit: twice, by mistake' } },
      ]).coverage(),
    ).toThrow('Two export steps cover likes.liker_id');
  });

  it('builds no export while a column pointing at members has no export entry', async () => {
    let read = false;
    const registry = registryOf(
      [
        {
          covers: { 'likes.liker_id': 'file: likes.json' },
          collect: () => {
            read = true;
            return Promise.resolve(theRest());
          },
        },
      ],
      ['likes.liker_id', 'new_table.user_id'],
    );
    await expect(registry.collect(1, { likersShown: false })).rejects.toThrow(
      'No export step covers new_table.user_id: the export would leave data',
    );
    expect(read).toBe(false);
  });

  it('runs the steps side by side, but at most four at once', async () => {
    let running = 0;
    let most = 0;
    const step = (file: string): ExportStep => ({
      covers: {},
      collect: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return { json: { [file]: [] } };
      },
    });
    const { json } = await registryOf(EXPORT_FILES.map(step)).collect(1, { likersShown: true });
    expect(Object.keys(json)).toEqual([...EXPORT_FILES]);
    expect(most).toBe(4);
  });
});
