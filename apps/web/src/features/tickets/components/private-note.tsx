import type { Ticket } from '@parley/contract';
import { PrivateNoteField } from '@/components/private-note-field';
import { useSavePrivateNote } from '../api/ticket-mutations';

/** The ticket's private note (canPrivateNote, D8): never shown to the participant. */
export const PrivateNote = ({ ticket, refusedReason }: { ticket: Ticket; refusedReason: string | null }) => (
  <PrivateNoteField
    saved={ticket.privateNote}
    save={useSavePrivateNote(ticket._id)}
    refusedReason={refusedReason}
    texts="tickets.note"
    refusedKey="tickets.compose.refused"
  />
);
