import { countVisit, sourceOf, TRAFFIC_VISIT_KEY } from './traffic-beacons';

describe('traffic beacons', () => {
  const sent: Blob[] = [];
  const read = (blob: Blob) =>
    new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(JSON.parse(String(reader.result)));
      reader.readAsText(blob);
    });
  beforeEach(() => {
    sessionStorage.clear();
    sent.length = 0;
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (_url: string, body: Blob) => sent.push(body) > 0,
    });
  });

  it('reads a landing’s source from its parameters and its lander path, and leaves the invite out', () => {
    expect(sourceOf('/landers/video/spring', '?network=adnet&sub1=c1&invite=X')).toEqual({
      network: 'adnet',
      sub1: 'c1',
      lander: 'video',
      slug: 'spring',
    });
    expect(sourceOf('/members/12/landing2', '')).toEqual({ lander: 'landing2' });
    expect(sourceOf('/search', '?q=1')).toEqual({});
  });

  it('counts one visit per browser session, only for a landing from traffic', async () => {
    countVisit({ pathname: '/search', search: '' });
    expect(sessionStorage.getItem(TRAFFIC_VISIT_KEY)).toBeNull();
    countVisit({ pathname: '/landers/gallery', search: '?ref=news' });
    countVisit({ pathname: '/landers/video', search: '?ref=other' });
    expect(sent).toHaveLength(1);
    expect(await read(sent[0])).toEqual({
      kind: 'visit',
      source: { ref: 'news', lander: 'gallery' },
    });
  });
});
