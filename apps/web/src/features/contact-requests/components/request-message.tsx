import { Anchor, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Longer messages show their start until the owner asks for the rest. */
const previewLength = 120;

/** A request's message in the table: short ones whole, long ones cut, with "Show more" to read them. */
export const RequestMessage = ({ message }: { message: string | null }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!message) return <Text fz="sm">—</Text>;
  const long = message.length > previewLength;
  return (
    <Stack gap={2} align="flex-start" maw="28rem">
      <Text id={id} fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {long && !open ? `${message.slice(0, previewLength).trimEnd()}…` : message}
      </Text>
      {long ? (
        <Anchor
          component="button"
          type="button"
          fz="xs"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? t('contactRequests.list.showLess') : t('contactRequests.list.showMore')}
        </Anchor>
      ) : null}
    </Stack>
  );
};
