import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { captureException } from '@/lib/tracing';
import { retryFailedPages } from '../../lazy-page';

const PageError = ({ onRetry }: { onRetry: () => void }) => {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // The page the person asked for is this message now: screen readers and the keyboard start here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" maw={560}>
      <Title ref={heading} tabIndex={-1} order={1} size="h2">
        {t('pageError.title')}
      </Title>
      <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('pageError.description')}
      </Alert>
      <Group gap="xs">
        <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          {t('pageError.retry')}
        </Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </Button>
      </Group>
    </Stack>
  );
};

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown };

/**
 * Inside the console shell: a page whose code cannot load (an outage) or that fails to render
 * shows a message with "Try again" in place of the page, while the sidebar and header stay, so
 * the person can retry or go elsewhere. Another path (resetKey) clears it.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    captureException(error);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error !== null) return <PageError onRetry={this.retry} />;
    return this.props.children;
  }
}
