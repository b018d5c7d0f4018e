import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './Modal.module.css';

/*
 * A modal on the native <dialog>: the browser traps focus and closes it on
 * Escape; a click on the backdrop or the "Close dialog" button closes it too.
 * The caller returns focus to the control that opened it.
 */

interface Props {
  title: string;
  subtitle?: string;
  onClose: () => void;
  children: ReactNode;
}

export default function Modal({ title, subtitle, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The browser would focus the first focusable element, the close button; start at the first field instead.
    dialog.querySelector<HTMLElement>('input:not([readonly]):not([tabindex="-1"]), select, textarea')?.focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    // The inner panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
    // (Listened to here, not in JSX: the keyboard's way out is the dialog's own Escape, handled by onCancel.)
    const onBackdropClick = (event: MouseEvent) => {
      if (event.target === dialog) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onBackdropClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onBackdropClick);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId}>
      <div className={styles.panel}>
        <header className={styles.header}>
          <div>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </div>
          <button type="button" className={styles.close} aria-label="Close dialog" onClick={onClose}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M5 5l14 14M19 5 5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
