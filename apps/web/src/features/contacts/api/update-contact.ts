import { api, type ContactUpdate } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { contactQueryKeys } from './contact-query-keys';

/** PATCH /contact/:id: phone, address and internal names (an empty text clears a field). */
export const updateContact = ({ id, body }: { id: string; body: ContactUpdate }) =>
  call(api.contacts.update, { params: { id }, body });

export const useUpdateContact = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.detail.saveFailed'), message: contactErrorMessage(error) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactQueryKeys.all }),
  });
};
