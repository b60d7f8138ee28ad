import { limits } from '@parley/contract/plain';
import { Alert, Button, Row, Stack, Text, TextArea, Title } from '@/components/plain/plain';
import type { AuthorComment } from '../api/feedback';
import { useFeedbackTranslation } from './feedback-texts';
import { useAuthorCommentForm } from './use-author-comment-form';

/** The author's comment under their post (public too once the post is). */
export const CommentForm = ({
  token,
  published,
  onSent,
}: {
  token: string;
  published: boolean;
  onSent: (comment: AuthorComment) => void;
}) => {
  const { t } = useFeedbackTranslation();
  const { id, text, change, required, tooLong, problem, sending, sent, submit } = useAuthorCommentForm(
    token,
    onSent,
  );
  return (
    <section aria-labelledby={`${id}-title`}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap={12}>
          <Title order={2} size="h3" id={`${id}-title`}>
            {t('feedbackPage.author.comment.title')}
          </Title>
          {published ? (
            <Text dimmed small>
              {t('feedbackPage.author.comment.public')}
            </Text>
          ) : null}
          <TextArea
            id={`${id}-text`}
            label={t('feedbackPage.author.comment.label')}
            value={text}
            onChange={(e) => change(e.currentTarget.value)}
            error={
              required
                ? t('feedbackPage.author.comment.required')
                : tooLong
                  ? t('participation.errors.tooLong', { max: limits.textMax })
                  : null
            }
            description={t('participation.freeText.counter', {
              count: text.trim().length,
              max: limits.textMax,
            })}
          />
          {problem ? (
            <Alert tone="red" role="alert">
              {t(problem)}
            </Alert>
          ) : null}
          <div role="status">
            {sent ? <Alert tone="teal">{t('feedbackPage.author.comment.sent')}</Alert> : null}
          </div>
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" loading={sending} disabled={tooLong}>
              {t('feedbackPage.author.comment.send')}
            </Button>
          </Row>
        </Stack>
      </form>
    </section>
  );
};
