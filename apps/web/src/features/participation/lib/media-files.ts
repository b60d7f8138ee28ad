import type { TicketMediaKind } from '@parley/contract';
import { ticketMediaKind, ticketMediaProblem } from '@parley/contract/plain';

/** Why a chosen file is not attached: its type, its size (or that it is empty), or no room left. */
export type MediaFileProblem = { kind: 'type' | 'size' | 'empty' | 'tooMany'; name?: string };

/** A chosen image's preview (an object URL); null for a video, or where the browser makes none. */
export const previewOf = (file: File, kind: TicketMediaKind) =>
  kind === 'image' && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;

export const dropPreview = (a: { preview: string | null }) => {
  if (a.preview) URL.revokeObjectURL(a.preview);
};

/**
 * The files a person chose, sorted by the contract's media rules (the ticket page's reply and the
 * feedback form take the same): those that may be attached, at most `room` of them, and why each of
 * the others may not (one "too many" for all that found no room).
 */
export const screenMediaFiles = (files: readonly File[], room: number) => {
  const problems: MediaFileProblem[] = [];
  const accepted: { file: File; kind: TicketMediaKind }[] = [];
  let left = room;
  for (const file of files) {
    const problem = ticketMediaProblem(file);
    if (problem === 'type') problems.push({ kind: 'type', name: file.name });
    else if (problem === 'size') problems.push({ kind: file.size === 0 ? 'empty' : 'size', name: file.name });
    else if (left <= 0) {
      if (!problems.some((p) => p.kind === 'tooMany')) problems.push({ kind: 'tooMany' });
    } else {
      left -= 1;
      accepted.push({ file, kind: ticketMediaKind(file.type) ?? 'image' });
    }
  }
  return { problems, accepted };
};

/**
 * The accepted files as uploads that start now (the shape the ticket page's reply and the feedback
 * form keep their attachments in), each with the key `nextKey` gives and its local preview.
 */
export const startedUploads = (accepted: { file: File; kind: TicketMediaKind }[], nextKey: () => string) =>
  accepted.map(({ file, kind }) => ({
    key: nextKey(),
    file,
    kind,
    preview: previewOf(file, kind),
    progress: 0,
    state: 'uploading' as const,
  }));
