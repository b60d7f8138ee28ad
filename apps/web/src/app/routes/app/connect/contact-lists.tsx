import { ContactListsPage } from '@/features/contact-lists/components/contact-lists-page';

/** /connect/contact-lists — the contact lists with their member counts and linked campaigns. */
export const ContactListsRoute = () => <ContactListsPage />;
