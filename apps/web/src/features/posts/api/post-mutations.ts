import { api, limits, type ManuType, type Post, postCodes } from '@parley/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { notifyError } from '@/lib/notifications';
import { apiErrorMessage } from '@/lib/react-query';
import { postQueryKeys } from './post-query-keys';

/** The post refusals the page explains in its own words; the shared ones otherwise. */
const postErrorKeys = {
  [postCodes.state]: 'posts.errors.state',
  'feature/disabled': 'posts.errors.featureDisabled',
  'not-found': 'posts.errors.notFound',
} as const;

/** Why a post call was refused, for an error notification. */
export const postErrorMessage = (error: unknown): string => {
  if (isApiError(error) && error.code in postErrorKeys) {
    return i18n.t(postErrorKeys[error.code as keyof typeof postErrorKeys]);
  }
  return apiErrorMessage(error);
};

/** The post's state changed meanwhile (another owner, auto-publish, visitors' reports): 409 `post/state`. */
export const isStateConflict = (error: unknown) => isApiError(error) && error.code === postCodes.state;

/** A 400 that names the text field: the form shows it under the field instead of a notification. */
export const isTextFieldError = (error: unknown, field: string) =>
  isApiError(error) && error.code === 'validation' && error.field === field;

/**
 * The post as a write answers it. Reading a post marks it seen, so the answer of a write has no
 * "new" marks any more: the marks on screen stay until the page is opened again.
 */
const keepNewMarks = (queryClient: QueryClient, post: Post) =>
  queryClient.setQueryData<Post>(postQueryKeys.detail(post._id), (before) => {
    if (!before) return post;
    const wasNew = new Set(before.comments.filter((c) => c.isNew).map((c) => c._id));
    return {
      ...post,
      hasNew: before.hasNew,
      comments: post.comments.map((c) => (wasNew.has(c._id) ? { ...c, isNew: true } : c)),
    };
  });

const updatePost = (queryClient: QueryClient, id: string, change: (post: Post) => Post) =>
  queryClient.setQueryData<Post>(postQueryKeys.detail(id), (post) => (post ? change(post) : post));

/**
 * After a change the feed (and its counts) is stale, and so is the post: read again when next
 * shown (the author may comment meanwhile, which the feed would show and the post not). The open
 * post is updated in place rather than read again, which would mark newer comments seen and take
 * the "New" marks off the ones on screen.
 */
const markListsStale = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: postQueryKeys.all, refetchType: 'none' });

/**
 * A post write: a refusal is notified under `title` (except a text field's 400, which the form
 * shows); a 409 `post/state` reads the post and the feed again, since what it shows is out of date.
 */
const usePostMutation = <Input, Output>(
  postId: string,
  mutationFn: (input: Input) => Promise<Output>,
  options: {
    title: () => string;
    field?: string;
    onSuccess: (queryClient: QueryClient, output: Output, input: Input) => void;
  },
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { errorNotification: false },
    onError: (error) => {
      if (options.field && isTextFieldError(error, options.field)) return;
      notifyError({ title: options.title(), message: postErrorMessage(error) });
      if (isStateConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: postQueryKeys.detail(postId) });
        void queryClient.invalidateQueries({ queryKey: postQueryKeys.lists });
      }
    },
    onSuccess: (output, input) => {
      options.onSuccess(queryClient, output, input);
      void markListsStale(queryClient);
    },
  });
};

/** A write answering the whole post: it replaces the one on screen. */
const usePostUpdate = <Input>(
  postId: string,
  mutationFn: (input: Input) => Promise<Post>,
  title: () => string,
  field?: string,
) =>
  usePostMutation(postId, mutationFn, {
    title,
    field,
    onSuccess: (queryClient, post) => void keepNewMarks(queryClient, post),
  });

/** PATCH …/manutype: classify the post, or (null) take the classification away. */
export const useSetManuType = (postId: string) => {
  const { t } = useTranslation();
  return usePostUpdate(
    postId,
    (manuType: ManuType | null) => call(api.posts.manuType, { params: { id: postId }, body: { manuType } }),
    () => t('posts.manuType.failed'),
  );
};

/** PATCH …/answer: the owner's public answer (empty removes it); the author is mailed. */
export const useSaveAnswer = (postId: string) => {
  const { t } = useTranslation();
  return usePostUpdate(
    postId,
    (answer: string) => call(api.posts.answer, { params: { id: postId }, body: { answer } }),
    () => t('posts.answer.failed'),
    'answer',
  );
};

