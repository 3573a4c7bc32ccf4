import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DropdownProps {
  label: ReactNode;
  /**
   * What the menu is (e.g. "Account", "Taal"), added for screen readers after the visible label,
   * so the accessible name still starts with the text people see (WCAG 2.5.3).
   */
  ariaLabel?: string;
  align?: 'start' | 'end';
  toggleClassName?: string;
  children: (close: () => void) => ReactNode;
}

/** Bootstrap-styled dropdown without Bootstrap's JavaScript: closes on outside click and Escape. */
export function Dropdown({
  label,
  ariaLabel,
  align = 'end',
  toggleClassName = 'nav-link dropdown-toggle',
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="dropdown" ref={ref}>
      <button
        type="button"
        className={`btn btn-link ${toggleClassName}${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {ariaLabel && <span className="visually-hidden">, {ariaLabel}</span>}
      </button>
      {/* data-bs-popper: Bootstrap's placement rules (dropdown-menu-end aligns to the right
          edge) apply to menus positioned without Popper only with this attribute */}
      <ul
        id={id}
        data-bs-popper="static"
        className={`dropdown-menu shadow border-0${align === 'end' ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
      >
        {children(close)}
      </ul>
    </div>
  );
}
