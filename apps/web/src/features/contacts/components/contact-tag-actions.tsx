import { Button, Group, Stack, Text } from '@mantine/core';
import type { ContactDetail, ContactFilter } from '@parley/contract';
import { IconTags } from '@tabler/icons-react';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TagChips } from '@/components/tag-chips';
import { useTagCheckAndSend } from '@/components/tag-report';
import { TagsDialog } from '@/components/tags-dialog';
import { refocus } from '@/lib/refocus';
import { contactQueryKeys } from '../api/contact-query-keys';
import { type EditTagsInput, editContactTags } from '../api/edit-tags';
import { contactName } from '../lib/contact-name';

export type BulkTagMode = 'add' | 'remove';

/** What a tag change adds and removes, above the check's report. */
const TagChange = ({ input }: { input: EditTagsInput }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      {input.addedTags.length > 0 ? (
        <Text fz="sm">
          {t('contacts.tagEdit.adds', { count: input.addedTags.length, tags: input.addedTags.join(', ') })}
        </Text>
      ) : null}
      {input.removedTags.length > 0 ? (
        <Text fz="sm">
          {t('contacts.tagEdit.removes', {
            count: input.removedTags.length,
            tags: input.removedTags.join(', '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
};

/**
 * PATCH /tag/edit through D16's check: the tags picked, the check's report (tagged, groups joined,
 * invitations) to confirm, then the change. `closePicker` runs once the check answered, so the
 * report's confirmation takes the picker's place.
 */
const useContactTagFlow = ({
  title,
  confirmLabel,
  doneTitle,
  closePicker,
  onDone,
  returnFocus,
}: {
  title: (input: EditTagsInput) => string;
  confirmLabel: string;
  doneTitle: string;
  closePicker: () => void;
  onDone: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) => {
  const { t } = useTranslation();
  return useTagCheckAndSend<EditTagsInput>({
    call: async (input) => {
      const report = await editContactTags(input);
      if (input.callForCheck) closePicker();
      return report;
    },
    title,
    confirmLabel,
    intro: (input) => <TagChange input={input} />,
    doneTitle: () => doneTitle,
    failedTitle: t('contacts.tagEdit.failed'),
    invalidate: [contactQueryKeys.all],
    onDone,
    // The picker that opened the confirmation has gone: back to the button that opened it.
    onExited: () => refocus(returnFocus),
  });
};

/**
 * The contact book's bulk "Add tags" / "Remove tags": the tags to add to (or remove from) every
 * chosen contact, checked, then confirmed with what it would do.
 */
export const BulkTagsDialog = ({
  mode,
  opened,
  target,
  onClose,
  returnFocus,
}: {
  mode: BulkTagMode;
  opened: boolean;
  /** The contacts chosen, or every one the list's filter matches (`count` of them). */
  target: { contactIds: string[] } | { filter: ContactFilter; count: number };
  onClose: () => void;
  /** The button that opened it. */
  returnFocus: RefObject<HTMLElement | null>;
}) => {
  const { t } = useTranslation();
  const [tags, setTags] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const count = 'filter' in target ? target.count : target.contactIds.length;
  const adding = mode === 'add';
  const flow = useContactTagFlow({
    title: () =>
      adding
        ? t('contacts.tagEdit.confirmAddTitle', { count })
        : t('contacts.tagEdit.confirmRemoveTitle', { count }),
    confirmLabel: adding ? t('contacts.tagEdit.confirmAdd') : t('contacts.tagEdit.confirmRemove'),
    doneTitle: adding ? t('contacts.tagEdit.addedTitle') : t('contacts.tagEdit.removedTitle'),
    closePicker: onClose,
    onDone: () => {
      setTags([]);
      setTried(false);
    },
    returnFocus,
  });

  const check = () => {
    setTried(true);
    if (tags.length === 0 || count === 0) return;
    flow.start({
      ...('filter' in target ? { filter: target.filter } : { contactIds: target.contactIds }),
      addedTags: adding ? tags : [],
      removedTags: adding ? [] : tags,
    });
  };

  return (
    <>
      <TagsDialog
        opened={opened}
        onClose={() => {
          setTried(false);
          onClose();
        }}
        title={
          adding ? t('contacts.tagEdit.addTitle', { count }) : t('contacts.tagEdit.removeTitle', { count })
        }
        label={adding ? t('contacts.tagEdit.addLabel') : t('contacts.tagEdit.removeLabel')}
        description={adding ? t('contacts.tagEdit.addHint') : t('contacts.tagEdit.removeHint')}
        value={tags}
        onChange={setTags}
        error={tried && tags.length === 0 ? t('contacts.tagEdit.noTags') : null}
        loading={flow.isPending}
        onCheck={check}
      />
      {flow.dialog}
    </>
  );
};

/**
 * The contact page's tags: chips, each with its remove button, and "Edit tags" (add and remove in
 * one go), each change one PATCH /tag/edit through the check, whose report says which groups the
 * contact joins or leaves and the campaigns it is invited to.
 */
export const ContactTagsSection = ({ contact }: { contact: ContactDetail }) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [tags, setTags] = useState<string[]>(contact.tags);
  const [tried, setTried] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const name = contactName(contact) || contact.email;
  const flow = useContactTagFlow({
    title: (input) =>
      input.addedTags.length === 0 && input.removedTags.length === 1
        ? t('contacts.tagEdit.confirmRemoveOneTitle', { tag: input.removedTags[0], name })
        : t('contacts.tagEdit.confirmEditTitle', { name }),
    confirmLabel: t('contacts.tagEdit.confirmEdit'),
    doneTitle: t('contacts.tagEdit.savedTitle'),
    closePicker: () => setEditing(false),
    onDone: () => setTried(false),
    returnFocus: button,
  });

  const added = tags.filter((tag) => !contact.tags.includes(tag));
  const removed = contact.tags.filter((tag) => !tags.includes(tag));

  const open = () => {
    setTags(contact.tags);
    setTried(false);
    setEditing(true);
  };
  const check = () => {
    setTried(true);
    if (added.length + removed.length === 0) return;
    flow.start({ contactIds: [contact._id], addedTags: added, removedTags: removed });
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" justify="space-between">
        <Text fz="sm" fw={600}>
          {t('contacts.tags')}
        </Text>
        <Button
          ref={button}
          size="compact-sm"
          variant="subtle"
          leftSection={<IconTags size={14} aria-hidden />}
          onClick={open}
        >
          {t('contacts.tagEdit.edit')}
        </Button>
      </Group>
      <TagChips
        tags={contact.tags}
        label={t('contacts.tags')}
        none={t('contacts.detail.noTags')}
        onRemove={(tag) => flow.start({ contactIds: [contact._id], addedTags: [], removedTags: [tag] })}
        removeDisabled={flow.isPending}
      />
      <TagsDialog
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('contacts.tagEdit.editTitle', { name })}
        label={t('contacts.tags')}
        description={t('contacts.tagEdit.editHint')}
        value={tags}
        onChange={setTags}
        error={tried && added.length + removed.length === 0 ? t('contacts.tagEdit.noChange') : null}
        loading={flow.isPending}
        onCheck={check}
      />
      {flow.dialog}
    </Stack>
  );
};
