import {
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  lazyPage,
  reloadOnceForChunkError,
} from './chunk-reload';
import { CHUNK_RELOAD_GUARD_MS } from '../config/constants';

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: /assets/MembersPage-abc.js');

describe('chunk reload guard', () => {
  beforeEach(() => sessionStorage.clear());

  it('recognises chunk load errors and nothing else', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and not again within 60 seconds', () => {
    const reload = jest.fn();
    const t0 = 1_700_000_000_000;
    expect(reloadOnceForChunkError(chunkError(), { now: t0, reload })).toBe(true);
    expect(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY)).toBe(String(t0));
    expect(
      reloadOnceForChunkError(chunkError(), { now: t0 + CHUNK_RELOAD_GUARD_MS - 1, reload }),
    ).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once 60 seconds have passed', () => {
    const reload = jest.fn();
    const t0 = 1_700_000_000_000;
    reloadOnceForChunkError(chunkError(), { now: t0, reload });
    expect(reloadOnceForChunkError(chunkError(), { now: t0 + 60_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads for other errors', () => {
    const reload = jest.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('makes a lazy route reload on a failed import, and fail to the error page the second time', async () => {
    const reload = jest.fn();
    const load = jest.fn().mockRejectedValue(chunkError());
    const route = lazyPage(load, (m: { default: () => null }) => m.default, { reload });

    const first = route();
    const settled = jest.fn();
    first.then(settled, settled);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(settled).not.toHaveBeenCalled(); // waits for the reload

    await expect(route()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
