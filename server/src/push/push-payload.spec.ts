import { pushOf } from './push-payload';

describe('the push of an event', () => {
  it('shows a name holding a web address defused, never as an address a phone would link', () => {
    const at = new Date().toISOString();
    for (const kind of ['like', 'message'] as const) {
      const { payload } = pushOf(
        { kind, recipientId: 1, actorId: 2, conversationId: 3, at },
        'nl',
        { actorName: 'https://vonkje-verify.example/login', badge: 1 },
      );
      const shown = `${payload.title} ${payload.body}`;
      expect(shown).toContain('https[:]//vonkje-verify[.]example/login');
      expect(shown).not.toMatch(/https?:\/\/|vonkje-verify\.example/);
    }
  });

  it('tells of a visit without the visitor’s name, and opens the visitors page', () => {
    const { payload, options } = pushOf(
      { kind: 'visit', recipientId: 1, actorId: 2, at: new Date().toISOString() },
      'nl',
      { actorName: 'Geheime Gijs', badge: 0 },
    );
    expect(payload).toMatchObject({
      kind: 'visit',
      title: 'Iemand heeft je profiel bekeken',
      url: '/visitors',
      tag: 'visitors',
    });
    expect(JSON.stringify(payload)).not.toContain('Gijs');
    expect(options.topic).toBe('visitors');
  });

  it('tells a free member who may not see likers that someone liked them, never who', () => {
    const { payload } = pushOf(
      { kind: 'like', recipientId: 1, actorId: 2, at: new Date().toISOString() },
      'nl',
      { actorName: 'Geheime Gijs', badge: 1, anonymous: true },
    );
    expect(payload).toMatchObject({ kind: 'like', title: 'Iemand vindt je leuk', url: '/likes' });
    expect(JSON.stringify(payload)).not.toContain('Gijs');
  });
});
