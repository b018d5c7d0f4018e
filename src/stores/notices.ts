import { atom } from 'nanostores';

/*
 * The one notice of the site, shown bottom centre and announced politely.
 * A new notice dismisses the open one first; a notice goes after its duration
 * (3000 ms) or when its action ("Close") is used.
 */

export const NOTICE_DURATION_MS = 3000;

export interface Notice {
  id: number;
  message: string;
  action: string;
  tone: 'success' | 'error';
}

export const $notice = atom<Notice | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function dismissNotice(id?: number): void {
  const current = $notice.get();
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  timer = undefined;
  $notice.set(null);
}

export function showNotice(
  message: string,
  options: { tone?: Notice['tone']; action?: string; duration?: number } = {},
): Notice {
  dismissNotice();
  const notice: Notice = { id: nextId++, message, action: options.action ?? 'Close', tone: options.tone ?? 'success' };
  $notice.set(notice);
  const duration = options.duration ?? NOTICE_DURATION_MS;
  if (duration > 0) timer = setTimeout(() => dismissNotice(notice.id), duration);
  return notice;
}

/** The company's own wording of the two notices, kept word for word from the old site. */
export const REQUEST_RECEIVED = "We've received your request and will get back to you shortly. Thank you!";
export const REQUEST_FAILED = 'Oops! something seems to be wrong';
