import { firstCodePoints } from './text';

/**
 * The address a "Get Started" or "Request a callback" link falls back to
 * without JavaScript: the Contact Us page, carrying what the visitor chose.
 */
export function contactHref(choice: {
  kind: 'package-request' | 'callback';
  service?: string;
  package?: string;
}): string {
  const params = new URLSearchParams({ kind: choice.kind });
  if (choice.service) params.set('service', choice.service);
  if (choice.package) params.set('package', choice.package);
  return `/contact-us?${params.toString()}#contact-form`;
}

/**
 * The subject Contact Us starts with for a visitor sent by such a link (`search` is the page address's query). Anyone
 * can write such a link, so its words are cut to a subject's length, by characters: cut by UTF-16 units, an emoji
 * across the limit would leave half a character, which breaks the links that carry the message.
 */
export function subjectFromContactLink(search: string): string {
  const params = new URLSearchParams(search);
  const service = firstCodePoints(params.get('service') ?? '', 100);
  const pkg = firstCodePoints(params.get('package') ?? '', 60);
  if (params.get('kind') === 'callback') return service ? `Callback about ${service}` : 'Callback request';
  if (service) return pkg ? `${service} - ${pkg}` : service;
  return '';
}
