import {
  api,
  type Post,
  type PostComment,
  type PostListItem,
  type PostState,
  type PostStateChange,
  type TemplateMessage,
} from '@parley/contract';
import type { TestBackend } from '@/testing/test-backend';
import { nextId } from '@/testing/ticket-list-fixtures';

export const postId = '66666666-6666-4666-8666-000000000101';

/** One row of the platform feed, as GET /owner/me/ticket answers it. */
export const makePostListItem = (overrides: Partial<PostListItem> = {}): PostListItem => ({
  _id: nextId('66666666-6666-4666-8666'),
  authorName: 'Anna',
  excerpt: 'The brakes squeak after the rain.',
  state: 'pending',
  manuType: null,
  answered: false,
  commentCount: 0,
  mediaCount: 0,
  hasNew: false,
  publicReports: 0,
  publishAt: null,
  createdAt: '2025-03-04T12:00:00.000Z',
  lastActivityAt: '2025-03-04T12:00:00.000Z',
  ...overrides,
});

/** A post as GET /owner/me/ticket/:id answers it: Anna's pending post, unanswered, without comments. */
export const makePost = (overrides: Partial<Post> = {}): Post => ({
  ...makePostListItem({ _id: postId }),
  text: 'The brakes squeak after the rain. Is that normal?',
  authorEmail: 'anna@example.com',
  authorTrusted: false,
  emailConfirmed: true,
  language: 'en',
  answer: null,
  privateNote: null,
  comments: [],
  media: [],
  log: [
    {
      _id: nextId('abababab-abab-4bab-8bab'),
      from: null,
      to: 'pending',
      actor: 'auto',
      actorName: null,
      reason: null,
      at: '2025-03-04T12:00:00.000Z',
    },
  ],
  reports: [],
  mailsOff: false,
  updatedAt: '2025-03-04T12:00:00.000Z',
  ...overrides,
});

export const makePostComment = (overrides: Partial<PostComment> = {}): PostComment => ({
  _id: nextId('cdcdcdcd-cdcd-4cdc-8cdc'),
  author: 'author',
  authorName: 'Anna',
  text: 'Any news?',
  createdAt: '2025-03-05T12:00:00.000Z',
  isNew: false,
  own: false,
  ...overrides,
});

const refused = (status: number, code: string, message = code) => ({ status, body: { code, message } });

/** D19's machine, as the server checks it. */
const transitions: Record<'publish' | 'unpublish' | 'report', { from: PostState[]; to: PostState }> = {
  publish: { from: ['pending', 'unpublished', 'reported'], to: 'published' },
  unpublish: { from: ['pending', 'published'], to: 'unpublished' },
  report: { from: ['pending', 'published', 'unpublished'], to: 'reported' },
};

const countsOf = (posts: readonly PostListItem[]) => ({
  pending: posts.filter((p) => p.state === 'pending').length,
  published: posts.filter((p) => p.state === 'published').length,
  unpublished: posts.filter((p) => p.state === 'unpublished').length,
  reported: posts.filter((p) => p.state === 'reported').length,
});

/**
 * GET /owner/me/ticket over `posts`, filtered, sorted and paged as the server does (the search
 * looks at the excerpt and the author's name), with the counts by state whatever the filter; and
 * POST /owner/me/ticket/bulk, which changes what the state allows and names the others.
 */
export const servePostFeed = (backend: TestBackend, posts: PostListItem[]) => {
  const state = { posts: [...posts] };
  backend.server.on(api.posts.list, ({ query }) => {
    const states = query.getAll('states[]');
    const manuType = query.get('manuType');
    const search = query.get('search')?.toLowerCase();
    let documents = state.posts.filter(
      (p) =>
        (states.length === 0 || states.includes(p.state)) &&
        (!manuType || (manuType === 'none' ? p.manuType === null : p.manuType === manuType)) &&
        (query.get('unanswered') !== 'true' || !p.answered) &&
        (query.get('newComments') !== 'true' || p.hasNew) &&
        (query.get('reported') !== 'true' || p.publicReports > 0) &&
        (!search || [p.excerpt, p.authorName].some((v) => v.toLowerCase().includes(search))),
    );
    const sort = query.get('sort') ?? 'newest';
    documents = [...documents].sort((a, b) => {
      if (sort === 'oldest') return a.createdAt.localeCompare(b.createdAt);
      if (sort === 'activity') return b.lastActivityAt.localeCompare(a.lastActivityAt);
      return b.createdAt.localeCompare(a.createdAt);
    });
    const page = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? '20');
    return {
      body: {
        documents: documents.slice((page - 1) * limit, page * limit),
        total: documents.length,
        counts: countsOf(state.posts),
      },
    };
  });
  backend.server.on(api.posts.bulk, ({ body }) => {
    const { action, ids } = body as { action: 'publish' | 'unpublish'; ids: string[] };
    if (action === 'unpublish' && !backend.state.owner.manufacturer.canUnpublish) {
      return refused(403, 'feature/disabled');
    }
    const rule = transitions[action];
    let changed = 0;
    const skipped: { _id: string; code: string }[] = [];
    state.posts = state.posts.map((p) => {
      if (!ids.includes(p._id)) return p;
      if (!rule.from.includes(p.state)) {
        skipped.push({ _id: p._id, code: 'post/state' });
        return p;
      }
      changed += 1;
      return { ...p, state: rule.to };
    });
    return { body: { changed, skipped } };
  });
  return state;
};

