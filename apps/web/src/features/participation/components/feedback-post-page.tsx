import type { PublicPost } from '@parley/contract';
import type { ReactNode } from 'react';
import { Link, Row, Stack } from '@/components/plain/plain';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type FeedbackPageInfo, usePublicPost } from '../api/feedback';
import { FeedbackFrame, feedbackNotFoundPage, usePageLanguage } from './feedback-frame';
import {
  FeedbackHeader,
  FeedbackLoadProblem,
  feedbackPageHref,
  isBrokenLink,
  PostView,
} from './feedback-shared';
import { translateFeedback, useFeedbackTranslation } from './feedback-texts';
import { PublicLoading } from './load-state';
import { PageMessage } from './page-message';

/** A post that is not (or no longer) public, with the way back to the page. */
const NotPublic = ({ manufacturerId }: { manufacturerId: string }) => {
  const { t } = useFeedbackTranslation();
  return (
    <Stack gap={16}>
      <PageMessage
        title={t('feedbackPage.post.notPublic.title')}
        text={t('feedbackPage.post.notPublic.text')}
      />
      <Row style={{ justifyContent: 'center' }}>
        <Link href={feedbackPageHref(manufacturerId)}>{t('feedbackPage.post.backToPage')}</Link>
      </Row>
    </Stack>
  );
};

/**
 * `/p/f/:manufacturerId/post/:postId`: one published post with the manufacturer's answer and the
 * comments, its report link and the way back to the page. A post that is not public (any more) is
 * said so in friendly words.
 */
export const FeedbackPostPage = ({ manufacturerId, postId }: { manufacturerId: string; postId: string }) => {
  const [language, choose] = usePageLanguage();
  const { data: post, error, isPending, refetch } = usePublicPost(manufacturerId, postId);
  const name = post?.page.manufacturerName;
  useDocumentTitle(
    name
      ? translateFeedback(language, 'feedbackPage.pageTitle', { name })
      : isPending
        ? ''
        : translateFeedback(language, 'feedbackPage.post.notPublic.title'),
  );

  let content: ReactNode;
  if (isPending) content = <PublicLoading />;
  else if (!post) {
    content = isBrokenLink(error) ? (
      <NotPublic manufacturerId={manufacturerId} />
    ) : (
      <FeedbackLoadProblem error={error} retry={refetch} notFound={feedbackNotFoundPage} />
    );
  } else {
    content = <FeedbackPostView manufacturerId={manufacturerId} post={post} />;
  }
  return (
    <FeedbackFrame
      language={language}
      onLanguage={choose}
      privacyUrl={post?.page.privacyUrl}
      imprintUrl={post?.page.imprintUrl}
    >
      {content}
    </FeedbackFrame>
  );
};

const FeedbackPostView = ({
  manufacturerId,
  post,
}: {
  manufacturerId: string;
  post: PublicPost & { page: FeedbackPageInfo };
}) => {
  const { t } = useFeedbackTranslation();
  const name = post.page.manufacturerName;
  return (
    <Stack gap={24}>
      <FeedbackHeader info={post.page} title={t('feedbackPage.title', { name })}>
        <Link href={feedbackPageHref(manufacturerId)}>{t('feedbackPage.post.back', { name })}</Link>
      </FeedbackHeader>
      <PostView
        manufacturerId={manufacturerId}
        manufacturerName={name}
        post={post}
        level={2}
        permalink={false}
      />
    </Stack>
  );
};
