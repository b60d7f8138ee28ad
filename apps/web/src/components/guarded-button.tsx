import { Button, type ButtonProps, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type GuardedButtonProps = ButtonProps & {
  /** Why the action cannot be taken now (the campaign's state, a feature not enabled, an archived ticket); null when it can. */
  reason: string | null;
  /** The id of a text on the page that already says the reason; without it the button says it itself, hidden. */
  reasonId?: string;
  onClick?: () => void;
  type?: 'button' | 'submit';
  children: ReactNode;
  'aria-label'?: string;
};

/**
 * A button that may be refused (D8: a switched-off feature stays visible, disabled, with a
 * tooltip; or the state of what it acts on): it then looks disabled, says why in a tooltip on
 * hover and keyboard focus and as its description, and stays in the Tab order with
 * aria-disabled, since a truly disabled button shows no tooltip and cannot be reached to learn why.
 */
export const GuardedButton = ({
  reason,
  reasonId,
  onClick,
  children,
  type = 'button',
  ...props
}: GuardedButtonProps) => {
  const ownId = useId();
  const describedBy = reasonId ?? ownId;
  const button = (
    <Button
      {...props}
      type={type}
      data-disabled={reason ? true : undefined}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? describedBy : undefined}
      onClick={(e) => {
        if (reason) {
          e.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <>
      <Tooltip label={reason} withArrow multiline w={280} events={{ hover: true, focus: true, touch: true }}>
        {button}
      </Tooltip>
      {reasonId ? null : <VisuallyHidden id={ownId}>{reason}</VisuallyHidden>}
    </>
  );
};
