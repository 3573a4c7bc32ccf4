import {
  blocksResponse,
  companyInfoResponse,
  loggedInResponse,
  memberResponse,
  settingsResponse,
  userResponse,
} from '@app/contract';
import {
  blocksResponseFixture,
  companyInfoResponseFixture,
  memberProfileFixture,
  memberWithPhotosResponseFixture,
  newUserFixture,
  profileCardFixture,
  settingsResponseFixture,
  userResponseFixture,
} from './fixtures';

/**
 * The web tests answer with these fixtures in place of the server, so each must be an answer the
 * server could give: the contract's schema (what the server answers) reads it back unchanged,
 * without a missing field, a wrong type or a field the server does not send (zod drops those).
 */
describe('the test fixtures', () => {
  const cases = [
    ['settings.php', settingsResponse, settingsResponseFixture],
    ['companyinfo.php', companyInfoResponse, companyInfoResponseFixture],
    ['user.php (a member)', userResponse, userResponseFixture],
    ['user.php (a visitor)', userResponse, { user: null }],
    ['signup.php (a new member)', loggedInResponse, { user: newUserFixture }],
    [
      'member.php',
      memberResponse,
      { profile: memberProfileFixture, related: [profileCardFixture] },
    ],
    ['member.php (photos, some locked)', memberResponse, memberWithPhotosResponseFixture],
    ['blocks.php', blocksResponse, blocksResponseFixture],
  ] as const;

  it.each(cases)('are an answer the server gives to %s', (_endpoint, schema, fixture) => {
    const parsed = schema.safeParse(fixture);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toEqual(fixture);
  });
});
