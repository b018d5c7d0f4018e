import { useEffect, useState, type RefObject } from 'react';
import { firstUseReady, takeFirstUse } from '../../lib/first-use';

/*
 * For a form on a page whose island loads on the visitor's first use of it
 * (client:first-use): the robot check starts once the visitor engages with
 * the form, and a press of Send made before the script arrived (held by the
 * directive) is carried out once the island has taken the typed answers over.
 * A dialog's form (no selector) is in use from the start.
 */
export function useFirstUseForm(selector: string | undefined, formRef: RefObject<HTMLFormElement | null>) {
  const [engaged, setEngaged] = useState(selector === undefined);
  const [heldSend, setHeldSend] = useState(false);

  useEffect(() => {
    if (selector === undefined) return;
    // The visitor woke this island by using the form: the robot check starts now.
    if (formRef.current?.contains(document.activeElement)) setEngaged(true);
    // What was pressed (the Send button, or the form for a submission without one); taking it clears it.
    const pressed = window.qdFirstUse;
    if (takeFirstUse(selector)) {
      setEngaged(true);
      if (pressed instanceof HTMLFormElement || (pressed instanceof HTMLButtonElement && pressed.type === 'submit'))
        setHeldSend(true);
    }
    firstUseReady(selector);
  }, [selector, formRef]);

  useEffect(() => {
    if (!heldSend) return;
    setHeldSend(false);
    formRef.current?.requestSubmit();
  }, [heldSend, formRef]);

  return { engaged, engage: () => setEngaged(true) };
}
