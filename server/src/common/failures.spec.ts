import { redactUrl } from './failures';

describe('redactUrl (what error logs write of a request URL)', () => {
  it('writes link tokens and codes as [redacted], wherever they stand in the query', () => {
    expect(redactUrl('/api/activate.php?token=abc123&x=1')).toBe(
      '/api/activate.php?token=[redacted]&x=1',
    );
    expect(redactUrl('/api/reset.php?lang=nl&TOKEN=s3cr3t#top')).toBe(
      '/api/reset.php?lang=nl&TOKEN=[redacted]#top',
    );
    expect(redactUrl('/api/x.php?code=9911&token=')).toBe(
      '/api/x.php?code=[redacted]&token=[redacted]',
    );
  });

  it('leaves other parameters alone, including names that only end in token or code', () => {
    expect(redactUrl('/api/search.php?zipcode=1234&page=2')).toBe(
      '/api/search.php?zipcode=1234&page=2',
    );
  });
});
