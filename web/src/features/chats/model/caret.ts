/** Where the member's selection in the text box was: start and end, as the textarea reports. */
export interface Selection {
  start: number;
  end: number;
}

/**
 * The draft with `insert` put at the caret (replacing a selection, as typing would), and where
 * the caret goes after it. A selection past the text's end (the text changed meanwhile) counts
 * as the end.
 */
export function insertAtCaret(
  text: string,
  selection: Selection,
  insert: string,
): { text: string; caret: number } {
  const start = Math.min(Math.max(0, selection.start), text.length);
  const end = Math.min(Math.max(start, selection.end), text.length);
  return {
    text: text.slice(0, start) + insert + text.slice(end),
    caret: start + insert.length,
  };
}
