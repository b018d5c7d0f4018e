/*
 * What a visitor has typed into a form survives a reload of the page until it
 * is sent: it is kept in sessionStorage (this tab only, gone when it closes)
 * and cleared once the server has accepted it.
 */

const prefix = 'qd-draft:';

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): DraftStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be refused (privacy settings); the form then simply does not remember.
    return undefined;
  }
}

export function loadDraft<T extends object>(
  formId: string,
  store: DraftStorage | undefined = storage(),
): Partial<T> | undefined {
  const text = store?.getItem(prefix + formId);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(formId: string, values: object, store: DraftStorage | undefined = storage()): void {
  try {
    store?.setItem(prefix + formId, JSON.stringify(values));
  } catch {
    // A full or refused storage must never break the form.
  }
}

export function clearDraft(formId: string, store: DraftStorage | undefined = storage()): void {
  store?.removeItem(prefix + formId);
}
