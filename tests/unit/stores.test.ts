import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $dialog,
  closeDialog,
  openCallbackDialog,
  openRequestDialog,
  requestedServiceLabel,
} from '../../src/stores/dialogs';
import {
  $notice,
  dismissNotice,
  NOTICE_DURATION_MS,
  REQUEST_FAILED,
  REQUEST_RECEIVED,
  showNotice,
} from '../../src/stores/notices';

describe('the notice store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissNotice();
    vi.useRealTimers();
  });

  it('shows a notice with its "Close" action and dismisses it after 3000 ms', () => {
    showNotice(REQUEST_RECEIVED);
    expect($notice.get()).toMatchObject({ message: REQUEST_RECEIVED, action: 'Close' });
    vi.advanceTimersByTime(NOTICE_DURATION_MS - 1);
    expect($notice.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
    expect(NOTICE_DURATION_MS).toBe(3000);
  });

  it('dismisses the open notice first when a new one comes, and the old timer cannot close the new one', () => {
    const first = showNotice(REQUEST_RECEIVED);
    vi.advanceTimersByTime(2000);
    const second = showNotice(REQUEST_FAILED, { tone: 'error' });
    expect($notice.get()?.id).toBe(second.id);
    expect(second.id).not.toBe(first.id);
    vi.advanceTimersByTime(1500);
    expect($notice.get()?.message).toBe(REQUEST_FAILED);
    vi.advanceTimersByTime(1500);
    expect($notice.get()).toBeNull();
  });

  it('closes when its action is used, and ignores a stale close', () => {
    const first = showNotice('one');
    const second = showNotice('two');
    dismissNotice(first.id);
    expect($notice.get()?.id).toBe(second.id);
    dismissNotice(second.id);
    expect($notice.get()).toBeNull();
  });

  it('keeps a notice with duration 0 until closed', () => {
    showNotice('stays', { duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect($notice.get()?.message).toBe('stays');
  });

  it('uses the wording the company chose for both notices', () => {
    expect(REQUEST_RECEIVED).toBe("We've received your request and will get back to you shortly. Thank you!");
    expect(REQUEST_FAILED).toBe('Oops! something seems to be wrong');
  });
});

describe('the dialog store', () => {
  afterEach(() => closeDialog());
  const seo = { id: 'seo', title: 'SEO', questions: [] };

  it('opens the package request for a service and package, labelled "Service - Package"', () => {
    openRequestDialog(seo, 'Growth');
    const dialog = $dialog.get();
    expect(dialog?.kind).toBe('package-request');
    expect(dialog?.kind === 'package-request' && requestedServiceLabel(dialog)).toBe('SEO - Growth');
  });

  it('opens one dialog at a time and closes it', () => {
    openRequestDialog(seo, 'Local');
    openCallbackDialog('Web Hosting');
    expect($dialog.get()).toEqual({ kind: 'callback', service: 'Web Hosting' });
    closeDialog();
    expect($dialog.get()).toBeNull();
  });
});
