import { fieldErrors, type FieldErrors } from '../../lib/forms';

/*
 * A form's field errors as the visitor sees them: the messages of the form's
 * field schema (one without the robot check, which is asked for last).
 */
export function fieldProblems(
  schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } },
  payload: Record<string, unknown>,
): FieldErrors {
  const result = schema.safeParse(payload);
  if (result.success) return {};
  return fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}
