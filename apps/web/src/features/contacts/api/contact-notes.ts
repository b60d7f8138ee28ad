import { api } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { notifyError } from '@/lib/notifications';
import { contactQueryKeys } from './contact-query-keys';

/** POST /contact/:id/note. */
export const addContactNote = ({ id, noteText }: { id: string; noteText: string }) =>
  call(api.contacts.addNote, { params: { id }, body: { noteText } });

/** PATCH /contact/:id/note/:noteId. */
export const updateContactNote = ({
  id,
  noteId,
  noteText,
}: {
  id: string;
  noteId: string;
  noteText: string;
}) => call(api.contacts.updateNote, { params: { id, noteId }, body: { noteText } });

const useNoteMutation = <Input extends { id: string }>(mutationFn: (input: Input) => Promise<unknown>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: (error) =>
      notifyError({ title: t('contacts.notes.saveFailed'), message: contactErrorMessage(error) }),
    onSuccess: (_note, { id }) => queryClient.invalidateQueries({ queryKey: contactQueryKeys.detail(id) }),
  });
};

export const useAddContactNote = () => useNoteMutation(addContactNote);
export const useUpdateContactNote = () => useNoteMutation(updateContactNote);
