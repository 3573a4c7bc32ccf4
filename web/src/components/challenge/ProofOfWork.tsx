import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The widget's texts (altcha's `Strings`) from the catalogue's `challenge.*` keys. */
const STRING_KEYS = [
  'ariaLinkLabel',
  'error',
  'expired',
  'footer',
  'label',
  'loading',
  'reload',
  'verify',
  'verificationRequired',
  'verified',
  'verifying',
  'waitAlert',
] as const;

/** The widget's states that end a try: solved, or given up (the server then asks again). */
const FAILED_STATES = new Set(['error', 'expired']);

let widgetModule: Promise<typeof import('./altcha-widget')> | null = null;

/**
 * A form's proof of work (ALTCHA). Nothing of the widget loads until the form asks for it:
 * `start()` on the visitor's first touch of the form (focus or typing), or `answer()` at a
 * submit, so a first visit carries none of its code (≈ 29 KB gzip). `answer()` gives the solved
 * payload for the request's `altcha` field, waiting for the widget while it works (undefined
 * when it could not solve one: the server answers challenge_required, which the form shows);
 * `renew()` asks for a new challenge once a request used one (the server accepts each solution
 * once).
 */
export function useProofOfWork() {
  const [active, setActive] = useState(false);
  const [generation, setGeneration] = useState(0);
  /** A solution nobody asked for yet (solved in the background). */
  const solved = useRef<string | null>(null);
  /** The submits waiting for the widget's solution, first come first served. */
  const waiting = useRef<((payload: string | undefined) => void)[]>([]);
  /** The last try failed (the code did not load, the challenge did not come): try anew. */
  const failed = useRef(false);
  /** The widget on screen (its solution is also in its hidden `altcha` field). */
  const element = useRef<HTMLElement | null>(null);
  /** The solutions handed out: each is sent once. */
  const taken = useRef(new Set<string>());

  /** The widget's solution as its own field holds it, when not handed out before. */
  const fromWidget = (): string | null => {
    const value = element.current?.querySelector<HTMLInputElement>('input[name="altcha"]')?.value;
    return value && !taken.current.has(value) ? value : null;
  };
  const take = (payload: string): string => {
    taken.current.add(payload);
    solved.current = null;
    return payload;
  };

  const start = useCallback(() => setActive(true), []);

  const answer = useCallback((): Promise<string | undefined> => {
    const ready = solved.current ?? fromWidget();
    if (ready) return Promise.resolve(take(ready));
    setActive(true);
    if (failed.current) {
      // a new widget (a new challenge; the code loaded again if it had not)
      failed.current = false;
      setGeneration((n) => n + 1);
    }
    return new Promise((resolve) => {
      // the widget's event normally answers; its field too, should an event come unheard
      const watch = window.setInterval(() => {
        const found = fromWidget();
        if (found && waiting.current.includes(wait)) {
          waiting.current.splice(waiting.current.indexOf(wait), 1);
          wait(take(found));
        }
      }, 250);
      const wait = (payload: string | undefined) => {
        window.clearInterval(watch);
        resolve(payload);
      };
      waiting.current.push(wait);
    });
  }, []);

  /** The widget's state changed: a solution goes to the first waiting submit, else is kept. */
  const settle = useCallback((state: string, payload: string | undefined) => {
    if (state === 'verified' && payload) {
      if (taken.current.has(payload)) return;
      const next = waiting.current.shift();
      if (next) next(take(payload));
      else solved.current = payload;
    } else if (FAILED_STATES.has(state)) {
      solved.current = null;
      failed.current = true;
      for (const resolve of waiting.current.splice(0)) resolve(undefined);
    }
  }, []);

  const renew = useCallback(() => {
    solved.current = null;
    failed.current = false;
    setGeneration((n) => n + 1);
  }, []);

  return { active, generation, element, start, answer, settle, renew };
}

export type ProofOfWorkState = ReturnType<typeof useProofOfWork>;

/**
 * The widget itself once the form asked for it (`state.active`): it fetches a challenge of
 * /api/challenge.php and solves it at once in a worker (a second or two; nothing to click),
 * telling the visitor in our words that it checks they are not a robot. Rendered again (a new
 * challenge) after each `renew()`. Until then, and while its code loads, a placeholder of the
 * widget's size stands in its place (`.proof-of-work`: the server's rendering of the page and
 * the page once the widget is in have the same shape).
 */
export function ProofOfWork({ state, className }: { state: ProofOfWorkState; className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [loaded, setLoaded] = useState(false);
  const { active, generation, element, settle } = state;
  const listening = useRef<{ element: HTMLElement; listener: EventListener } | null>(null);

  useEffect(() => {
    if (!active) return;
    let live = true;
    widgetModule ??= import('./altcha-widget');
    widgetModule
      .then((module) => {
        module.setStrings(
          language,
          Object.fromEntries(STRING_KEYS.map((key) => [key, t(`challenge.${key}`)])),
        );
        if (live) setLoaded(true);
      })
      .catch(() => {
        widgetModule = null;
        // without the widget the server asks again (challenge_required), which the form shows
        settle('error', undefined);
      });
    return () => {
      live = false;
    };
  }, [active, generation, language, t, settle]);

  const attach = useCallback(
    (widget: HTMLElement | null) => {
      const before = listening.current;
      if (before) before.element.removeEventListener('statechange', before.listener);
      listening.current = null;
      element.current = widget;
      if (!widget) return;
      const listener: EventListener = (event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        settle(detail.state, detail.payload);
      };
      widget.addEventListener('statechange', listener);
      listening.current = { element: widget, listener };
    },
    [element, settle],
  );

  return (
    <div className={`proof-of-work ${className ?? ''}`}>
      {active && loaded ? (
        createElement('altcha-widget', {
          key: generation,
          ref: attach,
          challenge: '/api/challenge.php',
          auto: 'onload',
          language,
          name: 'altcha',
          configuration: JSON.stringify({ hideLogo: true, hideFooter: true, minDuration: 0 }),
        })
      ) : (
        <div className="proof-of-work__placeholder">{t('challenge.label')}</div>
      )}
    </div>
  );
}