/** PATCH …/privatenote (canPrivateNote): empty clears it. */
export const useSavePrivateNote = (postId: string) => {
  const { t } = useTranslation();
  return usePostUpdate(
    postId,
    (privateNote: string) => call(api.posts.privateNote, { params: { id: postId }, body: { privateNote } }),
    () => t('posts.note.failed'),
    'privateNote',
  );
};

/** PUT …/author-trust: the author's later posts publish at once (once they confirmed their address), or no longer. */
export const useTrustAuthor = (postId: string) => {
  const { t } = useTranslation();
  return usePostUpdate(
    postId,
    (trusted: boolean) => call(api.posts.trust, { params: { id: postId }, body: { trusted } }),
    () => t('posts.author.trustFailed'),
  );
};

export type StateAction =
  | { action: 'publish' }
  | { action: 'unpublish' }
  | { action: 'report'; reason: string };

/** PATCH …/publish, …/unpublish (canUnpublish) or …/report (with a reason). */
export const useChangeState = (postId: string) => {
  const { t } = useTranslation();
  return usePostUpdate(
    postId,
    (input: StateAction) => {
      const params = { id: postId };
      if (input.action === 'publish') return call(api.posts.publish, { params });
      if (input.action === 'unpublish') return call(api.posts.unpublish, { params });
      return call(api.posts.report, { params, body: { reason: input.reason } });
    },
    () => t('posts.actions.failed'),
    'reason',
  );
};

/** POST …/comment (canComment): public once the post is published; the author is mailed. */
export const useCommentOnPost = (postId: string) => {
  const { t } = useTranslation();
  return usePostMutation(
    postId,
    (text: string) => call(api.posts.comment, { params: { id: postId }, body: { text } }),
    {
      title: () => t('posts.comments.sendFailed'),
      field: 'text',
      onSuccess: (queryClient, comment) =>
        updatePost(queryClient, postId, (post) => ({
          ...post,
          comments: [...post.comments, comment],
          commentCount: post.commentCount + 1,
          lastActivityAt: comment.createdAt,
        })),
    },
  );
};

/** DELETE …/comment/:cid (canComment): only the signed-in owner's own comments. */
export const useDeleteComment = (postId: string) => {
  const { t } = useTranslation();
  return usePostMutation(
    postId,
    (commentId: string) => call(api.posts.deleteComment, { params: { id: postId, cid: commentId } }),
    {
      title: () => t('posts.comments.deleteFailed'),
      onSuccess: (queryClient, _none, commentId) =>
        updatePost(queryClient, postId, (post) => ({
          ...post,
          comments: post.comments.filter((c) => c._id !== commentId),
          commentCount: Math.max(0, post.commentCount - 1),
        })),
    },
  );
};

/**
 * POST /owner/me/ticket/bulk: publish or unpublish the chosen posts; the server names those whose
 * state does not allow it. The feed is read again either way (a refusal may mean it is out of date).
 */
export const useBulkPostAction = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    // The call takes at most a page size of ids; a selection kept across pages goes in parts, one after another.
    mutationFn: async ({ action, ids }: { action: 'publish' | 'unpublish'; ids: string[] }) => {
      const report = { changed: 0, skipped: [] as { _id: string; code: string }[] };
      for (let i = 0; i < ids.length; i += limits.pageMax) {
        const part = await call(api.posts.bulk, { body: { action, ids: ids.slice(i, i + limits.pageMax) } });
        report.changed += part.changed;
        report.skipped.push(...part.skipped);
      }
      return report;
    },
    meta: { errorNotification: false },
    onError: (error) => {
      notifyError({ title: t('posts.bulk.failed'), message: postErrorMessage(error) });
      void queryClient.invalidateQueries({ queryKey: postQueryKeys.lists });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postQueryKeys.all });
    },
  });
};

/**
 * DELETE /owner/me/ticket/:id (canUnpublish): the post goes for good with its comments and media.
 * `onDeleted` leaves the post's page first; then its query is dropped and the feed read again.
 */
export const useDeletePost = (postId: string, onDeleted: () => void) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.posts.remove, { params: { id: postId } }),
    meta: { errorNotification: false },
    onError: (error) => {
      notifyError({ title: t('posts.delete.failed'), message: postErrorMessage(error) });
    },
    onSuccess: () => {
      onDeleted();
      queryClient.removeQueries({ queryKey: postQueryKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: postQueryKeys.lists });
    },
  });
};
