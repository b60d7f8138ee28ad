import type { ContactRequestForm, ContactRequestFormInfo, Language } from '@parley/contract';
import {
  type ContactRequestFormInput,
  contactRequestMessageMax,
  contactRequestProblems,
  contactRequestTrapField,
  limits,
} from '@parley/contract/plain';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Choice,
  Image,
  Link,
  Paper,
  plainClasses,
  Row,
  Stack,
  Text,
  TextArea,
  TextField,
  Title,
} from '@/components/plain/plain';
import { isApiError } from '@/lib/api-error';
import { detectLanguage, isLanguage, languages } from '@/lib/language';
import { createTranslator, type TextKey } from '@/lib/translator';
import { useDocumentTitle } from '@/lib/use-document-title';
import deForm from '@/locales/contact-request-form/de.json';
import enForm from '@/locales/contact-request-form/en.json';
import { participation as deParticipation } from '@/locales/de.json';
import { participation as enParticipation } from '@/locales/en.json';
import { submitContactRequest, useContactRequestFormInfo } from '../api/contact-request';
import { LoadProblem, PublicLoading } from './load-state';
import { PageMessage } from './page-message';
import { PublicPageLayout } from './public-page-layout';
import { SurveyLanguageProvider, useSurveyTranslation } from './survey-language';

/**
 * The form's own texts with the public pages' shared ones. The form's live in their own locale files
 * (`locales/contact-request-form/`): a bundler keeps a JSON module whole in one chunk, so texts in
 * de.json would load with every survey page; imported from here they load with this page's chunk.
 */
const formTexts = {
  de: { participation: deParticipation, ...deForm },
  en: { participation: enParticipation, ...enForm },
};
const translate = createTranslator(formTexts);
type FormTextKey = TextKey<(typeof formTexts)['en']>;

/** `t` in the page's language (the survey pages' choice of it: `?lang=`, else the visitor's). */
const useFormTranslation = () => {
  const { language } = useSurveyTranslation();
  const t = useCallback(
    (key: FormTextKey, values?: Record<string, string | number>) => translate(language, key, values),
    [language],
  );
  return { t, language };
};

type Field = keyof ContactRequestFormInput;
type Problem = 'required' | 'invalid' | 'tooLong';

/** The fields in the order they are shown: the first wrong one takes the focus. */
const fieldOrder: readonly Field[] = ['firstname', 'lastname', 'email', 'phoneNumber', 'message', 'consent'];

const empty: ContactRequestFormInput = {
  firstname: '',
  lastname: '',
  email: '',
  phoneNumber: '',
  message: '',
  consent: false,
};

/** `?lang=de|en` (the embed snippet's choice) wins; else the visitor's own language. */
const initialLanguage = (): Language => {
  const asked = new URLSearchParams(window.location.search).get('lang');
  return isLanguage(asked) ? asked : detectLanguage();
};

/** Why a send failed, in words; the entries stay in the form whatever happened. */
type SendProblem = 'tooMany' | 'network' | 'invalid';

const sendProblemOf = (error: unknown): SendProblem => {
  if (isApiError(error) && error.status === 429) return 'tooMany';
  if (isApiError(error) && error.status === 400) return 'invalid';
  return 'network';
};

/** The field a 400 names, when it is one of the form's. */
const fieldOf = (error: unknown): Field | undefined => {
  const field = isApiError(error) ? error.field : undefined;
  return fieldOrder.find((f) => f === field);
};

