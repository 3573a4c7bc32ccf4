import { defuseLinks, linkableKind } from './linkable-text';

describe('addresses in text a member chose', () => {
  it('tells web addresses and e-mail addresses from ordinary text', () => {
    expect(linkableKind('https://vonkje-verify.example/login')).toBe('web');
    expect(linkableKind('kijk op vonkje-verify.example')).toBe('web');
    expect(linkableKind('anna@vonkje-verify.example')).toBe('email');
    expect(linkableKind('Anna en Piet, 31 jaar. Groeten!')).toBeNull();
  });

  it('breaks every address so that nothing is linked, and leaves other text as it is', () => {
    expect(defuseLinks('Van: https://vonkje-verify.example/login')).toBe(
      'Van: https[:]//vonkje-verify[.]example/login',
    );
    expect(defuseLinks('www.evil.example en anna@evil.example')).toBe(
      'www[.]evil[.]example en anna@evil[.]example',
    );
    expect(defuseLinks('mailto:x tel:+31 http://10.0.0.1/a')).toBe(
      'mailto[:]x tel[:]+31 http[:]//10[.]0[.]0[.]1/a',
    );
    expect(defuseLinks('J.P. de Vries, 1.5 m')).toBe('J.P. de Vries, 1.5 m');
    const once = defuseLinks('https://a.example/b www.c.example d@e.example');
    expect(defuseLinks(once)).toBe(once);
    expect(linkableKind(once)).toBeNull();
  });
});
