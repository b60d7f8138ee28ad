/**
 * Navigation state that asks the campaign page to put the keyboard focus on its heading: after
 * "Create campaign" or "Copy" the dialog and the button that opened it are gone, and the new
 * campaign is what the person works on next (docs/product-decisions.md, keyboard focus).
 */
export const focusCampaignHeading = { focusHeading: true } as const;

export const wantsCampaignHeadingFocus = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { focusHeading?: unknown }).focusHeading === true;