const ContactRequestFormView = ({
  manufacturerId,
  info,
  onGone,
}: {
  manufacturerId: string;
  info: ContactRequestFormInfo;
  /** The server no longer knows the form (404 on sending). */
  onGone: () => void;
}) => {
  const { t, language } = useFormTranslation();
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const name = info.manufacturerName;
  const [values, setValues] = useState(empty);
  const [trap, setTrap] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverField, setServerField] = useState<Field | undefined>();
  const [sending, setSending] = useState(false);
  const [sendProblem, setSendProblem] = useState<SendProblem | null>(null);
  const [sent, setSent] = useState(false);
  // A second press while the request is out must not send again: state updates too late.
  const busy = useRef(false);

  const problems: Partial<Record<Field, Problem>> = attempted ? contactRequestProblems(values) : {};
  if (serverField && !problems[serverField]) problems[serverField] = 'invalid';

  const set = <K extends Field>(field: K, value: ContactRequestFormInput[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverField === field) setServerField(undefined);
  };

  const message = (field: Field): string | null => {
    const problem = problems[field];
    if (!problem) return null;
    const max =
      field === 'message' ? contactRequestMessageMax : field === 'email' ? limits.emailMax : limits.nameMax;
    if (problem === 'tooLong') return t('participation.errors.tooLong', { max });
    if (field === 'email') {
      return problem === 'required'
        ? t('participation.errors.emailRequired')
        : t('participation.errors.emailInvalid');
    }
    if (field === 'firstname' || field === 'lastname') {
      return problem === 'required'
        ? t(`contactRequestForm.errors.${field}Required`)
        : t('contactRequestForm.errors.nameInvalid');
    }
    if (field === 'phoneNumber') return t('contactRequestForm.errors.phoneInvalid');
    if (field === 'consent') return t('contactRequestForm.errors.consentRequired');
    return t('contactRequestForm.errors.invalid');
  };

  const focus = (field: Field) => document.getElementById(fieldId(field))?.focus();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setAttempted(true);
    const found = contactRequestProblems(values);
    const first = fieldOrder.find((f) => found[f]);
    if (first) {
      focus(first);
      return;
    }
    const phone = values.phoneNumber.trim();
    const text = values.message.trim();
    const body: ContactRequestForm = {
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
      email: values.email.trim(),
      ...(phone ? { phoneNumber: phone } : {}),
      ...(text ? { message: text } : {}),
      consent: true,
      language,
      // People never see the trap; only a bot fills it (the server then drops the request quietly).
      ...(trap ? { [contactRequestTrapField]: trap } : {}),
    };
    busy.current = true;
    setSending(true);
    setSendProblem(null);
    try {
      await submitContactRequest(manufacturerId, body);
      setSent(true);
    } catch (error) {
      if (isApiError(error) && error.status === 404) {
        onGone();
        return;
      }
      setSendProblem(sendProblemOf(error));
      const wrong = fieldOf(error);
      if (wrong) {
        setServerField(wrong);
        focus(wrong);
      }
    } finally {
      busy.current = false;
      setSending(false);
    }
  };

  if (sent) {
    return (
      <PageMessage
        focus
        title={t('contactRequestForm.sent.title')}
        text={t('contactRequestForm.sent.text', { name })}
      />
    );
  }

  // Each field's error is tied to its control (aria-invalid, aria-describedby) by the plain fields.
  const textField = (
    field: 'firstname' | 'lastname' | 'email' | 'phoneNumber',
    props: {
      autoComplete: string;
      type?: string;
      inputMode?: 'email' | 'tel';
      required?: boolean;
      description?: ReactNode;
    },
  ) => (
    <TextField
      id={fieldId(field)}
      name={field}
      label={t(`contactRequestForm.${field}`)}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      error={message(field)}
      {...props}
    />
  );

  const consentError = message('consent');
  const consentErrorId = `${fieldId('consent')}-error`;
  return (
    <Paper style={{ padding: 'clamp(1rem, 4vw, 2rem)' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap={20}>
          <Stack gap={8}>
            {info.imageUrl ? (
              <Image src={info.imageUrl} alt="" maxHeight={72} style={{ alignSelf: 'flex-start' }} />
            ) : null}
            <Title order={1} size="h2">
              {t('contactRequestForm.title', { name })}
            </Title>
            <Text dimmed>{t('contactRequestForm.intro', { name })}</Text>
            <Text dimmed small>
              {t('contactRequestForm.requiredNote')}
            </Text>
          </Stack>
          <div className={plainClasses.twoColumns}>
            {textField('firstname', { autoComplete: 'given-name', required: true })}
            {textField('lastname', { autoComplete: 'family-name', required: true })}
          </div>
          {textField('email', { autoComplete: 'email', type: 'email', inputMode: 'email', required: true })}
          {textField('phoneNumber', {
            autoComplete: 'tel',
            type: 'tel',
            inputMode: 'tel',
            description: t('contactRequestForm.phoneHint'),
          })}
          <TextArea
            id={fieldId('message')}
            name="message"
            label={t('contactRequestForm.message')}
            value={values.message}
            onChange={(e) => set('message', e.currentTarget.value)}
            error={message('message')}
            description={t('participation.freeText.counter', {
              count: values.message.trim().length,
              max: contactRequestMessageMax,
            })}
          />
          {/*
            The bot trap (D18): off screen rather than `display: none` (which bots skip), out of the tab
            order, hidden from screen readers and from autofill. People leave it empty.
          */}
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: '-10000px',
              top: 'auto',
              width: 1,
              height: 1,
              overflow: 'hidden',
            }}
          >
            <label htmlFor={`${id}-trap`}>{t('contactRequestForm.trapLabel')}</label>
            <input
              id={`${id}-trap`}
              type="text"
              name={contactRequestTrapField}
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onChange={(e) => setTrap(e.currentTarget.value)}
            />
          </div>
          <div>
            <Choice
              type="checkbox"
              id={fieldId('consent')}
              name="consent"
              checked={values.consent}
              onChange={(e) => set('consent', e.currentTarget.checked)}
              aria-required="true"
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? consentErrorId : undefined}
              label={
                <>
                  {t('contactRequestForm.consent', { name })}{' '}
                  {info.privacyUrl ? (
                    <Link href={info.privacyUrl} target="_blank" rel="noopener noreferrer">
                      {t('participation.privacy')}
                    </Link>
                  ) : (
                    t('participation.privacy')
                  )}
                </>
              }
            />
            {consentError ? (
              <Text id={consentErrorId} small style={{ color: 'var(--p-error)', marginTop: '0.25rem' }}>
                {consentError}
              </Text>
            ) : null}
          </div>
          {sendProblem ? (
            // Announced at once; the entries stay and the button below sends them again.
            <Alert tone="red" role="alert">
              <strong>{t('contactRequestForm.failed.title')}</strong>{' '}
              {t(`contactRequestForm.failed.${sendProblem}`)}
            </Alert>
          ) : null}
          <Row style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" loading={sending}>
              {t('contactRequestForm.submit')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Paper>
  );
};

