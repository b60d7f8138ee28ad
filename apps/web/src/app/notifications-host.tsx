import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { notificationDuration } from '@/lib/notifications';

/**
 * Where notifications are shown: bottom left, 10 s (errors override this and stay). Its own chunk,
 * mounted once the first screen is up; a notification raised before waits in the store until then.
 */
export const NotificationsHost = () => (
  <Notifications position="bottom-left" autoClose={notificationDuration} />
);
