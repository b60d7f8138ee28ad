import { useCallback, useEffect, useRef, useState } from 'react';
import { notificationDuration } from '@/config/notifications';
import s from './notices.module.css';
import { IconButton } from './plain';

/**
 * The light pages' notifications, as the console shows them (bottom left; an error stays until it is
 * closed, anything else closes after 10 s), without a component library (docs/architecture.md,
 * "The public pages"). An error is announced at once (role alert), other notices politely (status).
 */
export type Notice = { id: string; tone: 'red' | 'blue'; title: string; message: string };

export const useNotices = () => {
  const [notices, setNotices] = useState<Notice[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const close = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotices((list) => list.filter((notice) => notice.id !== id));
  }, []);
  /** Shows `notice`; one with the same id is replaced in place rather than stacked. */
  const show = useCallback(
    (notice: Notice) => {
      setNotices((list) =>
        list.some((n) => n.id === notice.id)
          ? list.map((n) => (n.id === notice.id ? notice : n))
          : [...list, notice],
      );
      clearTimeout(timers.current.get(notice.id));
      if (notice.tone !== 'red') {
        timers.current.set(
          notice.id,
          setTimeout(() => close(notice.id), notificationDuration),
        );
      }
    },
    [close],
  );
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);
  return { notices, show, close };
};

const CloseIcon = () => (
  <svg width="14" height="14" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
    <path d="M3 3l9 9M12 3l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" />
  </svg>
);

export const Notices = ({
  notices,
  onClose,
  closeLabel,
}: {
  notices: Notice[];
  onClose: (id: string) => void;
  closeLabel: string;
}) => (
  <div className={s.notices}>
    {notices.map((notice) => (
      <div
        key={notice.id}
        className={s.notice}
        data-tone={notice.tone}
        role={notice.tone === 'red' ? 'alert' : 'status'}
      >
        <div className={s.body}>
          <p className={s.title}>{notice.title}</p>
          <p className={s.message}>{notice.message}</p>
        </div>
        <IconButton aria-label={closeLabel} onClick={() => onClose(notice.id)}>
          <CloseIcon />
        </IconButton>
      </div>
    ))}
  </div>
);
