import { useEffect, useRef } from 'react';
import { Button, Paper, Stack, Text, Title } from '@/components/plain/plain';

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
    <Paper style={{ marginTop: '2rem', padding: 'clamp(1rem, 4vw, 2rem)' }}>
      <Stack gap={12} center>
        <Title order={level} size="h2" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text>{text}</Text>
        {action ? (
          <Button variant="light" onClick={action.onClick} style={{ marginTop: '0.75rem' }}>
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
};
