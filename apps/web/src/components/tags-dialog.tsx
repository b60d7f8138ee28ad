import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TagPicker } from './tag-picker';

type TagsDialogProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the action does, above the field. */
  intro?: ReactNode;
  label: string;
  description?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Why it cannot be checked as it is (no tag chosen, nothing changed). */
  error?: string | null;
  /** More fields under the tags (a switch). */
  children?: ReactNode;
  /** The check is running. */
  loading: boolean;
  /** Asks the tag call with `callForCheck: true` (the tag flow shows its report to confirm). */
  onCheck: () => void;
  maxTags?: number;
};

/**
 * The first step of a tag action (D16): the tags to add or remove, picked among those in use, and
 * "Check", which asks what the call would do; the report then asks for confirmation. Nothing
 * changes here. The caller keeps the tags, so a refused check leaves them as they were.
 */
export const TagsDialog = ({
  opened,
  onClose,
  title,
  intro,
  label,
  description,
  value,
  onChange,
  error,
  children,
  loading,
  onCheck,
  maxTags,
}: TagsDialogProps) => {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        {intro ? <Text fz="sm">{intro}</Text> : null}
        <TagPicker
          label={label}
          description={description}
          value={value}
          onChange={onChange}
          error={error ?? undefined}
          maxTags={maxTags}
          autoFocus
        />
        {children}
        <TagCheckFooter onCancel={onClose} onCheck={onCheck} loading={loading} />
      </Stack>
    </Modal>
  );
};

/**
 * The end of the first step of a tag action (D16): that nothing changes yet, Cancel, and "Check",
 * which asks what the call would do. Shared by every dialog that starts a tag action.
 */
export const TagCheckFooter = ({
  onCancel,
  onCheck,
  loading,
}: {
  onCancel: () => void;
  onCheck: () => void;
  /** The check is running. */
  loading: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Text fz="xs" c="dimmed">
        {t('components.tagsDialog.checkHint')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('components.confirm.cancel')}
        </Button>
        <Button leftSection={<IconListCheck size={16} aria-hidden />} onClick={onCheck} loading={loading}>
          {t('components.tagsDialog.check')}
        </Button>
      </Group>
    </>
  );
};
