import { atom } from 'nanostores';
import type { ServiceQuestion } from '../lib/forms';

/*
 * Which dialog is open, if any: the package request of a service page or the
 * callback request of the shell. Islands open and close them through these
 * functions; the dialog island renders what the store says.
 */

export interface RequestedService {
  /** The service's address (slug), sent as serviceId. */
  id: string;
  title: string;
  questions: ServiceQuestion[];
}

export type OpenDialog =
  { kind: 'package-request'; service: RequestedService; packageName: string } | { kind: 'callback'; service: string };

export const $dialog = atom<OpenDialog | null>(null);

export function openRequestDialog(service: RequestedService, packageName: string): void {
  $dialog.set({ kind: 'package-request', service, packageName });
}

export function openCallbackDialog(service = ''): void {
  $dialog.set({ kind: 'callback', service });
}

export function closeDialog(): void {
  $dialog.set(null);
}

/** The service field of a package request: "Service title - Package name". */
export function requestedServiceLabel(dialog: Extract<OpenDialog, { kind: 'package-request' }>): string {
  return `${dialog.service.title} - ${dialog.packageName}`;
}
