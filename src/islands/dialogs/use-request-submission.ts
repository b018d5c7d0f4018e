import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useRef, useState } from 'react';
import { submitForm, type SubmitResult } from '../../lib/api';
import { REQUEST_FAILED, REQUEST_RECEIVED, showNotice } from '../../stores/notices';

/*
 * Sending a dialog's request and telling the visitor what happened: on success
 * the draft is cleared, the notice of spec section 8 shows and the dialog
 * closes; on failure the error notice shows, the reason stays in the dialog,
 * everything typed is kept and the captcha (good for one use) is reset.
 */
export function useRequestSubmission(form: { idempotencyKey: string; reset: () => void }, onDone: () => void) {
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState('');
  const captcha = useRef<HCaptcha>(null);

  const send = async (body: Record<string, unknown>): Promise<SubmitResult> => {
    setSending(true);
    setProblem('');
    const result = await submitForm(body, form.idempotencyKey);
    setSending(false);
    if (result.ok) {
      form.reset();
      showNotice(REQUEST_RECEIVED);
      onDone();
      return result;
    }
    showNotice(REQUEST_FAILED, { tone: 'error' });
    setProblem(result.error ?? 'Your request was not sent. Please try again.');
    captcha.current?.resetCaptcha();
    return result;
  };

  return { sending, problem, captcha, send };
}
