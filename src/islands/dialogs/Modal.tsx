import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { SITE_DIALOG } from '../../lib/site-dialog';

/*
 * The page's one dialog (src/components/SiteDialog.astro), a native <dialog>
 * taken over in place: on the tap that woke this island, the page's own script
 * has opened it already, with the form's first field and "Loading the form…".
 * Here its heading is filled in and the form put in its body; what was typed
 * into the first field is taken over by the form's own field of the same id
 * (src/islands/forms/use-form.ts). The browser traps focus and closes it on
 * Escape; the close button and a click on the backdrop close it too. The
 * caller returns focus to the control that opened it.
 */

interface Props {
  title: string;
  subtitle: string;
  onClose: () => void;
  children: ReactNode;
}

/** The fields the dialog may focus, the first when it opens (the browser would pick the close button). */
const EDITABLE_FIELD = 'input:not([readonly]):not([tabindex="-1"]), select, textarea';

/** A part of the page's dialog, which every page holds (src/layouts/BaseLayout.astro). */
function dialogPart(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`The page has no #${id} (src/components/SiteDialog.astro)`);
  return element;
}

export default function Modal({ title, subtitle, onClose, children }: Props) {
  const [body] = useState(() => dialogPart(SITE_DIALOG.body));
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    dialogPart(SITE_DIALOG.title).textContent = title;
    dialogPart(SITE_DIALOG.subtitle).textContent = subtitle;
  }, [title, subtitle]);

  useEffect(() => {
    const dialog = dialogPart(SITE_DIALOG.dialog);
    if (!(dialog instanceof HTMLDialogElement)) throw new Error(`#${SITE_DIALOG.dialog} is not a <dialog>`);
    const wasOpen = dialog.open;
    // The form's effects have run (a child's run first): its fields have taken over what was typed into the first
    // frame's, which gives way, the focus and caret going to the form's field of the same id.
    const firstFrame = document.getElementById(SITE_DIALOG.firstFrame);
    const active = document.activeElement;
    const typing = active instanceof HTMLInputElement && firstFrame?.contains(active);
    const caret = typing ? { id: active.id, start: active.selectionStart, end: active.selectionEnd } : null;
    firstFrame?.remove();
    if (!wasOpen) dialog.showModal();
    // Focus the visitor moved within the open dialog (to its close button) stays where they put it.
    const moved = wasOpen && dialog.contains(document.activeElement) && document.activeElement !== dialog;
    if (!moved) {
      const field = caret ? document.getElementById(caret.id) : dialog.querySelector<HTMLElement>(EDITABLE_FIELD);
      field?.focus();
      if (caret && field instanceof HTMLInputElement) field.setSelectionRange(caret.start, caret.end);
    }

    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    // The close button's <form method="dialog"> and a click outside (closedby="any") close the dialog themselves.
    const onClosed = () => closeRef.current();
    // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop (for browsers without
    // closedby). Listened to here, not in JSX: the keyboard's way out is the dialog's own Escape, handled by onCancel.
    const onBackdropClick = (event: MouseEvent) => {
      if (event.target === dialog) closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    dialog.addEventListener('click', onBackdropClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      dialog.removeEventListener('click', onBackdropClick);
      if (dialog.open) dialog.close();
    };
  }, []);

  return createPortal(children, body);
}
