import { Badge, createTheme, Drawer, Modal, Notification } from '@mantine/core';

/**
 * The console's Mantine theme. Close buttons (dialogs, drawers, notifications) render an icon
 * only, so the theme gives them an accessible name in the current language.
 */
export const createAppTheme = (labels: { close: string }) => {
  const closeButtonProps = { 'aria-label': labels.close };
  return createTheme({
    primaryColor: 'blue',
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps } }),
      Drawer: Drawer.extend({ defaultProps: { closeButtonProps } }),
      Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
      // A badge never cuts its text to "SIN…" (Mantine's default ellipsis): it keeps its width in
      // a row, and when its container is narrower than the text, the text wraps inside it.
      // Inline styles, so no stylesheet order can undo it.
      Badge: Badge.extend({
        styles: {
          root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
        },
      }),
    },
  });
};
