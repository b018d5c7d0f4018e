import type { ClientDirective } from 'astro';

/*
 * Hydrates an island once the page has shown its first content and the island
 * is in view. Like client:visible, except that its script never competes with
 * the text and images of the first paint for a slow connection.
 */
const afterPaint: ClientDirective = (load, _options, element) => {
  const hydrate = () => void load().then((run) => run());
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
  const paintTiming = PerformanceObserver.supportedEntryTypes?.includes('paint') ?? false;
  if (paintTiming) {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterFirstPaint();
    });
    observer.observe({ type: 'paint' });
  }
  // A browser without paint timing, or a tab opened in the background (which may report
  // no paint): the load event stands in for the first paint.
  if (!paintTiming || document.visibilityState === 'hidden') {
    if (document.readyState === 'complete') afterFirstPaint();
    else window.addEventListener('load', afterFirstPaint, { once: true });
  }
};

export default afterPaint;
