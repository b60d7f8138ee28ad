import type { PostState } from '@parley/contract';
import { useEffect, useRef } from 'react';
import { Alert, Button, Stack, Title } from '@/components/plain/plain';
import { useFeedbackTranslation } from './feedback-texts';
import type { SendProblem } from './use-feedback-form';

/** The thank-you after sending: the link was mailed, and whether the post is public already. */
export const Sent = ({
  email,
  state,
  manufacturerName,
  onAgain,
}: {
  email: string;
  state: PostState;
  manufacturerName: string;
  onAgain: () => void;
}) => {
  const { t } = useFeedbackTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert tone="teal" role="status">
      <Stack gap={8}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {t('feedbackPage.sent.title')}
        </Title>
        <span>{t('feedbackPage.sent.mailed', { email })}</span>
        <span>
          {state === 'published'
            ? t('feedbackPage.sent.published')
            : t('feedbackPage.sent.pending', { name: manufacturerName })}
        </span>
        <div>
          <Button variant="default" compact onClick={onAgain}>
            {t('feedbackPage.sent.again')}
          </Button>
        </div>
      </Stack>
    </Alert>
  );
};

/** Why the send failed, announced at once; the entries stay and the form's button sends them again. */
export const SendProblemAlert = ({ problem }: { problem: SendProblem }) => {
  const { t } = useFeedbackTranslation();
  return (
    <Alert tone="red" role="alert">
      <Stack gap={4}>
        <span>
          <strong>{t('feedbackPage.form.failed.title')}</strong>{' '}
          {t(`feedbackPage.form.failed.${problem.kind}`)}
        </span>
        {problem.message ? (
          <span>{t('feedbackPage.form.failed.serverSaid', { message: problem.message })}</span>
        ) : null}
      </Stack>
    </Alert>
  );
};
