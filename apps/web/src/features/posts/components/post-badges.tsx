import { Badge } from '@mantine/core';
import type { ManuType, PostState } from '@parley/contract';
import { useTranslation } from 'react-i18next';
import { manuTypeColors, stateColors } from '../lib/post-states';

/** A post's state, in words and its colour. */
export const PostStateBadge = ({ state }: { state: PostState }) => {
  const { t } = useTranslation();
  return (
    <Badge component="span" color={stateColors[state]} variant="light">
      {t(`posts.state.${state}`)}
    </Badge>
  );
};

/** The owner's classification, or "Not classified". */
export const ManuTypeBadge = ({ manuType }: { manuType: ManuType | null }) => {
  const { t } = useTranslation();
  return manuType ? (
    <Badge component="span" color={manuTypeColors[manuType]} variant="outline">
      {t(`posts.manuType.${manuType}`)}
    </Badge>
  ) : (
    <Badge component="span" color="gray" variant="outline">
      {t('posts.manuType.none')}
    </Badge>
  );
};
