/*
 * The hand-over between the client:first-use directive (src/integrations) and
 * the island it wakes: the element whose click woke the island, and the
 * signal that the island now handles its own events.
 */

/** The element used before the island was ready, if any; reading it clears it. */
export function takeFirstUse(selector: string): Element | undefined {
  const element = window.qdFirstUse?.closest(selector) ?? undefined;
  if (element) window.qdFirstUse = undefined;
  return element;
}

/** Tells the directive that the island for `selector` handles its own events from now on. */
export function firstUseReady(selector: string): void {
  window.dispatchEvent(new CustomEvent('qd:ready', { detail: selector }));
}