const LanguageSwitch = ({
  language,
  onChange,
}: {
  language: Language;
  onChange: (next: Language) => void;
}) => (
  <select
    className={plainClasses.select}
    aria-label={translate(language, 'contactRequestForm.language')}
    value={language}
    onChange={(event) => {
      const next = event.currentTarget.value;
      if (isLanguage(next)) onChange(next);
    }}
  >
    {languages.map((option) => (
      <option key={option} value={option} lang={option}>
        {translate(option, 'contactRequestForm.languageName')}
      </option>
    ))}
  </select>
);

/**
 * `/p/r/:manufacturerId`: D18's public contact-request form, which a manufacturer links or embeds
 * in its own website (an iframe): whoever sends it appears in the console's contact requests. In
 * German or English (`?lang=`, else the visitor's language), with a switch.
 */
export const ContactRequestPage = ({ manufacturerId }: { manufacturerId: string }) => {
  const { data: info, error, isPending, refetch } = useContactRequestFormInfo(manufacturerId);
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const [gone, setGone] = useState(false);
  useDocumentTitle(
    info && !gone
      ? translate(language, 'contactRequestForm.pageTitle', { name: info.manufacturerName })
      : translate(language, 'participation.contactRequest.notFoundTitle'),
  );

  const choose = (next: Language) => {
    setLanguage(next);
    // A reload (or a shared link) keeps the choice.
    const url = new URL(window.location.href);
    url.searchParams.set('lang', next);
    window.history.replaceState(window.history.state, '', url);
  };

  let content: ReactNode;
  if (isPending) {
    content = <PublicLoading />;
  } else if (gone) {
    content = (
      <PageMessage
        focus
        title={translate(language, 'participation.contactRequest.notFoundTitle')}
        text={translate(language, 'participation.contactRequest.notFoundText')}
      />
    );
  } else if (!info) {
    content = <LoadProblem error={error} retry={refetch} notFound="contactRequest" />;
  } else {
    content = (
      <ContactRequestFormView manufacturerId={manufacturerId} info={info} onGone={() => setGone(true)} />
    );
  }
  return (
    <SurveyLanguageProvider language={language}>
      <PublicPageLayout language={language} privacyUrl={info?.privacyUrl} imprintUrl={info?.imprintUrl}>
        <Stack gap={12}>
          <Row style={{ justifyContent: 'flex-end' }}>
            <LanguageSwitch language={language} onChange={choose} />
          </Row>
          {content}
        </Stack>
      </PublicPageLayout>
    </SurveyLanguageProvider>
  );
};
