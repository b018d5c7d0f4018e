import type { ClientDirective } from 'astro';

const firstUse: ClientDirective = (load, options) => {
  const selector = String(options.value);
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(selector) : null;
    // Let modified clicks (new tab, new window) do what the visitor asked for.
    if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    document.removeEventListener('click', onClick, true);
    window.qdFirstUse = target;
    void load().then((hydrate) => hydrate());
  };
  document.addEventListener('click', onClick, true);
};

export default firstUse;
