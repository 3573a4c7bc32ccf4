import { scanIsCheaper, type DensitySnapshot } from './city-density';

const snapshot = (byCity: [number, number][], byCountry: [string, number][]): DensitySnapshot => ({
  byCity: new Map(byCity),
  byCountry: new Map(byCountry),
});

describe('choosing how a distance search reads its page (scanIsCheaper)', () => {
  it('scans the country when the cities hold a large share of its members', () => {
    // 100 cities of 100 members in a country of 100,000: probing reads ~2,900 entries,
    // scanning ~250
    const dense = snapshot(
      Array.from({ length: 100 }, (_, i): [number, number] => [i, 100]),
      [['NL', 100_000]],
    );
    const ids = Array.from({ length: 100 }, (_, i) => i);
    expect(scanIsCheaper(dense, ids, ['NL'], 25)).toBe(true);
  });

  it('probes the cities when they hold few of the country’s members', () => {
    // three villages of 20 in a country of 100,000: probing reads ~72 entries, scanning ~41,667
    const sparse = snapshot(
      [
        [1, 20],
        [2, 20],
        [3, 20],
      ],
      [['NL', 100_000]],
    );
    expect(scanIsCheaper(sparse, [1, 2, 3], ['NL'], 25)).toBe(false);
  });

  it('probes when the cities cross a border, hold nobody, or are not counted yet', () => {
    const counts = snapshot([[1, 5_000]], [['NL', 10_000]]);
    expect(scanIsCheaper(counts, [1], ['NL', 'BE'], 25)).toBe(false);
    expect(scanIsCheaper(counts, [2, 3], ['NL'], 25)).toBe(false);
    expect(scanIsCheaper(snapshot([], []), [1], ['NL'], 25)).toBe(false);
  });
});
