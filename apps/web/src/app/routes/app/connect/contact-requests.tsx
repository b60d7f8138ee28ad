import { ContactRequestsPage } from '@/features/contact-requests/components/contact-requests-page';

/** /connect/contact-requests — D18: requests from the public form, accepted into campaigns or rejected. */
export const ContactRequestsRoute = () => <ContactRequestsPage />;
