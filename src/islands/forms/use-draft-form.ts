import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from '../../lib/drafts';
import { randomToken } from '../../lib/api';

/*
 * A form's values, kept as a draft in sessionStorage while the visitor types
 * (so a reload loses nothing) together with the idempotency key of this
 * submission: every retry of the same draft sends the same key, so the server
 * stores it once. `reset` starts a new draft with a new key; `renewKey` keeps
 * the answers under a new key.
 */

export type Values = Record<string, string | boolean | Record<string, string>>;

export function useDraftForm<T extends Values>(formId: string, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [key, setKey] = useState('');
  const loaded = useRef(false);

  // Read the draft after hydration, so the server-rendered markup and the first render agree.
  useEffect(() => {
    const draft = loadDraft<T & { idempotencyKey?: string }>(formId);
    const { idempotencyKey, ...saved } = draft ?? {};
    if (draft) setValues((current) => ({ ...current, ...knownAnswers(saved, current) }));
    setKey(typeof idempotencyKey === 'string' && idempotencyKey ? idempotencyKey : randomToken());
    loaded.current = true;
  }, [formId]);

  useEffect(() => {
    if (loaded.current && key) saveDraft(formId, { ...values, idempotencyKey: key });
  }, [formId, values, key]);

  const setValue = useCallback((name: string, value: Values[string]) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);

  // The first render's answers: callers pass a new object on every render.
  const [blank] = useState(initial);
  const reset = useCallback(
    (next: T = blank) => {
      clearDraft(formId);
      setValues(next);
      setKey(randomToken());
    },
    [formId, blank],
  );

  // A new key for the same answers: the server has seen the old key with a different body.
  const renewKey = useCallback(() => {
    const next = randomToken();
    setKey(next);
    return next;
  }, []);

  return useMemo(
    () => ({ values, setValue, setValues, idempotencyKey: key, reset, renewKey }),
    [values, setValue, key, reset, renewKey],
  );
}

/** Only the saved answers the form still has fields for, with the field's type (loadDraft checked their shapes). */
function knownAnswers<T extends Values>(saved: Record<string, unknown>, current: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(saved).filter(
      ([name, value]) => Object.hasOwn(current, name) && typeof value === typeof current[name],
    ),
  ) as Partial<T>;
}
