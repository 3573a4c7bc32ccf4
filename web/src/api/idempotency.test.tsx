import { act, renderHook } from '@testing-library/react';
import { keyFor, sameIntent, useKeyedCall } from './idempotency';

describe('one Idempotency-Key per intended action', () => {
  let counter = 0;
  const makeKey = () => `key-${++counter}`;
  type Order = { package: number; method: string; code?: string; remember?: boolean };
  type Send = { type: string; text?: string; gift?: number; file?: Blob };

  it('reuses the key when the same action is asked for again after a failure', () => {
    const first = keyFor<Order>(null, { package: 3, method: 'ideal' }, makeKey);
    expect(keyFor(first, { method: 'ideal', package: 3 }, makeKey).key).toBe(first.key);
    // a field left undefined is a field not given
    expect(keyFor(first, { package: 3, method: 'ideal', code: undefined }, makeKey).key).toBe(
      first.key,
    );
    const text = keyFor<Send>(null, { type: 'text', text: 'Hoi!' }, makeKey);
    expect(keyFor(text, { type: 'text', text: 'Hoi!' }, makeKey).key).toBe(text.key);
    const photo = new Blob(['x']);
    const photoTry = keyFor(null, { type: 'photo', file: photo }, makeKey);
    expect(keyFor(photoTry, { type: 'photo', file: photo }, makeKey).key).toBe(photoTry.key);
    const gift = keyFor(null, { type: 'gift', gift: 3 }, makeKey);
    expect(keyFor(gift, { type: 'gift', gift: 3 }, makeKey).key).toBe(gift.key);
  });

  it('makes a new key for another action, and when nothing is pending (after a success)', () => {
    const first = keyFor<Order>(null, { package: 3, method: 'ideal' }, makeKey);
    expect(keyFor(first, { package: 3, method: 'creditcard' }, makeKey).key).not.toBe(first.key);
    expect(keyFor(first, { package: 4, method: 'ideal' }, makeKey).key).not.toBe(first.key);
    expect(keyFor(first, { package: 3, method: 'ideal', remember: true }, makeKey).key).not.toBe(
      first.key,
    );
    expect(keyFor(null, { package: 3, method: 'ideal' }, makeKey).key).not.toBe(first.key);
    const text = keyFor<Send>(null, { type: 'text', text: 'Hoi!' }, makeKey);
    expect(keyFor(text, { type: 'text', text: 'Hoi daar!' }, makeKey).key).not.toBe(text.key);
    expect(keyFor(text, { type: 'gift', gift: 1 }, makeKey).key).not.toBe(text.key);
    // two files with the same bytes are two photos
    const photo = keyFor(null, { type: 'photo', file: new Blob(['a']) }, makeKey);
    expect(keyFor(photo, { type: 'photo', file: new Blob(['a']) }, makeKey).key).not.toBe(
      photo.key,
    );
  });

  it('compares values, arrays and nested objects, not their order of fields', () => {
    expect(sameIntent({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameIntent({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameIntent({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameIntent({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameIntent([], {})).toBe(false);
    expect(sameIntent('1', 1)).toBe(false);
  });

  it('keeps the key of a call until it succeeds, and makes a new one after', async () => {
    const keys: string[] = [];
    let fail = true;
    const call = jest.fn((input: { mandate: number }, key: string) => {
      keys.push(key);
      return fail ? Promise.reject(new Error('network')) : Promise.resolve(input.mandate);
    });
    const { result } = renderHook(() => useKeyedCall(call));
    const press = (mandate: number) =>
      act(() => result.current({ mandate }).catch(() => undefined));
    await press(1);
    await press(1);
    expect(keys[1]).toBe(keys[0]);
    // another order: another key, kept for it in turn
    await press(2);
    await press(2);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys[3]).toBe(keys[2]);
    fail = false;
    await press(2);
    expect(keys[4]).toBe(keys[2]);
    // charged: the next press of the same order is another purchase
    await press(2);
    expect(keys[5]).not.toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });
});
