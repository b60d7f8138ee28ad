import type { ParticipantComment, TicketMedia } from '@parley/contract';
import { publicCall, publicPaths, publicUrl } from '@/lib/public-api';

/**
 * The participant's side of the ticket's conversation (D14), by the private link's token: replies
 * with images and videos, and whether this conversation's mails reach them.
 */

/** POST the reply; its files were uploaded before and are named by their ids. Answers the new message. */
export const sendTicketComment = (token: string, body: { description: string; mediaIds: string[] }) =>
  publicCall<ParticipantComment>('POST', publicPaths.ticketComment, { params: { token }, body });

/**
 * Uploads one image or video for the next reply (multipart field `file`), reporting its progress
 * (0…1). The server checks the bytes again: 413 too large, 400/415 not an image or video it takes,
 * 429 too many from here.
 */
export const uploadTicketMedia = (
  token: string,
  file: File,
  { onProgress, signal }: { onProgress: (fraction: number) => void; signal?: AbortSignal },
) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return publicCall<TicketMedia>('POST', publicPaths.ticketMediaUpload, {
    params: { token },
    body: form,
    signal,
    onUploadProgress: onProgress,
  });
};

/**
 * Where an image or video of the conversation is read: the token in the path is the credential,
 * so a plain `<img>` or `<video>` can load it.
 */
export const ticketMediaUrl = (token: string, mediaId: string) =>
  publicUrl(publicPaths.ticketMedia, { token, mediaId });

/** PUT whether the mails of this conversation are off; answers the setting as stored. */
export const setTicketMailsOff = (token: string, mailsOff: boolean) =>
  publicCall<{ mailsOff: boolean }>('PUT', publicPaths.ticketMails, {
    params: { token },
    body: { mailsOff },
  });
