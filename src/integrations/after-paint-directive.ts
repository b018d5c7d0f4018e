import type { ClientDirective } from 'astro';

/*
 * Hydrates an island once the page has shown its first content and the island
 * is in view. Like client:visible, except that its script never competes with
 * the text and images of the first paint for a slow connection.
 */
const afterPaint: ClientDirective = (load, _options, element) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void load().then((run) => run());
  };
  const whenVisible = () => {
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      hydrate();
    });
    for (const child of element.children) observer.observe(child);
  };

  let painted = false;
  const afterFirstPaint = () => {
    if (painted) return;
    painted = true;
    whenVisible();
  };
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    afterFirstPaint();
    return;
  }
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterFirstPaint();
    });
    observer.observe({ type: 'paint' });
  }
  // A browser without paint timing, or a page loaded in a background tab, which reports no paint.
  const fallback = () => setTimeout(afterFirstPaint, 1000);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
};

export default afterPaint;
