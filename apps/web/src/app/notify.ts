type Notify = (title: string, description: string) => void;

let themed: Notify | null = null;

/** The signed-in shell registers antd App's themed notification while it is mounted. */
export function registerNotifier(notify: Notify | null) {
  themed = notify;
}

/**
 * SPEC §8 "request error {status}: {url}" notifications. Outside the shell (public pages) the
 * notification component is loaded on first use, keeping it out of the first load.
 */
export function notifyError(title: string, description: string) {
  if (themed) return themed(title, description);
  void import('antd/es/notification').then(({ default: notification }) => notification.error({ title, description }));
}
