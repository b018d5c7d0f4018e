import { subjectFromContactLink } from '../lib/contact-link';
import type { ContactWays } from '../lib/form-flow';
import { contactForm } from '../lib/forms';
import FormFrame from './forms/FormFrame';

/*
 * The Contact Us form. It says a message was sent only when the server
 * accepted it, and keeps every word on a failure. Its script loads on the
 * visitor's first use of the form (client:first-use): what was typed into the
 * server-rendered fields is taken over, and a press of Send made before the
 * script arrived is carried out once it has.
 */

/** The selector the page gives client:first-use. */
export const CONTACT_FORM = '.contact-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
}

export default function ContactForm(props: Props) {
  // A visitor sent here by a "Get Started" or "Request a callback" link without JavaScript finds the subject started.
  const prefill = () => ({ subject: subjectFromContactLink(location.search) });
  return <FormFrame form={contactForm} firstUse={CONTACT_FORM} prefill={prefill} {...props} />;
}
