import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import type { ContactWays } from '../lib/form-flow';
import { firstUseReady, takeFirstUse } from '../lib/first-use';
import { CALLBACK_SUBTITLE, CALLBACK_TITLE, DIALOG_TRIGGERS, requestTitle, SITE_DIALOG } from '../lib/site-dialog';
import { $dialog, closeDialog, openCallbackDialog, openRequestDialog, type RequestedService } from '../stores/dialogs';
import IslandErrorBoundary from './IslandErrorBoundary';
import DialogForm from './dialogs/DialogForm';
import Modal from './dialogs/Modal';
import NoticeViewport from './dialogs/NoticeViewport';

/*
 * The shell's dialogs: the callback request on every page and, on a service
 * page, the package request. Without JavaScript their triggers are links to
 * Contact Us; this island loads on the first click of one of them
 * (client:first-use) and from then on opens the dialog instead. The page's
 * own script has opened the page's dialog on that first click already
 * (src/components/SiteDialog.astro); the island takes it over in place.
 */

interface Props {
  siteKey: string;
  ways: ContactWays;
  /** The service of this page, when it is a service page. */
  service?: RequestedService | undefined;
}

/** Whether the visitor closed the dialog the page's script opened (src/components/SiteDialog.astro) before now. */
function closedBeforeTakeover(): boolean {
  const dialog = document.getElementById(SITE_DIALOG.dialog);
  return (
    document.getElementById(SITE_DIALOG.firstFrame) !== null && dialog instanceof HTMLDialogElement && !dialog.open
  );
}

/** The island, inside the boundary that keeps the page should it break (each form has its own, inside its dialog). */
export default function GuardedSiteDialogs(props: Props) {
  return (
    <IslandErrorBoundary ways={props.ways}>
      <SiteDialogs {...props} />
    </IslandErrorBoundary>
  );
}

function SiteDialogs({ siteKey, ways, service }: Props) {
  const dialog = useStore($dialog);
  const trigger = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const open = (element: Element) => {
      trigger.current = element instanceof HTMLElement ? element : null;
      const packageName = element.getAttribute('data-package-name');
      if (element.hasAttribute('data-package-request') && service && packageName)
        openRequestDialog(service, packageName);
      else openCallbackDialog(element.getAttribute('data-service') ?? service?.title ?? '');
    };
    const onClick = (event: MouseEvent) => {
      const element = event.target instanceof Element ? event.target.closest(DIALOG_TRIGGERS) : null;
      if (
        !element ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      event.preventDefault();
      open(element);
    };
    document.addEventListener('click', onClick);
    firstUseReady(DIALOG_TRIGGERS);
    // The click that woke this island, which the page's own script answered by opening the dialog: unless the
    // visitor has closed it since (its first frame is still there, and it is not open), the island takes it over.
    const first = takeFirstUse(DIALOG_TRIGGERS);
    if (first && !closedBeforeTakeover()) open(first);
    return () => document.removeEventListener('click', onClick);
  }, [service]);

  // Focus goes back to the control that opened the dialog once the dialog is gone
  // (while a modal is open, nothing outside it can take focus).
  useEffect(() => {
    if (!dialog) trigger.current?.focus();
  }, [dialog]);

  const close = () => closeDialog();

  return (
    <>
      {dialog && (
        <Modal
          key={dialog.kind}
          title={dialog.kind === 'callback' ? CALLBACK_TITLE : requestTitle(dialog.packageName)}
          subtitle={dialog.kind === 'callback' ? CALLBACK_SUBTITLE : dialog.service.title}
          onClose={close}
        >
          <DialogForm dialog={dialog} siteKey={siteKey} ways={ways} onClose={close} />
        </Modal>
      )}
      <NoticeViewport />
    </>
  );
}
