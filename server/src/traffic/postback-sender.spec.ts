import { postbackUrlProblem } from '@app/contract';
import { centsToDecimal } from '@app/contract';
import { postbackUrlOf, type PostbackValues } from './postback-sender';

const values = (over: Partial<PostbackValues> = {}): PostbackValues => ({
  click_id: 'c1',
  event: 'signup',
  event_id: '7c1c4f52-0000-4000-8000-000000000000',
  amount: '',
  currency: '',
  ref: '',
  sub1: '',
  sub2: '',
  sub3: '',
  ...over,
});

describe('postback URLs', () => {
  it('fills every macro URL-encoded, so a value never changes where the call goes', () => {
    const url = postbackUrlOf(
      'https://net.example/pb?c={click_id}&e={event}&id={event_id}',
      values({ click_id: '@evil.example/x?y=1#' }),
    );
    expect(url.host).toBe('net.example');
    expect(url.searchParams.get('c')).toBe('@evil.example/x?y=1#');
    expect(url.searchParams.get('id')).toBe('7c1c4f52-0000-4000-8000-000000000000');
  });

  it('refuses a template whose host is a macro, carries credentials, is not http(s) or names an unknown macro', () => {
    expect(postbackUrlProblem('https://net.example/pb?c={click_id}')).toBeNull();
    expect(postbackUrlProblem('http://127.0.0.1:8080/{event}')).toBeNull();
    expect(postbackUrlProblem('https://{sub1}.example/pb')).toBe('postback_url_host');
    expect(postbackUrlProblem('https://a:b@net.example/')).toBe('postback_url_host');
    expect(postbackUrlProblem('file:///etc/passwd')).toBe('postback_url_scheme');
    expect(postbackUrlProblem('https://net.example/?x={password}')).toBe('postback_url_macro');
    expect(() => postbackUrlOf('gopher://net.example/', values())).toThrow();
  });

  it('writes cents as an exact decimal amount', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(100000)).toBe('1000.00');
  });
});
