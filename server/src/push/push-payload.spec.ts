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
});
