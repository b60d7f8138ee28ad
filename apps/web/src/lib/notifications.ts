import { notifications, notificationsStore } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Errors stay until the user confirms them; everything else closes after 10 s. */
export { notificationDuration } from '@/config/notifications';

import { notificationDuration } from '@/config/notifications';

type NotifyInput = {
  title: ReactNode;
  message: ReactNode;
  /** Same id, same notification: a repeated failure updates it instead of stacking copies. */
  id?: string;
};

type ShowInput = NotifyInput & { color: string; autoClose: number | false };

const upsert = ({ id, ...notification }: ShowInput) => {
  const { notifications: shown, queue } = notificationsStore.getState();
  // Errors never close by themselves, so without this, a sixth failure would wait unseen in
  // Mantine's queue behind five open ones (e.g. repeated wrong passwords).
  if (id && [...shown, ...queue].some((item) => item.id === id)) {
    notifications.update({ id, ...notification });
  } else {
    notifications.show({ id, ...notification, withCloseButton: true });
  }
};

/** Closes a notification that no longer holds, e.g. a sign-in failure once a later try succeeded. */
export const dismissNotification = (id: string): void => {
  notifications.hide(id);
};

export const notifyError = (input: NotifyInput): void => upsert({ ...input, color: 'red', autoClose: false });

export const notifySuccess = (input: NotifyInput): void =>
  upsert({ ...input, color: 'teal', autoClose: notificationDuration });

export const notifyInfo = (input: NotifyInput): void =>
  upsert({ ...input, color: 'blue', autoClose: notificationDuration });
