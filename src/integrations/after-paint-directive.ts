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
  // A browser without paint timing, or a tab hidden before its first paint (which may
  // never report one): the load event stands in for the first paint. And whatever
  // happens, the wait for a paint ends five seconds after the load event, so a form
  // never stays disabled for a paint that was not reported.
  const onLoad = (then: () => void) => {
    if (document.readyState === 'complete') then();
    else window.addEventListener('load', then, { once: true });
  };
  if (!paintTiming || document.visibilityState === 'hidden') onLoad(afterFirstPaint);
  else document.addEventListener('visibilitychange', () => onLoad(afterFirstPaint), { once: true });
  onLoad(() => setTimeout(afterFirstPaint, 5000));
};

export default afterPaint;
