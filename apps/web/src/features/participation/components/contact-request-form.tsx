import type { ContactRequestFormInfo } from '@parley/contract';
import { contactRequestMessageMax, contactRequestTrapField } from '@parley/contract/plain';
import type { ReactNode } from 'react';
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
import { useFormTranslation } from './contact-request-texts';
import { PageMessage } from './page-message';
import { useContactRequestForm } from './use-contact-request-form';

/** D18's form itself: the fields, the bot trap, the consent; once sent, the thanks in its place. */
export const ContactRequestFormView = ({
  manufacturerId,
  info,
  onGone,
}: {
  manufacturerId: string;
  info: ContactRequestFormInfo;
  /** The server no longer knows the form (404 on sending). */
  onGone: () => void;
}) => {
  const { t } = useFormTranslation();
  const { id, fieldId, values, set, trap, setTrap, message, sending, sendProblem, sent, submit } =
    useContactRequestForm({ manufacturerId, onGone });
  const name = info.manufacturerName;

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
