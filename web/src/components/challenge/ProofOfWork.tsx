import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The parts of the widget element this component uses. */
type WidgetElement = HTMLElement & {
  verify?: () => Promise<{ payload: string } | null>;
};

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

let widgetModule: Promise<typeof import('./altcha-widget')> | null = null;

/**
 * A form's proof of work (ALTCHA): `answer()` gives the solved payload for the request's
 * `altcha` field (waiting for the widget when it is still working), `renew()` asks for a new
 * challenge once a request used one (the server accepts each solution once).
 */
export function useProofOfWork() {
  const widget = useRef<WidgetElement | null>(null);
  const solved = useRef<string | null>(null);
  const [generation, setGeneration] = useState(0);

  const answer = useCallback(async (): Promise<string | undefined> => {
    const ready = solved.current;
    if (ready) {
      solved.current = null;
      return ready;
    }
    try {
      const result = await widget.current?.verify?.();
      return result?.payload ?? undefined;
    } catch {
      // the server answers challenge_required, which the form shows
      return undefined;
    }
  }, []);

  const renew = useCallback(() => {
    solved.current = null;
    setGeneration((n) => n + 1);
  }, []);

  return { widget, solved, generation, answer, renew };
}

export type ProofOfWorkState = ReturnType<typeof useProofOfWork>;

/**
 * The widget itself: it fetches a challenge of /api/challenge.php and solves it at once in a
 * worker (a second or two; nothing to click), telling the visitor in our words that it checks
 * they are not a robot. Rendered again (a new challenge) after each `renew()`.
 */
export function ProofOfWork({ state, className }: { state: ProofOfWorkState; className?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [loaded, setLoaded] = useState(false);
  const { widget, solved, generation } = state;

  useEffect(() => {
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
        // without the widget the server asks again (challenge_required), which the form shows
      });
    return () => {
      live = false;
    };
  }, [language, t]);

  const attach = useCallback(
    (element: WidgetElement | null) => {
      widget.current = element;
      if (!element) return;
      element.addEventListener('statechange', (event) => {
        const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
        solved.current = detail.state === 'verified' && detail.payload ? detail.payload : null;
      });
    },
    [widget, solved],
  );

  if (!loaded) {
    return (
      <p className={`small text-body-secondary ${className ?? ''}`} role="status">
        {t('challenge.loading')}
      </p>
    );
  }
  return (
    <div className={className}>
      {createElement('altcha-widget', {
        key: generation,
        ref: attach,
        challenge: '/api/challenge.php',
        auto: 'onload',
        language,
        name: 'altcha',
        configuration: JSON.stringify({ hideLogo: true, hideFooter: true, minDuration: 0 }),
      })}
    </div>
  );
}
