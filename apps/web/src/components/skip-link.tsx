import { Anchor } from '@mantine/core';
import classes from './skip-link.module.css';

/** "Skip to content": jumps over the header and sidebar to the page's main landmark. */
export const SkipLink = ({ targetId, label }: { targetId: string; label: string }) => (
  <Anchor href={`#${targetId}`} className={classes.skip}>
    {label}
  </Anchor>
);
