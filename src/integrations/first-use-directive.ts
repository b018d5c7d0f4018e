import type { ClientDirective } from 'astro';

/*
 * Hydrates an island on the first use of a matching element: a click (or the
 * click a keyboard's Enter or Space makes), a form's submission, or focus
 * entering a form field. Until the island says it has taken over (it
 * dispatches `qd:ready` with the same selector), a click or a submission is
 * held back and handed to it through window.qdFirstUse, so the visitor's
 * action is neither lost nor done the script-less way. A click on a <summary>
 * is the exception: its <details> opens at once without a script, and the
 * island takes over the open state when it arrives.
 */
const firstUse: ClientDirective = (load, options) => {
  const selector = String(options.value);
  let started = false;
  const stop = (event: Event) => {
    if ((event as CustomEvent<string>).detail !== selector) return;
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('focusin', onFocus, true);
    window.removeEventListener('qd:ready', stop);
  };
  const start = () => {
    if (started) return;
    started = true;
    void load().then((hydrate) => hydrate());
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(selector) : null;
    // A <summary> toggles its <details> by itself: nothing to hold back.
    if (target?.tagName === 'SUMMARY') {
      start();
      return;
    }
    // Let modified clicks (new tab, new window) do what the visitor asked for.
    if (
      !target ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    // A click into a text field only places the cursor; anything else waits for the island.
    if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      window.qdFirstUse = target instanceof HTMLAnchorElement ? target : (event.target as Element);
    }
    start();
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form?.closest(selector)) return;
    event.preventDefault();
    window.qdFirstUse = event.submitter ?? form;
    start();
  };
  const onFocus = (event: FocusEvent) => {
    const field = event.target;
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.closest(selector)) start();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('focusin', onFocus, true);
  window.addEventListener('qd:ready', stop);
};

export default firstUse;
