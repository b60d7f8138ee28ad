import { TagGroupsPage } from '@/features/tag-groups/components/tag-groups-page';

/** /connect/tag-groups — the tag groups (segments by tags) with their members and linked campaigns. */
export const TagGroupsRoute = () => <TagGroupsPage />;