/**
 * The calls of the post page, answering as the real server does: a change the state does not
 * allow is 409 post/state, a switched-off feature 403 feature/disabled, only one's own comments
 * can be deleted; each write answers the whole post.
 */
export const servePost = (
  backend: TestBackend,
  post: Post,
  options: { templates?: TemplateMessage[] } = {},
) => {
  const state = { post, templates: options.templates ?? [], deleted: false };
  const { server } = backend;
  const flags = () => backend.state.owner.manufacturer;
  const ofPost = { id: post._id };
  const now = '2025-03-06T12:00:00.000Z';
  const answer = (change: Partial<Post>) => {
    state.post = { ...state.post, ...change, updatedAt: now };
    return { body: state.post };
  };
  const move = (action: keyof typeof transitions, reason: string | null) => {
    const rule = transitions[action];
    if (!rule.from.includes(state.post.state)) return refused(409, 'post/state');
    const entry: PostStateChange = {
      _id: nextId('abababab-abab-4bab-8bab'),
      from: state.post.state,
      to: rule.to,
      actor: 'owner',
      actorName: backend.state.owner.name,
      reason,
      at: now,
    };
    return answer({ state: rule.to, log: [...state.post.log, entry] });
  };

  server.on(api.posts.get, ofPost, () => (state.deleted ? refused(404, 'not-found') : { body: state.post }));
  server.on(api.posts.remove, ofPost, () => {
    if (!flags().canUnpublish) return refused(403, 'feature/disabled');
    state.deleted = true;
    return { status: 204 };
  });
  server.on(api.posts.manuType, ofPost, ({ body }) =>
    answer({ manuType: (body as Pick<Post, 'manuType'>).manuType }),
  );
  server.on(api.posts.answer, ofPost, ({ body }) => {
    const text = (body as { answer: string }).answer.trim();
    return answer({
      answer: text ? { text, answeredAt: now, answeredBy: backend.state.owner.name } : null,
      answered: text !== '',
    });
  });
  server.on(api.posts.privateNote, ofPost, ({ body }) => {
    if (!flags().canPrivateNote) return refused(403, 'feature/disabled');
    return answer({ privateNote: (body as { privateNote: string }).privateNote.trim() || null });
  });
  server.on(api.posts.publish, ofPost, () => move('publish', null));
  server.on(api.posts.unpublish, ofPost, () => {
    if (!flags().canUnpublish) return refused(403, 'feature/disabled');
    return move('unpublish', null);
  });
  server.on(api.posts.report, ofPost, ({ body }) => move('report', (body as { reason: string }).reason));
  server.on(api.posts.trust, ofPost, ({ body }) =>
    answer({ authorTrusted: (body as { trusted: boolean }).trusted }),
  );
  server.on(api.posts.comment, ofPost, ({ body }) => {
    if (!flags().canComment) return refused(403, 'feature/disabled');
    const comment = makePostComment({
      author: 'owner',
      authorName: backend.state.owner.name,
      text: (body as { text: string }).text,
      createdAt: now,
      own: true,
    });
    state.post = { ...state.post, comments: [...state.post.comments, comment] };
    return { status: 201, body: comment };
  });
  server.on(api.posts.deleteComment, ({ params }) => {
    if (!flags().canComment) return refused(403, 'feature/disabled');
    const comment = state.post.comments.find((c) => c._id === params.cid);
    if (params.id !== state.post._id || !comment) return refused(404, 'not-found');
    if (!comment.own) return refused(403, 'post/not-own-comment');
    state.post = { ...state.post, comments: state.post.comments.filter((c) => c !== comment) };
    return { status: 204 };
  });
  server.on(api.templates.list, ({ query }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    const documents = state.templates.filter(
      (x) => !search || x.title.toLowerCase().includes(search) || x.text.toLowerCase().includes(search),
    );
    return { body: { documents, total: documents.length } };
  });
  return state;
};
