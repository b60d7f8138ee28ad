import type {
  AuthorPost,
  Post,
  PostComment,
  PostListItem,
  PostMedia,
  PostStateChange,
  PublicPost,
} from '@parley/contract';
import { shorten } from '../../lib/text.js';
import type { PostCommentRow, PostMediaRow, PostRow, PostStateChangeRow } from './posts.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toPostListItem = (p: PostRow, hasNew: boolean): PostListItem => ({
  _id: p.id,
  authorName: p.authorName,
  excerpt: shorten(p.text.replace(/\s+/g, ' ').trim(), 160),
  state: p.state,
  manuType: p.manuType,
  answered: p.answer !== null,
  commentCount: p.commentCount,
  mediaCount: p.mediaCount,
  hasNew,
  publicReports: p.publicReports,
  publishAt: iso(p.publishAt),
  createdAt: p.createdAt.toISOString(),
  lastActivityAt: p.lastActivityAt.toISOString(),
});

export const toPostMedia = (m: PostMediaRow): PostMedia => ({
  _id: m.id,
  kind: m.kind,
  contentType: m.contentType,
  size: m.size,
});

export const toPostComment = (
  c: PostCommentRow,
  o: { post: PostRow; readerId: string; seenAt: Date | null },
): PostComment => ({
  _id: c.id,
  author: c.author,
  authorName: c.author === 'author' ? o.post.authorName : c.authorName,
  text: c.text,
  createdAt: c.createdAt.toISOString(),
  isNew: c.author === 'author' && (o.seenAt === null || c.createdAt > o.seenAt),
  own: c.author === 'owner' && c.ownerId === o.readerId,
});

export const toStateChange = (c: PostStateChangeRow): PostStateChange => ({
  _id: c.id,
  from: c.fromState,
  to: c.toState,
  actor: c.actor,
  actorName: c.actorName,
  reason: c.reason,
  at: c.at.toISOString(),
});

export const toPost = (
  p: PostRow,
  o: {
    readerId: string;
    seenAt: Date | null;
    trusted: boolean;
    comments: PostCommentRow[];
    media: PostMediaRow[];
    log: PostStateChangeRow[];
    reports: { reason: string | null; at: Date }[];
  },
): Post => ({
  ...toPostListItem(p, o.seenAt === null || p.lastAuthorActivityAt > o.seenAt),
  text: p.text,
  authorEmail: p.authorEmail,
  authorTrusted: o.trusted,
  emailConfirmed: p.emailConfirmedAt !== null,
  language: p.language,
  answer:
    p.answer !== null && p.answeredAt
      ? { text: p.answer, answeredAt: p.answeredAt.toISOString(), answeredBy: p.answeredBy }
      : null,
  privateNote: p.privateNote,
  comments: o.comments.map((c) => toPostComment(c, { post: p, readerId: o.readerId, seenAt: o.seenAt })),
  media: o.media.map(toPostMedia),
  log: o.log.map(toStateChange),
  reports: o.reports.map((r) => ({ reason: r.reason, at: r.at.toISOString() })),
  mailsOff: p.mailsOff,
  updatedAt: p.updatedAt.toISOString(),
});

/** What the public sees of a comment: the manufacturer's name on the owner's, never an owner's own. */
export const toPublicComment = (c: PostCommentRow, post: PostRow, manufacturerName: string) => ({
  _id: c.id,
  author: c.author,
  authorName: c.author === 'author' ? post.authorName : manufacturerName,
  text: c.text,
  createdAt: c.createdAt.toISOString(),
});

/** A post as the public page shows it: no address, private note, classification, reports or media. */
export const toPublicPost = (
  p: PostRow,
  comments: PostCommentRow[],
  manufacturerName: string,
): PublicPost => ({
  _id: p.id,
  authorName: p.authorName,
  text: p.text,
  answer:
    p.answer !== null && p.answeredAt ? { text: p.answer, answeredAt: p.answeredAt.toISOString() } : null,
  comments: comments.map((c) => toPublicComment(c, p, manufacturerName)),
  createdAt: p.createdAt.toISOString(),
  lastActivityAt: p.lastActivityAt.toISOString(),
});

export const toAuthorPost = (
  p: PostRow,
  o: { comments: PostCommentRow[]; media: PostMediaRow[]; manufacturerName: string },
): AuthorPost => ({
  ...toPublicPost(p, o.comments, o.manufacturerName),
  manufacturerId: p.manufacturerId,
  manufacturerName: o.manufacturerName,
  state: p.state,
  language: p.language,
  media: o.media.map(toPostMedia),
  mailsOff: p.mailsOff,
});
