import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';

type PageMessageProps = {
  title: string;
  text: string;
  action?: { label: string; onClick: () => void };
  /** Whether the message is the page's first content (h1) or follows a survey title (h2). */
  level?: 1 | 2;
  focus?: boolean;
};

/** A whole-page state in plain words: not started, ended, full, not found, … */
export const PageMessage = ({ title, text, action, level = 1, focus = false }: PageMessageProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} mt="xl">
      <Stack gap="sm" ta="center" align="center">
        <Title order={level} size="h2" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text>{text}</Text>
        {action ? (
          <Button variant="light" onClick={action.onClick} mt="sm">
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
};
