import { insertAtCaret } from './caret';

describe('inserting an emoji at the caret', () => {
  it('puts the emoji where the caret is and the caret after it', () => {
    expect(insertAtCaret('Hoi daar', { start: 3, end: 3 }, '😊')).toEqual({
      text: 'Hoi😊 daar',
      caret: 5,
    });
  });

  it('replaces the selected text, as typing would', () => {
    expect(insertAtCaret('Hoi daar', { start: 4, end: 8 }, '👋')).toEqual({
      text: 'Hoi 👋',
      caret: 6,
    });
  });

  it('adds to the end of an empty draft', () => {
    expect(insertAtCaret('', { start: 0, end: 0 }, '❤️')).toEqual({ text: '❤️', caret: 2 });
  });

  it('takes a caret past the end of a shorter text as the end', () => {
    expect(insertAtCaret('Hoi', { start: 10, end: 12 }, '🙂')).toEqual({
      text: 'Hoi🙂',
      caret: 5,
    });
  });
});
