import type { ContactWays } from '../lib/form-flow';
import { dataRequestForm } from '../lib/forms';
import FormFrame from './forms/FormFrame';

/*
 * A request about a person's own data (a copy, a correction, erasure, or
 * withdrawing newsletter consent), on the "Your data" page. It reaches the
 * company like any other form; the company answers it with
 * `npm run submissions -- --export` or `--erase` (docs/forms.md).
 */

/** The selector the page gives client:first-use. */
export const DATA_REQUEST_FORM = '.data-request-form';

interface Props {
  siteKey: string;
  ways: ContactWays;
}

export default function DataRequestForm(props: Props) {
  return <FormFrame form={dataRequestForm} firstUse={DATA_REQUEST_FORM} {...props} />;
}
