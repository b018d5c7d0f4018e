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
