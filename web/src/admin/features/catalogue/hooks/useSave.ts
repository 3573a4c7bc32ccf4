/**
 * A catalogue form's call: one at a time, its refusal as problems per field, the list it changed
 * read again on success; and for an item's form, a new item sent whole or a change sent as what
 * differs.
 */
import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { problemAt, problemsOf, type Problems } from '../model/problems';
import { changedFields } from '../model/values';

/** A form's problems: set from a refusal, cleared on a new try. */
export function useProblems() {
  const [problems, setProblems] = useState<Problems>({});
  return {
    problems,
    clear: () => setProblems({}),
    refused: (error: unknown) => setProblems(problemsOf(error)),
  };
}

/**
 * A form's one call: refused when one is on its way (a double click makes one item), its
 * refusal as problems per field, the list it changed read again on success.
 */
export function useSave<B, R>(
  call: (body: B) => Promise<R>,
  { list, onSaved }: { list: QueryKey; onSaved?: (answer: R) => void },
) {
  const queryClient = useQueryClient();
  const { problems, clear, refused } = useProblems();
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: list });
      onSaved?.(answer);
    },
    onError: refused,
  });
  return {
    problems,
    pending: mutation.isPending,
    /** The problem of a field or of anything under it. */
    problem: (field: string) => problemAt(problems, field),
    /** Sends `body` unless a call is on its way; whether it sent. */
    send: (body: B): boolean => {
      if (mutation.isPending) return false;
      clear();
      mutation.mutate(body);
      return true;
    },
  };
}

/**
 * A form that makes an item or changes one (`existing`): a new item sends everything, a change
 * only what differs from the item (nothing changed says so instead of sending).
 */
export function useItemSave<V extends Record<string, unknown>>({
  existing,
  create,
  change,
  list,
  onDone,
}: {
  existing: V | null;
  create: (values: V) => Promise<unknown>;
  change: (values: Partial<V>) => Promise<unknown>;
  list: QueryKey;
  onDone: () => void;
}) {
  const [nothing, setNothing] = useState(false);
  const save = useSave(
    (values: V | Partial<V>) => (existing ? change(values) : create(values as V)),
    {
      list,
      onSaved: onDone,
    },
  );
  const submit = (values: V) => {
    setNothing(false);
    if (!existing) {
      save.send(values);
      return;
    }
    const changed = changedFields(existing, values) as Partial<V>;
    if (Object.keys(changed).length === 0) setNothing(true);
    else save.send(changed);
  };
  return { ...save, nothing, submit };
}
