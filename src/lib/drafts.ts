import { wellFormed } from './text';

/*
 * What a visitor typed survives a reload until it is sent: kept in sessionStorage (this tab only), cleared once the
 * server accepts it. A draft is untrusted text (another script, an older form or damaged storage may have written
 * it) and one that broke the form would break it on every reload: only answers of the form's shapes are read back,
 * as well-formed text, and anything else is discarded.
 */

const prefix = 'qd-draft:';

export interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One answer of a form: text, a tick, or the answers of questions nested under one field. */
export type DraftValue = string | boolean | Record<string, string>;

function storage(): DraftStorage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be refused (privacy settings); the form then simply does not remember.
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The answer as a form can hold it, or undefined when it has no shape a form has. */
function readAnswer(value: unknown): DraftValue | undefined {
  if (typeof value === 'string') return wellFormed(value);
  if (typeof value === 'boolean') return value;
  if (!isRecord(value) || !Object.values(value).every((answer) => typeof answer === 'string')) return undefined;
  return Object.fromEntries(Object.entries(value).map(([name, answer]) => [name, wellFormed(answer as string)]));
}

export function loadDraft<T extends object>(
  formId: string,
  store: DraftStorage | undefined = storage(),
): Partial<T> | undefined {
  try {
    const text = store?.getItem(prefix + formId);
    if (!text) return undefined;
    const saved = JSON.parse(text) as unknown;
    if (!isRecord(saved)) throw new TypeError('a draft is an object of answers');
    const answers = Object.entries(saved).map(([name, value]) => [name, readAnswer(value)] as const);
    return Object.fromEntries(answers.filter(([, answer]) => answer !== undefined)) as Partial<T>;
  } catch {
    clearDraft(formId, store);
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
  try {
    store?.removeItem(prefix + formId);
  } catch {
    // Nor must a storage that refuses to forget.
  }
}
