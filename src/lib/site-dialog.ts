// With its extension: support/budgets.ts reads this file in plain Node.
import { callbackForm, packageRequestForm } from './forms.ts';

/*
 * The page's one dialog (src/components/SiteDialog.astro): a native <dialog> the page already holds, opened by the
 * page's own script on the tap, before any island script has arrived, then taken over in place by the dialogs island
 * (src/islands/SiteDialogs.tsx). The words and ids both of them write are here once, so nothing the visitor sees or
 * types into changes when the island takes over (docs/decisions.md, "The first tap answers at once").
 */

/** The links that open a dialog; without JavaScript they lead to Contact Us (src/lib/contact-link.ts). */
export const DIALOG_TRIGGERS = '[data-callback-trigger], [data-package-request]';

/** The ids of the dialog and of the parts the island fills. */
export const SITE_DIALOG = {
  dialog: 'site-dialog',
  title: 'site-dialog-title',
  subtitle: 'site-dialog-subtitle',
  /** What the page shows before the island takes over: the form's first field and "Loading the form…". */
  firstFrame: 'site-dialog-first-frame',
  /** Where the island puts the form. */
  body: 'site-dialog-body',
} as const;

export const CALLBACK_TITLE = 'Request a callback';
export const CALLBACK_SUBTITLE = 'Leave your details and we will call or write back within one working day.';

/** A package request's title (its subtitle is the service's title). */
export const requestTitle = (packageName: string) => `Request ${packageName}`;

/**
 * The first field of each dialog's form, the visitor's name. The dialog holds it from its first frame, so typing can
 * start before the island arrives; the form's own field, with the same id and label, takes what was typed over.
 */
export const FIRST_FIELD = {
  callback: { id: callbackForm.fieldId('name'), field: callbackForm.fields.name },
  'package-request': { id: packageRequestForm.fieldId('name'), field: packageRequestForm.fields.name },
};
