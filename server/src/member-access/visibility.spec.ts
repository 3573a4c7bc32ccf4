import { photoAccess, type Viewer } from './visibility';

const owner = { userId: 1, privacyMode: false, isPartner: false };
const active = { active: true, main: false };
const free: Viewer = { userId: 2, roles: [], paidUser: false };
const premium: Viewer = { userId: 3, roles: [], paidUser: true };
const moderator: Viewer = { userId: 4, roles: ['moderator'], paidUser: false };

describe('photoAccess', () => {
  it('shows the owner and staff every photo, whatever its state', () => {
    const inspected = { active: false, main: false };
    expect(photoAccess({ userId: 1, roles: [], paidUser: false }, owner, inspected)).toBe('full');
    expect(photoAccess(moderator, owner, inspected)).toBe('full');
  });

  it('shows nobody else a photo under inspection or rejected', () => {
    expect(photoAccess(premium, owner, { active: false, main: true })).toBe('none');
    expect(photoAccess(null, owner, { active: false, main: true })).toBe('none');
  });

  it('shows the main photo to everyone and the others to premium members only', () => {
    expect(photoAccess(null, owner, { active: true, main: true })).toBe('full');
    expect(photoAccess(free, owner, { active: true, main: true })).toBe('full');
    expect(photoAccess(free, owner, active)).toBe('locked');
    expect(photoAccess(null, owner, active)).toBe('locked');
    expect(photoAccess(premium, owner, active)).toBe('full');
  });

  it('in privacy mode shows photos only to conversation partners, even premium ones wait', () => {
    const hidden = { ...owner, privacyMode: true };
    expect(photoAccess(premium, hidden, { active: true, main: true })).toBe('locked');
    expect(photoAccess(null, hidden, { active: true, main: true })).toBe('locked');
    expect(photoAccess(free, { ...hidden, isPartner: true }, active)).toBe('full');
  });
});
