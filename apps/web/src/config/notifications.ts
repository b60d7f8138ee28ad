/** How long a notification that is not an error stays (errors stay until confirmed): the console's and the light pages'. */
export const notificationDuration = 10_000;
