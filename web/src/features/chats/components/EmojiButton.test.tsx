import { useRef, useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmojiButton } from './EmojiButton';

// The picker (a web component that keeps its data in IndexedDB) cannot run in jsdom: the real
// one is tried in Chromium (tests/e2e/emoji-crop.e2e.ts). Here a stand-in records that the
// lazily loaded module was asked for, and offers one emoji.
const mockLoads: string[] = [];
jest.mock('../emoji/EmojiPickerPanel', () => {
  mockLoads.push('picker');
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    __esModule: true,
    default: ({ onPick }: { onPick: (emoji: string) => void }) =>
      createElement('button', { type: 'button', onClick: () => onPick('😊') }, 'smiley'),
  };
});

function Composer({ initial = '' }: { initial?: string }) {
  const [draft, setDraft] = useState(initial);
  const textarea = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <textarea
        ref={textarea}
        aria-label="Bericht"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <EmojiButton draft={draft} onInsert={setDraft} textareaRef={textarea} />
    </>
  );
}

describe('the emoji button of the composer', () => {
  it('loads the picker only when the member opens it', async () => {
    const user = userEvent.setup();
    render(<Composer />);
    const button = screen.getByRole('button', { name: 'Emoji invoegen' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(mockLoads).toHaveLength(0);

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'smiley' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Emoji' })).toBeInTheDocument();
    expect(mockLoads).toEqual(['picker']);
  });

  it('puts the chosen emoji at the caret and gives the composer the focus back after it', async () => {
    const user = userEvent.setup();
    render(<Composer initial="Hoi daar" />);
    const composer = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Bericht' });
    composer.focus();
    composer.setSelectionRange(3, 3);

    await user.click(screen.getByRole('button', { name: 'Emoji invoegen' }));
    await user.click(await screen.findByRole('button', { name: 'smiley' }));

    expect(composer).toHaveValue('Hoi😊 daar');
    await waitFor(() => expect(composer).toHaveFocus());
    expect(composer.selectionStart).toBe(5);
    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
  });

  it('closes on Escape with the draft unchanged, and returns to the composer', async () => {
    const user = userEvent.setup();
    render(<Composer initial="Hallo" />);
    const composer = screen.getByRole('textbox', { name: 'Bericht' });

    screen.getByRole('button', { name: 'Emoji invoegen' }).focus();
    await user.keyboard('{Enter}');
    const smiley = await screen.findByRole('button', { name: 'smiley' });
    smiley.focus();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
    await waitFor(() => expect(composer).toHaveFocus());
    expect(composer).toHaveValue('Hallo');
  });

  it('closes when the member clicks elsewhere', async () => {
    const user = userEvent.setup();
    render(<Composer />);
    await user.click(screen.getByRole('button', { name: 'Emoji invoegen' }));
    await screen.findByRole('dialog', { name: 'Emoji' });
    await user.click(document.body);
    expect(screen.queryByRole('dialog', { name: 'Emoji' })).toBeNull();
  });
});
