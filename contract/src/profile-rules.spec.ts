import {
  birthdateProblem,
  cleanDisplayName,
  nameProblem,
  parseCalendarDate,
} from './profile-rules';

describe('the profile rules shared by server and web', () => {
  const today = { year: 2026, month: 6, day: 15 };

  it('removes invisible formatting characters from a name and trims it', () => {
    expect(cleanDisplayName(' \u202EAd\u200Bmin\uFEFF ')).toBe('Admin');
  });

  it('refuses an empty name, a leading @ and any e-mail address, the own one in any case', () => {
    expect(nameProblem('Sanne', 'sanne@example.com')).toBeNull();
    expect(nameProblem('Sanne de Vries')).toBeNull();
    expect(nameProblem('\u200B ')).toBe('name_required');
    expect(nameProblem(' @sanne')).toBe('invalid_name_at');
    expect(nameProblem('\u200B@sanne')).toBe('invalid_name_at');
    expect(nameProblem('iemand@example.com')).toBe('invalid_name_email');
    expect(nameProblem('Sanne@Example.COM ', 'sanne@example.com')).toBe('invalid_name_email');
    // the own address even where it is not shaped like one
    expect(nameProblem('sanne@localhost', 'sanne@localhost')).toBe('invalid_name_email');
    expect(nameProblem('sanne@localhost', 'ander@example.com')).toBeNull();
  });

  it('refuses a name that holds a web address or an e-mail address', () => {
    for (const name of [
      'https://vonkje-verify.example/login',
      'HTTP://x',
      'www.vonkje-verify.example',
      'vonkje-verify.example/login',
      'Sanne vonkje.nl',
      'anna.love',
      'example\u3002com',
      '10.0.0.1/login',
      'mailto:sanne',
    ]) {
      expect([name, nameProblem(name)]).toEqual([name, 'invalid_name_link']);
    }
    expect(nameProblem('Sanne schrijf sanne@example.com')).toBe('invalid_name_link');
    for (const name of ['J.P. de Vries', 'Anne-Marie V.', 'Jan 1985', 'Sanne31', 'Lisa 2.0']) {
      expect([name, nameProblem(name)]).toEqual([name, null]);
    }
  });

  it('reads only real calendar dates', () => {
    expect(parseCalendarDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseCalendarDate('1999-02-29')).toBeNull();
    expect(parseCalendarDate('1990-13-01')).toBeNull();
    expect(parseCalendarDate('1990-1-01')).toBeNull();
    expect(parseCalendarDate('0050-01-01')).toBeNull();
  });

  it('checks the date of birth against the minimum age on the day itself', () => {
    expect(birthdateProblem('', 18, today)).toBe('required');
    expect(birthdateProblem('2008-06-15', 18, today)).toBeNull();
    expect(birthdateProblem('2008-06-16', 18, today)).toBe('too_young');
    expect(birthdateProblem('2005-06-16', 21, today)).toBe('too_young');
    expect(birthdateProblem('2026-06-16', 18, today)).toBe('invalid');
    expect(birthdateProblem('1905-06-14', 18, today)).toBe('invalid');
    expect(birthdateProblem('1906-06-15', 18, today)).toBeNull();
    expect(birthdateProblem('15-06-1990', 18, today)).toBe('invalid');
  });
});
