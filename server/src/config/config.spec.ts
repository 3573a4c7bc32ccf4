import { loadConfig, ConfigError } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults when only the database is given', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' });
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.NODE_ENV).toBe('development');
  });

  it('stops with a message naming DATABASE_URL when it is missing', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/DATABASE_URL/);
  });

  it('refuses a port that is not a number', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://h/x', PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses a Redis URL of the wrong scheme', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgresql://h/x', REDIS_URL: 'http://x' })).toThrow(
      /REDIS_URL must start with redis:\/\//,
    );
  });
});
