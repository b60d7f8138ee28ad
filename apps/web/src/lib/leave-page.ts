/**
 * How the console and the sign-in page, two applications of their own (docs/architecture.md, "The
 * sign-in page"), hand over to each other: a full page load, and for the sign-in page a notice to show
 * on arrival, since the console's notifications do not survive the page load.
 */

/** Leaves this page for `url`, loaded from the server, replacing the current history entry. */
export const leaveTo = (url: string): void => {
  window.location.replace(url);
};

/** What the sign-in page says on arrival: why the console sent the visitor there. */
export type LoginNotice =
  | { reason: 'expired' }
  | { reason: 'password-changed' }
  | { reason: 'sign-out-failed'; code: string };

/** This tab only (sessionStorage): another tab's sign-in page must not say it. */
const noticeKey = 'parley.loginNotice';

export const handToLogin = (notice: LoginNotice): void => {
  try {
    window.sessionStorage.setItem(noticeKey, JSON.stringify(notice));
  } catch {
    // Storage disabled: the sign-in page then only lacks the explanation.
  }
};

const isLoginNotice = (value: unknown): value is LoginNotice => {
  const v = value as Partial<{ reason: unknown; code: unknown }> | null;
  if (v?.reason === 'expired' || v?.reason === 'password-changed') return true;
  return v?.reason === 'sign-out-failed' && typeof v.code === 'string';
};

/** The notice the console left for the sign-in page, if any; taking it forgets it. */
export const takeLoginNotice = (): LoginNotice | null => {
  try {
    const raw = window.sessionStorage.getItem(noticeKey);
    window.sessionStorage.removeItem(noticeKey);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isLoginNotice(value) ? value : null;
  } catch {
    return null;
  }
};
