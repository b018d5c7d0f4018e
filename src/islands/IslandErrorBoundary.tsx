import { Component, type ReactNode } from 'react';
import { clearDraft } from '../lib/drafts';
import type { ContactWays } from '../lib/form-flow';

/*
 * What every island sits inside: an island that throws would otherwise vanish, a form with everything typed into
 * it, saying nothing. Here it gives way to the company's other ways in, in plain words, and the rest of the page
 * carries on. React catches a render error only in a class component with these two methods (react.dev,
 * "Catching rendering errors with an error boundary"); this is all of react-error-boundary the site needs.
 */

interface Props {
  ways: ContactWays;
  /** The draft of the form inside (src/lib/drafts.ts), discarded when the form throws: it could throw at every load. */
  draft?: string | undefined;
  /** Where the other ways in stand when the island's own place cannot hold a paragraph (the menu's, in the toolbar). */
  placeOtherWays?: ((otherWays: ReactNode) => ReactNode) | undefined;
  children: ReactNode;
}

export default class IslandErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // React itself reports the error on the console (createRoot's onCaughtError).
  override componentDidCatch() {
    if (this.props.draft) clearDraft(this.props.draft);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const otherWays = <OtherWaysIn ways={this.props.ways} />;
    return this.props.placeOtherWays ? this.props.placeOtherWays(otherWays) : otherWays;
  }
}

/** The company's phone, WhatsApp (when it has a number) and e-mail, as links that carry nothing typed. */
export function OtherWaysIn({ ways }: { ways: ContactWays }) {
  return (
    <div role="alert">
      <p>Sorry, this part of the page is not working. Reload the page to try again, or reach us another way:</p>
      <ul>
        <li>
          Call us on <a href={`tel:${ways.phone.replace(/[^0-9+]/g, '')}`}>{ways.phone}</a>
        </li>
        {ways.whatsapp && (
          <li>
            Message us on WhatsApp at{' '}
            <a href={`https://wa.me/${ways.whatsapp.replace(/[^0-9]/g, '')}`} rel="noopener noreferrer">
              {ways.whatsapp}
            </a>
          </li>
        )}
        <li>
          Email us at <a href={`mailto:${ways.email}`}>{ways.email}</a>
        </li>
      </ul>
    </div>
  );
}
