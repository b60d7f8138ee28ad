import { useParams } from 'react-router';
import { ContactDetails } from '@/features/contacts/components/contact-details';

/** /connect/contacts/:id — one contact: details, notes, tags, campaigns and answers. */
export const ContactRoute = () => {
  const { id = '' } = useParams();
  return <ContactDetails key={id} id={id} />;
};
