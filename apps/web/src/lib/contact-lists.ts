import {
  api,
  type ContactFilter,
  type ContactList,
  type ContactListCreate,
  contactListDescriptionMax,
  contactListNameMax,
  type ListInviteReport,
  type RouteInput,
} from '@parley/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '@/lib/api-client';
import { contactErrorMessage } from '@/lib/contact-messages';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notifications';

/**
 * The contact-list calls more than one feature makes: the lists themselves (the lists page, the
 * contact book's "Add to list", the campaign's "Invite lists"), a group campaign's linked lists
 * (its participants and tickets filters), inviting lists to a campaign and unlinking one (from the
 * list's page or the campaign's participants tab). A feature's own calls
 * (one list's members, renaming, deleting) stay in features/contact-lists.
 */

export type ContactListsQuery = NonNullable<RouteInput<typeof api.contactLists.list>['query']>;
export type ContactListMembersQuery = NonNullable<RouteInput<typeof api.contactLists.members>['query']>;

/** Every contact-list query starts with 'contact-lists', so one invalidation refreshes them all. */
export const contactListQueryKeys = {
  all: ['contact-lists'] as const,
  lists: ['contact-lists', 'list'] as const,
  list: (query: ContactListsQuery) => ['contact-lists', 'list', query] as const,
  detail: (id: string) => ['contact-lists', 'detail', id] as const,
  members: (id: string) => ['contact-lists', 'members', id] as const,
  memberPage: (id: string, query: ContactListMembersQuery) =>
    ['contact-lists', 'members', id, query] as const,
  campaign: (campaignId: string) => ['contact-lists', 'campaign', campaignId] as const,
};

/** The code the server answers when another list of the manufacturer has that name (D24). */
export const contactListNameTaken = 'contact-list/name-taken';

export const isNameTaken = (error: unknown) => isApiError(error) && error.code === contactListNameTaken;

/** Why a contact-list call was refused, for an error notification or a field. */
export const contactListErrorMessage = (error: unknown): string =>
  isNameTaken(error) ? i18n.t('contactLists.errors.nameTaken') : contactErrorMessage(error);

/**
 * The checks of a list's name and description, with the contract's limits (D24), for every form that
 * makes or edits a list: each answers the message to show, or null.
 */
export const useContactListFieldRules = () => {
  const { t } = useTranslation();
  return {
    name: (value: string) => {
      const name = value.trim();
      if (name === '') return t('contactLists.form.nameRequired');
      return name.length > contactListNameMax ? t('common.maxLength', { max: contactListNameMax }) : null;
    },
    description: (value: string) =>
      value.trim().length > contactListDescriptionMax
        ? t('common.maxLength', { max: contactListDescriptionMax })
        : null,
  };
};

/** GET /v2/contactList/all: the lists with their member counts, paged, searched and sorted. */
export const getContactLists = (query: ContactListsQuery, signal?: AbortSignal) =>
  call(api.contactLists.list, { query }, { signal });

export const getContactListsQueryOptions = (query: ContactListsQuery) =>
  queryOptions({
    queryKey: contactListQueryKeys.list(query),
    queryFn: ({ signal }) => getContactLists(query, signal),
    placeholderData: keepPreviousData,
    // The table (or the picker) says it could not be loaded.
    meta: { errorNotification: false },
  });

export const useContactLists = (query: ContactListsQuery, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getContactListsQueryOptions(query), enabled: options.enabled ?? true });

/** POST /contactList: a new list, optionally with its first members. */
export const createContactList = (body: ContactListCreate): Promise<ContactList> =>
  call(api.contactLists.create, { body });

/**
 * PUT /contactList/:id with {newContactIds}, or with {filter} every contact the contact book's filter
 * matches (its "all matching"): they join the list; nothing else changes.
 */
export const addContactsToList = (
  input: { id: string } & ({ contactIds: string[] } | { filter: ContactFilter }),
) =>
  call(api.contactLists.update, {
    params: { id: input.id },
    body: 'filter' in input ? { filter: input.filter } : { newContactIds: input.contactIds },
  });

/** Refreshes every contact-list query once a call changed a list (its count, members or campaigns). */
export const useInvalidateContactLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contactListQueryKeys.all });
};

/**
 * A contact-list mutation: the caller says what a refusal is titled (the message is the server's
 * reason in the console's words) and the lists are read again once it succeeded.
 */
export const useContactListMutation = <Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  options: { onError?: (error: unknown) => void } = {},
) => {
  const invalidate = useInvalidateContactLists();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: options.onError,
    onSuccess: () => invalidate(),
  });
};

export type InviteListsInput = {
  campaignId: string;
  listIds: string[];
  /** D16: only say what it would do. */
  callForCheck: boolean;
};

/**
 * POST /campaign/:id/contactlist: every member of the lists is invited to the campaign (a person
 * in two lists once); a group campaign keeps the lists linked, so later members are invited too.
 */
export const inviteListsToCampaign = ({
  campaignId,
  listIds,
  callForCheck,
}: InviteListsInput): Promise<ListInviteReport> =>
  call(api.contactLists.inviteToCampaign, {
    params: { id: campaignId },
    body: { contactLists: listIds, callForCheck },
  });

/** GET /campaign/:id/contactlist: the lists linked to a group campaign. */
export const getCampaignContactLists = (campaignId: string, signal?: AbortSignal) =>
  call(api.contactLists.campaignLists, { params: { id: campaignId } }, { signal });

export const getCampaignContactListsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: contactListQueryKeys.campaign(campaignId),
    queryFn: ({ signal }) => getCampaignContactLists(campaignId, signal),
    staleTime: 0,
  });

/** A group campaign's linked lists; `enabled: false` for any other campaign (it has none). */
export const useCampaignContactLists = (campaignId: string, enabled = true) =>
  useQuery({ ...getCampaignContactListsQueryOptions(campaignId), enabled });

/** DELETE /campaign/:id/contactlist/:listId: later members are no longer invited; invitations stay. */
export const unlinkListFromCampaign = ({ campaignId, listId }: { campaignId: string; listId: string }) =>
  call(api.contactLists.unlinkFromCampaign, { params: { id: campaignId, listId } });

/**
 * Unlinks a list from a group campaign, from either side: `unlinked` runs once it is done, and the
 * outcome (done, or the refusal) is said in a notification.
 */
export const useUnlinkListFromCampaign = () => {
  const { t } = useTranslation();
  const mutation = useContactListMutation(unlinkListFromCampaign, {
    onError: (error) =>
      notifyError({
        title: t('contactLists.campaigns.unlinkFailed'),
        message: contactListErrorMessage(error),
      }),
  });
  const unlink = (
    campaign: { _id: string; title: string },
    list: { _id: string; name: string },
    unlinked: () => void,
  ) =>
    mutation.mutate(
      { campaignId: campaign._id, listId: list._id },
      {
        onSuccess: () => {
          unlinked();
          notifySuccess({
            title: t('contactLists.campaigns.unlinkedTitle'),
            message: t('contactLists.campaigns.unlinkedText', { name: list.name, title: campaign.title }),
          });
        },
      },
    );
  return { unlink, isPending: mutation.isPending };
};
