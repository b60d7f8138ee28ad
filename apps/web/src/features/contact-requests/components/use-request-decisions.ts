import type { ContactRequest } from '@parley/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowSelection } from '@/components/row-selection';
import { notifySuccess } from '@/lib/notifications';
import { useRejectContactRequests } from '../api/decide-contact-requests';
import { isDecidedError } from '../lib/decision-error';

/**
 * The pending requests' selection and what is decided of them: which dialog (accept or reject) is
 * open for which requests, and the rejection itself.
 */
export const useRequestDecisions = () => {
  const { t } = useTranslation();
  const selection = useRowSelection<ContactRequest>((r) => r._id);
  const reject = useRejectContactRequests();
  // The requests a dialog acts on, fixed when it opens: the selection is cleared once they are
  // decided, and the dialog keeps its words while it closes.
  const [dialog, setDialog] = useState<{ kind: 'accept' | 'reject'; open: boolean; ids: string[] }>({
    kind: 'accept',
    open: false,
    ids: [],
  });
  const open = (kind: 'accept' | 'reject') => setDialog({ kind, open: true, ids: selection.keys });
  const close = () => setDialog((d) => ({ ...d, open: false }));

  const confirmReject = () => {
    reject.mutate(
      { ids: dialog.ids },
      {
        onSuccess: (done) => {
          close();
          selection.clear();
          notifySuccess({
            title: t('contactRequests.reject.doneTitle'),
            message: t('contactRequests.reject.doneText', { count: done.rejected }),
          });
        },
        onError: (error) => {
          if (isDecidedError(error)) {
            close();
            selection.clear();
          }
        },
      },
    );
  };

  return { selection, reject, dialog, open, close, confirmReject };
};
