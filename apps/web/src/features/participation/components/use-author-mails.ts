import { useRef, useState } from 'react';
import { setAuthorMailsOff } from '../api/feedback';

/**
 * The mails of this post, on or off, saved at once (PUT …/mails), one request at a time: `save`
 * answers whether it was saved, or null when it was ignored because one is on its way.
 */
export const useAuthorMails = (token: string, initial: boolean) => {
  const [mailsOff, setMailsOff] = useState(initial);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const save = async (off: boolean): Promise<boolean | null> => {
    if (busy.current) return null;
    busy.current = true;
    setSaving(true);
    try {
      const stored = await setAuthorMailsOff(token, off);
      setMailsOff(stored.mailsOff);
      return true;
    } catch {
      return false;
    } finally {
      busy.current = false;
      setSaving(false);
    }
  };
  return { mailsOff, saving, save };
};

export type AuthorMails = ReturnType<typeof useAuthorMails>;
