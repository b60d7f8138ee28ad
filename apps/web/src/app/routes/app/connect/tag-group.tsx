import { useParams } from 'react-router';
import { TagGroupDetails } from '@/features/tag-groups/components/tag-group-details';

/** /connect/tag-groups/:id — one tag group: its condition, tags, linked campaigns and members. */
export const TagGroupRoute = () => {
  const { id = '' } = useParams();
  return <TagGroupDetails key={id} id={id} />;
};
