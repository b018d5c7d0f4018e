import { fieldErrors, type FieldErrors } from '../../lib/forms';

/*
 * Field errors of a form as the visitor sees them: the schema's messages,
 * without the captcha (checked separately, when the visitor tries to send).
 */
export function validate(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
  payload: Record<string, unknown>,
): FieldErrors {
  const result = schema.safeParse({ ...payload, 'h-captcha-response': 'not-yet-checked' });
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

export const CAPTCHA_MISSING = 'Complete the check that you are not a robot';
