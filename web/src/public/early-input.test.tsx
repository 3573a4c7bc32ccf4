import { act, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { PUBLIC_EARLY_ATTRIBUTE, PUBLIC_TAKEN_OVER_ATTRIBUTE } from '@app/contract';
import { changedFields, handToPage, replayEarlyInput } from './early-input';

/** A login-like form whose state knows only what its handlers heard. */
function Form({ onSend }: { onSend: (values: { email: string; keep: boolean }) => void }) {
  const [email, setEmail] = useState('');
  const [keep, setKeep] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ email, keep });
      }}
    >
      <input aria-label="email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <input
        aria-label="keep"
        type="checkbox"
        checked={keep}
        onChange={(event) => setKeep(event.target.checked)}
      />
      <button type="submit">Send</button>
    </form>
  );
}

describe('what a visitor does before a server-rendered page is taken over', () => {
  let container: HTMLDivElement;
  let root: Root | null = null;

  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    document.documentElement.removeAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE);
  });

  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container.remove();
  });

  it('hands what was typed to the page, then replays the held press of the button', async () => {
    container.innerHTML = renderToString(<Form onSend={() => undefined} />);
    const email = container.querySelector<HTMLInputElement>('input[aria-label="email"]')!;
    const keep = container.querySelector<HTMLInputElement>('input[aria-label="keep"]')!;
    // before the scripts: typed, ticked, and the button pressed (the head's script held it)
    email.value = 'ann@example.com';
    keep.checked = true;
    container.querySelector('button')!.setAttribute(PUBLIC_EARLY_ATTRIBUTE, '1');

    const changed = changedFields(container);
    expect(changed.map((c) => c.field)).toEqual([email, keep]);
    const onSend = jest.fn();
    await act(async () => {
      root = hydrateRoot(container, <Form onSend={onSend} />);
    });
    await act(async () => handToPage(changed));
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => replayEarlyInput(document));

    expect(onSend).toHaveBeenCalledTimes(1);
    // (the page's checkbox hears its 'change' under Preact, which the public entry runs on; React,
    // which these tests run on, listens to clicks for it)
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ email: 'ann@example.com' }));
    expect(document.documentElement).toHaveAttribute(PUBLIC_TAKEN_OVER_ATTRIBUTE);
    expect(container.querySelector(`[${PUBLIC_EARLY_ATTRIBUTE}]`)).toBeNull();
  });

  it('hands over the radio a visitor chose, not the one the choice unticked', () => {
    container.innerHTML = renderToString(
      <fieldset>
        <input type="radio" name="seeking" value="female" defaultChecked aria-label="woman" />
        <input type="radio" name="seeking" value="male" aria-label="man" />
      </fieldset>,
    );
    const man = container.querySelector<HTMLInputElement>('input[value="male"]')!;
    man.checked = true;
    const changed = changedFields(container);
    expect(changed.map((c) => c.field)).toEqual([man]);
    expect(changed[0].checked).toBe(true);
  });

  it('hands a choice to the field the page put anew in its place, found by its id', async () => {
    container.innerHTML = renderToString(
      <input type="radio" name="gender" value="male" id="gender-male" aria-label="man" />,
    );
    const served = container.querySelector<HTMLInputElement>('input')!;
    served.checked = true;
    const changed = changedFields(container);
    // the page's first render puts the form elsewhere (the desktop's modal): a new element
    function Moved() {
      const [value, setValue] = useState('');
      return (
        <input
          type="radio"
          name="gender"
          value="male"
          id="gender-male"
          aria-label="man"
          checked={value === 'male'}
          onChange={() => setValue('male')}
        />
      );
    }
    container.innerHTML = '';
    await act(async () => {
      root = createRoot(container);
      root.render(<Moved />);
    });
    expect(served.isConnected).toBe(false);
    // React hears a radio's change by its click (Preact, which the public entry runs on, by
    // 'change'): the handed 'change' reaches the new element, whose click is then replayed
    const now = container.querySelector<HTMLInputElement>('input')!;
    const events: string[] = [];
    now.addEventListener('change', () => events.push('change'));
    await act(async () => handToPage(changed, document));
    expect(events).toEqual(['change']);
    expect(now.checked).toBe(true);
  });

  it('replays a label click held while the page was being taken over, so the page hears the choice', async () => {
    function Choice({ onPick }: { onPick: (value: string) => void }) {
      const [value, setValue] = useState('');
      return (
        <>
          <input
            type="radio"
            name="seeking"
            value="male"
            id="seeking-male"
            checked={value === 'male'}
            onChange={() => {
              setValue('male');
              onPick('male');
            }}
          />
          <label htmlFor="seeking-male">Man</label>
        </>
      );
    }
    container.innerHTML = renderToString(<Choice onPick={() => undefined} />);
    const onPick = jest.fn();
    await act(async () => {
      root = hydrateRoot(container, <Choice onPick={onPick} />);
    });
    // the early-input script held the click on the label (no change on the page meanwhile)
    container.querySelector('label')!.setAttribute(PUBLIC_EARLY_ATTRIBUTE, '1');
    await act(async () => replayEarlyInput(document));
    expect(onPick).toHaveBeenCalledWith('male');
    expect(container.querySelector<HTMLInputElement>('input')!.checked).toBe(true);
  });

  it('finds no changed field and replays nothing when the visitor did nothing', async () => {
    container.innerHTML = renderToString(<Form onSend={() => undefined} />);
    expect(changedFields(container)).toEqual([]);
    const onSend = jest.fn();
    await act(async () => {
      root = hydrateRoot(container, <Form onSend={onSend} />);
    });
    await act(async () => replayEarlyInput(document));
    expect(onSend).not.toHaveBeenCalled();
  });
});
