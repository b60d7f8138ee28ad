import { useParams } from 'react-router';
import { ContactListDetails } from '@/features/contact-lists/components/contact-list-details';

/** /connect/contact-lists/:id — one contact list: its members, linked campaigns and invitations. */
export const ContactListRoute = () => {
  const { id = '' } = useParams();
  return <ContactListDetails key={id} id={id} />;
};
