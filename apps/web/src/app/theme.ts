import { createTheme, Drawer, Modal, Notification } from '@mantine/core';

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
    },
  });
};
