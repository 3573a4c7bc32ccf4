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

const FEATURES = __dirname;
/** Cycles known, and until when. The test fails once one is gone, so that the list stays true. */
const KNOWN_CYCLES = new Set<string>([]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The feature a relative import in `file` lands in, or null outside web/src/features. */
function featureOf(file: string, spec: string): string | null {
  const at = file
    .slice(FEATURES.length + 1)
    .split('/')
    .slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') {
      if (at.pop() === undefined) return null;
    } else if (part !== '.') at.push(part);
  }
  return at[0] ?? null;
}

/** Which features each feature's production code uses (`import`, `export … from`, `import()`). */
function featureGraph(): Map<string, Set<string>> {
  const features = fs.readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory());
  return new Map(
    features.map(({ name }) => {
      const used = sources(`${FEATURES}/${name}`).flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/\b(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map(
          ([, spec]) => featureOf(file, spec),
        ),
      );
      return [name, new Set(used.filter((other): other is string => !!other && other !== name))];
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

describe('the web features', () => {
  it('use each other in one direction only: no feature reaches itself through others', () => {
    expect(cycles(featureGraph()).filter((cycle) => !KNOWN_CYCLES.has(cycle))).toEqual([]);
  });

  it('still have each known cycle (take one off the list once it is gone)', () => {
    const now = cycles(featureGraph());
    expect([...KNOWN_CYCLES].filter((cycle) => !now.includes(cycle))).toEqual([]);
  });

  it('would notice a cycle, however long, and only a cycle', () => {
    const graph = (edges: string[]) => new Map(edges.map((e) => [e[0], new Set(e.slice(1))]));
    expect(cycles(graph(['ab', 'bc', 'ca']))).toEqual(['a -> b -> c -> a']);
    expect(cycles(graph(['ab', 'bc', 'c']))).toEqual([]);
    expect(featureOf(`${FEATURES}/likes/pages/x.ts`, '../../members')).toBe('members');
    expect(featureOf(`${FEATURES}/likes/pages/x.ts`, '../../../api/client')).toBeNull();
  });
});
