import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { completeCatalogue } from '../../i18n';
import { isDesktopNow } from '../useIsDesktop';

// the form loads only when a visitor opens the modal, and opens with its texts: a page of the
// public entry brought only the texts it shows, and its texts rendered before the rest of the
// language's arrived would stay keys until something renders the form again (web/src/public)
const SignupModal = lazy(() =>
  Promise.all([import('./SignupModal'), completeCatalogue().catch(() => undefined)]).then(
    ([m]) => ({ default: m.SignupModal }),
  ),
);

interface SignupModalControl {
  open: () => void;
}

const SignupModalContext = createContext<SignupModalControl | null>(null);

/** Holds the signup modal for a layout; signup links inside open it on desktop. */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const control = useMemo(() => ({ open: () => setOpen(true) }), []);
  return (
    <SignupModalContext.Provider value={control}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <SignupModal open onClose={close} onComplete={close} />
        </Suspense>
      )}
    </SignupModalContext.Provider>
  );
}

/** A signup call to action: the modal on desktop, the /signup page on a phone. */
export function SignupLink({ className, children }: { className?: string; children: ReactNode }) {
  const control = useContext(SignupModalContext);
  return (
    <Link
      to="/signup"
      className={className}
      onClick={(event) => {
        if (control && isDesktopNow()) {
          event.preventDefault();
          control.open();
        }
      }}
    >
      {children}
    </Link>
  );
}
