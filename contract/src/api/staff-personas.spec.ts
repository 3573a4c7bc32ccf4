import { fillPlaceholders, placeholdersIn, unknownPlaceholder } from './staff-personas';

describe('canned reply placeholders', () => {
  it('names each placeholder of a text once, in order', () => {
    expect(placeholdersIn('Hoi {name}! Hoe is het in {city}, {name}?')).toEqual(['name', 'city']);
    expect(placeholdersIn('Geen enkele')).toEqual([]);
  });

  it('finds the first placeholder that is neither {name} nor {city}', () => {
    expect(unknownPlaceholder('Hoi {name} uit {city}')).toBeNull();
    expect(unknownPlaceholder('Hoi {naam}, {age} jaar')).toBe('naam');
    expect(unknownPlaceholder('Hoi {}')).toBe('');
    // a lone brace is text; anything between a pair is a placeholder (so none reaches a member)
    expect(unknownPlaceholder('smiley :-{')).toBeNull();
    expect(unknownPlaceholder('} en {')).toBeNull();
    expect(unknownPlaceholder('smiley :-{ of }')).toBe(' of ');
  });

  it('fills the member’s name and city, and names what the profile lacks', () => {
    expect(fillPlaceholders('Hoi {name}, hoe is {city}?', { name: 'Piet', city: 'Gouda' })).toEqual(
      { text: 'Hoi Piet, hoe is Gouda?', missing: [] },
    );
    expect(fillPlaceholders('Hoi {name} uit {city}!', { name: 'Piet', city: null })).toEqual({
      text: 'Hoi Piet uit !',
      missing: ['city'],
    });
  });

  it('leaves a value’s own braces alone (a name is never read as a placeholder)', () => {
    expect(fillPlaceholders('{name} en {city}', { name: '{city}', city: 'Ede' }).text).toBe(
      '{city} en Ede',
    );
  });
});
