import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INSPECTION_UNDO_SECONDS } from '@app/contract';
import {
  decide,
  inspectionStatsQueryOptions,
  undoDecision,
  type InspectionKind,
} from './api/inspection';

/** The last decision, while it can be undone. */
export interface LastDecision<T> {
  decision: string;
  item: T;
  action: 'approve' | 'reject';
  reason: string | null;
  until: number;
}

/** One function for every render: a new one each time would claim again and again. */
const noPrefetch = () => {};

export type DeskState = 'loading' | 'ready' | 'empty' | 'error';

/** What a desk needs of its kind: its queue, how to claim an item, its reasons in key order. */
export interface DeskKind<T> {
  kind: InspectionKind;
  claim: (exclude: number[]) => Promise<T | null>;
  reasons: readonly string[];
  /** Called with the item claimed ahead (a photo is loaded before it is shown). */
  prefetch?: (item: T) => void;
}

/**
 * The inspection desk's work loop, for photos and texts alike: claim the oldest item, claim the
 * following one ahead (so it shows at once after a decision), decide, offer undo for
 * INSPECTION_UNDO_SECONDS, and keep the queue's length and oldest wait fresh (the console's
 * socket reloads them when the queue changes). An empty desk looks again when the queue grows.
 * The keys work while the desk is shown: A approves, 1, 2, ... reject with that reason, U undoes.
 */
export function useInspectionDesk<T extends { id: number }>({
  kind,
  claim,
  reasons,
  prefetch = noPrefetch,
}: DeskKind<T>) {
  const [current, setCurrent] = useState<T | null>(null);
  const [state, setState] = useState<DeskState>('loading');
  const [error, setError] = useState<unknown>(null);
  const [last, setLast] = useState<LastDecision<T> | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const ahead = useRef<T | null>(null);
  const busy = useRef(false);
  const stats = useQuery(inspectionStatsQueryOptions(kind));

  const claimAhead = useCallback(
    async (shown: T) => {
      try {
        const next = await claim([shown.id]);
        ahead.current = next;
        if (next) prefetch(next);
      } catch {
        ahead.current = null;
      }
    },
    [claim, prefetch],
  );

  const load = useCallback(async () => {
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const item = await claim([]);
      setCurrent(item);
      setState(item ? 'ready' : 'empty');
      if (item) void claimAhead(item);
    } catch (failure) {
      setError(failure);
      setState('error');
    }
  }, [claim, claimAhead]);

  useEffect(() => {
    void load();
  }, [load]);

  // an empty desk takes the next item as soon as the queue has one
  const waiting = stats.data?.[kind].waiting ?? 0;
  useEffect(() => {
    if (state === 'empty' && waiting > 0) void load();
  }, [state, waiting, load]);

  // the undo countdown
  useEffect(() => {
    if (!last) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= last.until) setLast(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [last]);

  const decideCurrent = useCallback(
    async (action: 'approve' | 'reject', reason?: string) => {
      if (!current || busy.current) return;
      busy.current = true;
      const item = current;
      const next = ahead.current;
      ahead.current = null;
      // the next item shows at once; the decision is sent meanwhile
      setCurrent(next);
      setError(null);
      if (!next) setState('loading');
      try {
        const done = await decide(kind, item.id, { action, ...(reason ? { reason } : {}) });
        setLast({
          decision: done.decision,
          item,
          action,
          reason: reason ?? null,
          until: Math.min(
            new Date(done.undo_until).getTime(),
            Date.now() + INSPECTION_UNDO_SECONDS * 1000,
          ),
        });
        setNow(Date.now());
        void stats.refetch();
        if (next) void claimAhead(next);
        else void load();
      } catch (failure) {
        // not decided: the item comes back, the one ahead waits again
        ahead.current = next;
        setCurrent(item);
        setState('ready');
        setError(failure);
      } finally {
        busy.current = false;
      }
    },
    [current, kind, claimAhead, load, stats],
  );

  const undo = useCallback(async () => {
    if (!last || Date.now() >= last.until || busy.current) return;
    busy.current = true;
    try {
      await undoDecision(last.decision);
      // the undone item is back on screen; the one shown waits ahead (still held)
      if (current) ahead.current = current;
      setCurrent(last.item);
      setState('ready');
      setLast(null);
      setError(null);
      void stats.refetch();
    } catch (failure) {
      setLast(null);
      setError(failure);
    } finally {
      busy.current = false;
    }
  }, [last, current, stats]);

  const approveNow = useCallback(() => void decideCurrent('approve'), [decideCurrent]);
  const rejectNow = useCallback(
    (index: number) => void decideCurrent('reject', reasons[index]),
    [decideCurrent, reasons],
  );
  const undoNow = useCallback(() => void undo(), [undo]);
  useDeskKeys({ approve: approveNow, reject: rejectNow, undo: undoNow, reasons: reasons.length });

  return {
    current,
    state,
    error,
    last,
    undoSeconds: last ? Math.max(0, Math.ceil((last.until - now) / 1000)) : 0,
    stats: stats.data?.[kind],
    reasons,
    approve: approveNow,
    reject: rejectNow,
    undo: undoNow,
    retry: load,
  };
}

export type InspectionDesk<T> = ReturnType<typeof useInspectionDesk<T & { id: number }>>;

/** Keys of the desk: one for approve, one per reason (1, 2, ...), U for undo. */
function useDeskKeys(handlers: {
  approve: () => void;
  reject: (index: number) => void;
  undo: () => void;
  reasons: number;
}): void {
  const { approve, reject, undo, reasons } = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target;
      const typing =
        target instanceof Element &&
        target.closest('input, textarea, select, [contenteditable="true"]');
      if (typing) return;
      const key = event.key.toLowerCase();
      if (key === 'a') approve();
      else if (key === 'u') undo();
      else if (/^[1-9]$/.test(key) && Number(key) <= reasons) reject(Number(key) - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [approve, reject, undo, reasons]);
}
