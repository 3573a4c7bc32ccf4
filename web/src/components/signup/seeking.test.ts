import { SIGNUP_GENDERS_KEY } from '@app/contract';
import { SEEKING_STORAGE_KEY, readVisitorSeeking, rememberSignupChoice } from './seeking';

describe("a visitor's choice at signup's first step", () => {
  it('is kept under the name the visitor search’s inline check reads', () => {
    expect(SEEKING_STORAGE_KEY).toBe(SIGNUP_GENDERS_KEY);
    const storage = window.sessionStorage;
    storage.clear();
    rememberSignupChoice('seeking_gender', 'male', storage);
    expect(JSON.parse(storage.getItem(SIGNUP_GENDERS_KEY) ?? 'null')).toEqual({
      seeking_gender: 'male',
    });
    expect(readVisitorSeeking(storage)).toBe('male');
    storage.clear();
  });
});
