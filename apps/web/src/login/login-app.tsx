import type { Language } from '@parley/contract';
import { identityPaths, isEmailAddress, limits } from '@parley/contract/plain';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type Notice, Notices, useNotices } from '@/components/plain/notices';
import {
  Button,
  Choice,
  Link,
  Paper,
  PlainRoot,
  Row,
  Stack,
  Text,
  TextField,
  Title,
} from '@/components/plain/plain';
import { paths } from '@/config/paths';
import { authErrorMessageKey } from '@/lib/auth-messages';
import { identityTokens, isIdentityError, normalizeEmail } from '@/lib/identity-call';
import { detectLanguage, isLanguage, languages } from '@/lib/language';
import { type LoginNotice, leaveTo } from '@/lib/leave-page';
import { removeStorage, storageKeys, writeStorage } from '@/lib/storage';
import { sessionFromTokens, writeStoredSession } from '@/lib/stored-session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLightConfig } from '@/lib/use-light-config';
import s from './login.module.css';
import { translatorFor } from './login-texts';

type T = ReturnType<typeof translatorFor>;
type Errors = { email?: string; password?: string };

/** The light checks before sending; the identity service checks for real and its code is explained. */
const check = (t: T, email: string, password: string): Errors => {
  const trimmed = email.trim();
  const errors: Errors = {};
  if (!trimmed) errors.email = t('common.required');
  else if (trimmed.length > limits.emailMax) errors.email = t('common.maxLength', { max: limits.emailMax });
  else if (!isEmailAddress(trimmed)) errors.email = t('common.invalidEmail');
  if (!password) errors.password = t('common.required');
  return errors;
};

const errorMessage = (t: T, error: unknown) =>
  t(authErrorMessageKey(isIdentityError(error) ? error.code : 'unknown'));

const noticeFor = (notice: LoginNotice, t: T): Notice => {
  if (notice.reason === 'expired') {
    return {
      id: 'session-expired',
      tone: 'blue',
      title: t('auth.signOut.expiredTitle'),
      message: t('auth.signOut.expiredMessage'),
    };
  }
  if (notice.reason === 'password-changed') {
    return {
      id: 'password-changed',
      tone: 'blue',
      title: t('auth.resetConfirm.doneTitle'),
      message: t('auth.resetConfirm.doneMessage'),
    };
  }
  return {
    id: 'sign-out-failed',
    tone: 'red',
    title: t('auth.signOut.failedTitle'),
    message: t(authErrorMessageKey(notice.code)),
  };
};

const useLanguage = () => {
  const [language, setLanguage] = useState<Language>(detectLanguage);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const choose = (next: Language) => {
    writeStorage(storageKeys.locale, next);
    setLanguage(next);
  };
  return [language, choose] as const;
};

const LoginForm = ({
  t,
  onFailure,
  onSuccess,
}: {
  t: T;
  onFailure: (error: unknown) => void;
  onSuccess: () => void;
}) => {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(t, email, password);
    setErrors(found);
    if (found.email || found.password) {
      document.getElementById(found.email ? 'login-email' : 'login-password')?.focus();
      return;
    }
    setPending(true);
    try {
      const tokens = await identityTokens(identityPaths.signIn, { email: normalizeEmail(email), password });
      // The cached profile of whoever was signed in before must not show for this owner.
      removeStorage(storageKeys.savedUser);
      writeStoredSession(sessionFromTokens(tokens));
      onSuccess();
    } catch (error) {
      setPending(false);
      onFailure(error);
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap={16}>
        <TextField
          id="login-email"
          label={t('auth.login.email')}
          type="email"
          name="email"
          autoComplete="username"
          aria-required="true"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Stack gap={8}>
          <TextField
            id="login-password"
            label={t('auth.login.password')}
            type={shown ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            aria-required="true"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Choice
            type="checkbox"
            label={t('common.showPassword')}
            checked={shown}
            onChange={(event) => setShown(event.currentTarget.checked)}
          />
        </Stack>
        <Button type="submit" loading={pending}>
          {t('auth.login.submit')}
        </Button>
        <Link className={s.forgot} href={paths.resetPassword}>
          {t('auth.login.forgotPassword')}
        </Link>
      </Stack>
    </form>
  );
};

/**
 * The sign-in page (`/login?destination=…`, D10) as a light application of its own (login.html;
 * docs/architecture.md, "The sign-in page"): Preact and the plain components, the console's texts
 * by a small translator, the identity call without zod. It stores the session where the console
 * reads it and then opens the console at the destination.
 */
export const LoginApp = ({
  destination,
  notice = null,
}: {
  destination: string;
  notice?: LoginNotice | null;
}) => {
  const [language, setLanguage] = useLanguage();
  const t = useMemo(() => translatorFor(language), [language]);
  const config = useLightConfig(paths.login);
  const { notices, show, close } = useNotices();
  useDocumentTitle(t('auth.login.title'));

  const announced = useRef(false);
  useEffect(() => {
    // Why the console sent this tab here, said once, in the language the page opened in.
    if (!notice || announced.current) return;
    announced.current = true;
    show(noticeFor(notice, t));
  }, [notice, show, t]);

  const onFailure = (error: unknown) =>
    show({
      id: 'auth-error',
      tone: 'red',
      title: t('auth.login.failedTitle'),
      message: errorMessage(t, error),
    });
  const onSuccess = () => {
    close('auth-error');
    leaveTo(destination);
  };

  return (
    <PlainRoot className={s.page}>
      <Stack gap={16} className={s.column}>
        {/* Every part in a landmark (docs/product-decisions.md, Console): name and language, banner. */}
        <header>
          <Row spread>
            <p className={s.brand}>{t('common.appName')}</p>
            <select
              className={s.select}
              aria-label={t('language.label')}
              value={language}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isLanguage(next)) setLanguage(next);
              }}
            >
              {languages.map((option) => (
                <option key={option} value={option}>
                  {t(`language.${option}`)}
                </option>
              ))}
            </select>
          </Row>
        </header>
        <main>
          <Paper className={s.card}>
            <Stack gap={24}>
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {t('auth.login.title')}
                </Title>
                <Text dimmed small>
                  {t('auth.login.description')}
                </Text>
              </Stack>
              <LoginForm t={t} onFailure={onFailure} onSuccess={onSuccess} />
            </Stack>
          </Paper>
        </main>
        {config && (config.supportUrl || config.supportEmail) ? (
          <footer>
            <Row gap={16} style={{ justifyContent: 'center', fontSize: '0.875rem' }}>
              {config.supportUrl ? (
                <Link href={config.supportUrl} target="_blank" rel="noopener noreferrer">
                  {t('common.support')}
                </Link>
              ) : null}
              {config.supportEmail ? (
                <Link href={`mailto:${config.supportEmail}`} title={t('common.supportEmail')}>
                  {config.supportEmail}
                </Link>
              ) : null}
            </Row>
          </footer>
        ) : null}
      </Stack>
      <Notices notices={notices} onClose={close} closeLabel={t('common.close')} />
    </PlainRoot>
  );
};
