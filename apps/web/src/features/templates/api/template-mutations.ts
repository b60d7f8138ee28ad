import { api, type TemplateBody } from '@parley/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { templateQueryKeys } from '@/lib/templates';

/** POST /templatemessage: a new template (unknown placeholders are refused, 400 on `text`). */
export const createTemplate = (body: TemplateBody) => call(api.templates.create, { body });

/** PATCH /templatemessage/update/:id: the template's new title, language and text. */
export const updateTemplate = ({ id, body }: { id: string; body: TemplateBody }) =>
  call(api.templates.update, { params: { id }, body });

/** DELETE /templatemessage/:id. */
export const deleteTemplate = (id: string) => call(api.templates.remove, { params: { id } });

/**
 * A template mutation whose refusal the caller says (on a field or in a notification); once it
 * succeeded every template query is read again, so the pickers of the answer boxes follow too.
 */
const useTemplateMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateQueryKeys.all }),
  });
};

export const useCreateTemplate = () => useTemplateMutation(createTemplate);
export const useUpdateTemplate = () => useTemplateMutation(updateTemplate);
export const useDeleteTemplate = () => useTemplateMutation(deleteTemplate);
