import type { ClientDirective } from 'astro';

/*
 * Hydrates an island on the first use of a matching element: a click (or the
 * click a keyboard's Enter or Space makes), or focus entering a form field.
 * A click is held back and handed to the island through window.qdFirstUse so
 * it can act on it; focus needs no replay.
 */
const firstUse: ClientDirective = (load, options) => {
  const selector = String(options.value);
  let started = false;
  const start = () => {
    started = true;
    document.removeEventListener('click', onClick, true);
    document.removeEventListener('focusin', onFocus, true);
    void load().then((hydrate) => hydrate());
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(selector) : null;
    // Let modified clicks (new tab, new window) do what the visitor asked for.
    if (started || !target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)) {
      event.preventDefault();
      window.qdFirstUse = target;
    }
    start();
  };
  const onFocus = (event: FocusEvent) => {
    const field = event.target;
    if (!started && (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.closest(selector)) start();
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('focusin', onFocus, true);
};

export default firstUse;
