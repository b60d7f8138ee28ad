import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUnlink } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * A titled section listing what a contact list and a group campaign are linked to (a list's
 * campaigns, a campaign's lists), each a link with a detail beside it and an "Unlink" button that
 * asks first. `items` undefined (still loading) shows the title alone.
 */
export const LinkedItems = <Item extends { _id: string }>({
  title,
  level,
  items,
  none,
  text,
  name,
  href,
  detail,
  unlinkLabel,
  confirmTitle,
  confirmText,
  unlinking,
  onUnlink,
}: {
  title: string;
  /** The heading's level: a page's section (2) or a panel's (3). */
  level: 2 | 3;
  items: readonly Item[] | undefined;
  /** Said when there is nothing linked. */
  none: string;
  /** Said above the items, when there are any. */
  text?: string;
  name: (item: Item) => string;
  href: (item: Item) => string;
  detail: (item: Item) => string;
  /** Names an item's "Unlink" button. */
  unlinkLabel: (item: Item) => string;
  /** The confirmation's title, for the item's name. */
  confirmTitle: (name: string) => string;
  confirmText: string;
  /** The unlinking call is running. */
  unlinking: boolean;
  /** Unlinks the item confirmed, then calls `unlinked` (the confirmation closes). */
  onUnlink: (item: Item, unlinked: () => void) => void;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [asked, setAsked] = useState<Item | null>(null);
  // The item the confirmation names, kept while it closes.
  const [shown, setShown] = useState<Item | null>(null);

  const confirm = () => {
    if (!asked) return;
    onUnlink(asked, () => setAsked(null));
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap={level === 2 ? 'sm' : 'xs'}>
        <Title order={level} size={level === 2 ? 'h4' : 'h5'} id={headingId}>
          {title}
        </Title>
        {items === undefined ? null : items.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {none}
          </Text>
        ) : (
          <>
            {text ? (
              <Text fz="sm" c="dimmed">
                {text}
              </Text>
            ) : null}
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {items.map((item) => (
                <Paper key={item._id} component="li" withBorder radius="md" px="md" py="xs">
                  <Group justify="space-between" gap="sm">
                    <Group gap="xs">
                      <Anchor component={Link} to={href(item)} fw={500}>
                        {name(item)}
                      </Anchor>
                      <Text fz="sm" c="dimmed">
                        {detail(item)}
                      </Text>
                    </Group>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconUnlink size={14} aria-hidden />}
                      aria-label={unlinkLabel(item)}
                      onClick={() => {
                        setAsked(item);
                        setShown(item);
                      }}
                    >
                      {t('contactLists.campaigns.unlink')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Stack>
      <ConfirmDialog
        opened={asked !== null}
        title={confirmTitle(shown ? name(shown) : '')}
        confirmLabel={t('contactLists.campaigns.unlinkConfirm')}
        color="red"
        focus="cancel"
        loading={unlinking}
        onConfirm={confirm}
        onClose={() => setAsked(null)}
      >
        <Text>{confirmText}</Text>
      </ConfirmDialog>
    </section>
  );
};
