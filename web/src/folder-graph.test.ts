/**
 * The folders that use each other through their index.ts (a server feature, a web feature, a
 * console area) do so in one direction only: no folder reaches itself through others. The lint's
 * boundary rule decides which file of another folder may be imported; a cycle between two
 * folders' public APIs passes it, so this test walks the three graphs instead.
 */
// CommonJS, as jest runs the web's tests; the web's types leave Node out (its code runs in a
// browser), so the little of Node this test uses is typed here
declare const __dirname: string;
const fs = jest.requireActual<{
  readdirSync(dir: string, options: { withFileTypes: true }): Entry[];
  readFileSync(file: string, encoding: 'utf8'): string;
}>('node:fs');
interface Entry {
  name: string;
  isDirectory(): boolean;
}

const SRC = __dirname;

/** Each graph: the folder whose subfolders are its nodes, the files left out, the folders skipped. */
const GRAPHS = {
  'the web features': { root: `${SRC}/features`, test: /\.test\.tsx?$/, skip: [] as string[] },
  'the console areas': { root: `${SRC}/admin/features`, test: /\.test\.tsx?$/, skip: [] },
  // the server's features and its shared infrastructure (which the lint keeps from using any
  // feature); Prisma's generated client is no folder of ours
  'the server folders': {
    root: `${SRC}/../../server/src`,
    test: /\.spec\.ts$/,
    skip: ['generated'],
  },
} as const;
type GraphName = keyof typeof GRAPHS;

/** Cycles known, and until when. The test fails once one is gone, so that the list stays true. */
const KNOWN_CYCLES = new Set<string>([]);

function sources(dir: string, test: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(full, test);
    return /\.tsx?$/.test(entry.name) && !test.test(entry.name) ? [full] : [];
  });
}

/** The folder under `root` a relative import in `file` lands in, or null outside `root`. */
function folderOf(root: string, file: string, spec: string): string | null {
  const at = file
    .slice(root.length + 1)
    .split('/')
    .slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') {
      if (at.pop() === undefined) return null;
    } else if (part !== '.') at.push(part);
  }
  return at[0] ?? null;
}

/** Which folders each folder's production code uses (`import`, `export … from`, `import()`, `require()`). */
function folderGraph(name: GraphName): Map<string, Set<string>> {
  const { root, test, skip } = GRAPHS[name];
  const folders = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !(skip as readonly string[]).includes(entry.name));
  return new Map(
    folders.map(({ name: folder }) => {
      const used = sources(`${root}/${folder}`, test).flatMap((file) =>
        [
          ...fs
            .readFileSync(file, 'utf8')
            .matchAll(/\b(?:from|import|require)\s*\(?\s*'(\.[^']*)'/g),
        ].map(([, spec]) => folderOf(root, file, spec)),
      );
      return [
        folder,
        new Set(used.filter((other): other is string => !!other && other !== folder)),
      ];
    }),
  );
}

/** Every cycle of a directed graph, once, from its first name in sort order: 'a -> b -> a'. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (start: string, trail: string[]) => {
    for (const next of graph.get(trail[trail.length - 1]) ?? []) {
      if (next === start) found.push([...trail, start].join(' -> '));
      else if (next > start && !trail.includes(next)) walk(start, [...trail, next]);
    }
  };
  for (const start of graph.keys()) walk(start, [start]);
  return found.sort();
}

describe.each(Object.keys(GRAPHS) as GraphName[])('%s', (name) => {
  it('use each other in one direction only: no folder reaches itself through others', () => {
    const graph = folderGraph(name);
    expect(graph.size).toBeGreaterThan(5);
    expect(cycles(graph).filter((cycle) => !KNOWN_CYCLES.has(`${name}: ${cycle}`))).toEqual([]);
  });
});

describe('the folder graphs', () => {
  it('still have each known cycle (take one off the list once it is gone)', () => {
    const now = (Object.keys(GRAPHS) as GraphName[]).flatMap((name) =>
      cycles(folderGraph(name)).map((cycle) => `${name}: ${cycle}`),
    );
    expect([...KNOWN_CYCLES].filter((cycle) => !now.includes(cycle))).toEqual([]);
  });

  it('would notice a cycle, however long, and only a cycle', () => {
    const graph = (edges: string[]) => new Map(edges.map((e) => [e[0], new Set(e.slice(1))]));
    expect(cycles(graph(['ab', 'bc', 'ca']))).toEqual(['a -> b -> c -> a']);
    expect(cycles(graph(['ab', 'bc', 'c']))).toEqual([]);
    const features = GRAPHS['the web features'].root;
    expect(folderOf(features, `${features}/likes/pages/x.ts`, '../../members')).toBe('members');
    expect(folderOf(features, `${features}/likes/pages/x.ts`, '../../../api/client')).toBeNull();
  });

  it('see the edges a planted cycle would add, on each side', () => {
    // a server feature's import of another, as `credits -> chats` beside `chats -> credits` would be
    const server = folderGraph('the server folders');
    expect(server.get('chats')?.has('credits')).toBe(true);
    const areas = folderGraph('the console areas');
    expect([...areas.values()].some((used) => used.size > 0)).toBe(true);
  });
});
