import { captureLander, captureTracking, readTracking } from './tracking';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the tracking data a signup carries', () => {
  it('keeps the landing URL’s parameters and adds the lander, its slug and its address', () => {
    const storage = memoryStorage();
    captureTracking('?network=adnet&ref=r1&sub1=s1&other=x', storage);
    captureLander('maplanding', 'zomer', '/landers/maplanding/zomer?network=adnet', storage);
    expect(readTracking(storage)).toEqual({
      network: 'adnet',
      ref: 'r1',
      sub1: 's1',
      lander: 'maplanding',
      slug: 'zomer',
      landing_url: '/landers/maplanding/zomer?network=adnet',
    });
  });

  it('counts only the first lander of the visit, and keeps a lander without parameters', () => {
    const storage = memoryStorage();
    captureLander('gallery', undefined, '/landers/gallery', storage);
    captureLander('video', 'later', '/landers/video/later', storage);
    expect(readTracking(storage)).toEqual({ lander: 'gallery', landing_url: '/landers/gallery' });
  });
});
