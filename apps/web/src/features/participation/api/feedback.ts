export type { FeedbackFeed, FeedbackPageInfo } from '@parley/contract';

import type {
  AuthorPost,
  FeedbackFeed,
  FeedbackPageInfo,
  Language,
  PostForm,
  PostMedia,
  PostState,
  PublicPost,
  ReportConfirmation,
} from '@parley/contract';
import { publicCall, publicPaths, publicUrl } from '@/lib/public-api';
import { useLoad } from '@/lib/use-load';

/**
 * The public feedback page's calls (D19, D10's `/p/f/…`): a manufacturer's published posts, a new
 * post with its images and videos, a visitor's report and its confirmation, and the author's own post
 * by the private link mailed to them. No token but the author's; the server validates every call as it does the console's.
 */

export type FeedbackSort = 'newest' | 'activity';

/** The posts one feed page shows. */
export const feedPageSize = 10;

/** One page of the published posts (newest first, or latest activity first). */
export const loadFeed = (
  manufacturerId: string,
  { sort, page }: { sort: FeedbackSort; page: number },
  signal?: AbortSignal,
) =>
  publicCall<FeedbackFeed>('GET', publicPaths.feedback, {
    params: { manufacturerId },
    query: { sort, page: String(page), limit: String(feedPageSize) },
    signal,
  });

/**
 * POST a post; its files were uploaded before and are named by their ids. Answers the post's state:
 * `published` at once (auto-publish, a trusted author) or `pending` until the owner reviews it. The
 * server answers 429 `rate-limit` when too many came from here or for the address.
 */
export const submitPost = (manufacturerId: string, body: PostForm) =>
  publicCall<{ state: PostState }>('POST', publicPaths.feedback, { params: { manufacturerId }, body });

/**
 * Uploads one image or video for the next post (multipart field `file`), reporting its progress
 * (0…1). The server checks the bytes again: 413 too large, 400/415 not an image or video it takes,
 * 429 too many from here.
 */
export const uploadFeedbackMedia = (
  manufacturerId: string,
  file: File,
  { onProgress, signal }: { onProgress: (fraction: number) => void; signal?: AbortSignal },
) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return publicCall<PostMedia>('POST', publicPaths.feedbackMedia, {
    params: { manufacturerId },
    body: form,
    signal,
    onUploadProgress: onProgress,
  });
};

/** One published post with its answer and comments; 404 when it is not (or no longer) public. */
export const usePublicPost = (manufacturerId: string, postId: string) =>
  useLoad(`feedback-post:${manufacturerId}:${postId}`, (signal) =>
    publicCall<PublicPost & { page: FeedbackPageInfo }>('GET', publicPaths.feedbackPost, {
      params: { manufacturerId, postId },
      signal,
    }),
  );

/**
 * Reports a published post as abusive (204): the server mails a confirmation link to `email`, and the
 * report counts only once it is confirmed, once per post and address and once per post and client
 * network (docs/product-decisions.md, "The platform area"). The reason is optional; the language is
 * the mail's and its page's.
 */
export const reportPost = (
  manufacturerId: string,
  postId: string,
  report: { email: string; reason: string; language: Language },
) =>
  publicCall<undefined>('POST', publicPaths.feedbackReport, {
    params: { manufacturerId, postId },
    body: {
      email: report.email,
      ...(report.reason ? { reason: report.reason } : {}),
      language: report.language,
    },
  });

/** What a report's confirmation link names: the post (while public) and whether it is confirmed. */
export const useReportConfirmation = (token: string) =>
  useLoad(`report-confirmation:${token}`, (signal) =>
    publicCall<ReportConfirmation>('GET', publicPaths.reportConfirmation, { params: { token }, signal }),
  );

/** Confirms the report by its link's token (204; 404 once the link expired or the owner decided). */
export const confirmReport = (token: string) =>
  publicCall<undefined>('POST', publicPaths.reportConfirm, { params: { token } });

/** The author's own post by the private link's token (opening it confirms their address). */
export const useAuthorPost = (token: string) =>
  useLoad(`author-post:${token}`, (signal) =>
    publicCall<AuthorPost>('GET', publicPaths.authorPost, { params: { token }, signal }),
  );

export type AuthorComment = AuthorPost['comments'][number];

/** The author's comment on their post; answers the stored comment. */
export const sendAuthorComment = (token: string, text: string) =>
  publicCall<AuthorComment>('POST', publicPaths.authorComment, { params: { token }, body: { text } });

/** PUT whether the post's mails are off; answers the setting as stored. */
export const setAuthorMailsOff = (token: string, mailsOff: boolean) =>
  publicCall<{ mailsOff: boolean }>('PUT', publicPaths.authorMails, {
    params: { token },
    body: { mailsOff },
  });

/**
 * One of the author's images or videos, as a Blob (the page shows it through an object URL). The
 * token goes only to our own server, in the path, as on every secret-link page.
 */
export const loadAuthorMedia = async (token: string, mediaId: string, signal?: AbortSignal) => {
  const response = await fetch(publicUrl(publicPaths.authorMedia, { token, mediaId }), {
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error(`media ${response.status}`);
  return response.blob();
};
