import type { ContactWays } from '../../lib/form-flow';
import { callbackForm, packageRequestForm } from '../../lib/forms';
import { requestedServiceLabel, type OpenDialog } from '../../stores/dialogs';
import { REQUEST_FAILED, REQUEST_RECEIVED, showNotice } from '../../stores/notices';
import FormFrame from '../forms/FormFrame';

/*
 * The form of the open dialog: the callback request, or the request for one
 * package of a service with the service's own questions. Either says in a
 * notice whether it was sent, and closes its dialog once it was.
 */

interface Props {
  dialog: OpenDialog;
  siteKey: string;
  ways: ContactWays;
  onClose: () => void;
}

export default function DialogForm({ dialog, onClose, ...props }: Props) {
  const settings = {
    ...props,
    onSent: () => {
      showNotice(REQUEST_RECEIVED);
      onClose();
    },
    onFailed: () => showNotice(REQUEST_FAILED, { tone: 'error' }),
  };
  if (dialog.kind === 'callback')
    return <FormFrame form={callbackForm} given={{ service: dialog.service }} onCancel={onClose} {...settings} />;
  const { service } = dialog;
  return (
    <FormFrame
      form={packageRequestForm}
      draft={`package-request:${service.id}`}
      given={{ service: requestedServiceLabel(dialog), serviceId: service.id }}
      questions={service.questions}
      {...settings}
    />
  );
}
