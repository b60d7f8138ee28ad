import { ContactsPage } from '@/features/contacts/components/contacts-page';

/** /connect/contacts — the contact book, the invited who have not answered yet, and inviting people. */
export const ContactsRoute = () => <ContactsPage />;
