import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

type GuardedButtonProps = ButtonProps & {
  /** Why the action cannot be taken now; null when it can. */
  reason: string | null;
  /** The id of the text on the page that says the reason (for screen readers). */
  reasonId?: string;
  onClick: () => void;
  children: ReactNode;
  'aria-label'?: string;
};

/**
 * A button that may be refused for the campaign's state: it then looks disabled, says why in a
 * tooltip (on hover and on keyboard focus) and stays in the Tab order with aria-disabled, since a
 * truly disabled button shows no tooltip and cannot be reached to learn why.
 */
export const GuardedButton = ({ reason, reasonId, onClick, children, ...props }: GuardedButtonProps) => {
  const button = (
    <Button
      {...props}
      data-disabled={reason ? true : undefined}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason && reasonId ? reasonId : undefined}
      onClick={(e) => {
        if (reason) {
          e.preventDefault();
          return;
        }
        onClick();
      }}
    >
      {children}
    </Button>
  );
  return reason ? (
    <Tooltip label={reason} withArrow multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      {button}
    </Tooltip>
  ) : (
    button
  );
};
