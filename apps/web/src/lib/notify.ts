import { notifications } from '@mantine/notifications';
import { describeError } from './error-message.ts';

/** A success toast (features §2.7). */
export const notifySuccess = (message: string) => notifications.show({ color: 'green', message });

/** A failure toast with the server's own message when it gave one. */
export const notifyFailure = (title: string, error: unknown) =>
  notifications.show({ color: 'red', title, message: describeError(error) });
