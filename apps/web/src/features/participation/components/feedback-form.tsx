import type { PostState } from '@parley/contract';
import { postTextMax, postTrapField } from '@parley/contract/post-checks';
import {
  Button,
  Choice,
  Link,
  plainClasses,
  Row,
  Stack,
  Text,
  TextArea,
  TextField,
  Title,
} from '@/components/plain/plain';
import type { FeedbackPageInfo } from '../api/feedback';
import s from './feedback.module.css';
import { SendProblemAlert, Sent } from './feedback-form-parts';
import { FeedbackMediaPicker } from './feedback-media';
import { useFeedbackTranslation } from './feedback-texts';
import { useFeedbackForm } from './use-feedback-form';

/**
 * D19's public form: name, email, text (with its count), images or videos (uploaded first), the
 * consent with the privacy link, and the hidden bot trap. Checked with the contract's rules before
 * it is sent; the server's 400 and 429 are said in the form, the entries kept. Once sent, a thanks
 * takes the form's place and the focus.
 */
export const FeedbackForm = ({
  manufacturerId,
  info,
  onSent,
  onGone,
}: {
  manufacturerId: string;
  info: FeedbackPageInfo;
  /** The post was stored: a published one appears in the feed at once. */
  onSent: (state: PostState) => void;
  /** The server no longer knows the page (404 on sending). */
  onGone: () => void;
}) => {
  const { t } = useFeedbackTranslation();
  const {
    id,
    fieldId,
    media,
    values,
    set,
    trap,
    setTrap,
    serverField,
    message,
    sending,
    sendProblem,
    sent,
    again,
    submit,
  } = useFeedbackForm({ manufacturerId, onSent, onGone });
  const name = info.manufacturerName;

  if (sent) {
    return <Sent email={sent.email} state={sent.state} manufacturerName={name} onAgain={again} />;
  }

  const consentError = message('consent');
  const consentErrorId = `${fieldId('consent')}-error`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <Stack gap={16}>
        <Stack gap={4}>
          <Title order={2} size="h3" id={`${id}-title`}>
            {t('feedbackPage.form.title')}
          </Title>
          <Text dimmed small>
            {t('feedbackPage.form.requiredNote')}
          </Text>
        </Stack>
        <div className={plainClasses.twoColumns}>
          <TextField
            id={fieldId('name')}
            name="name"
            label={t('feedbackPage.form.name')}
            autoComplete="name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={message('name')}
          />
          <TextField
            id={fieldId('email')}
            name="email"
            type="email"
            inputMode="email"
            label={t('feedbackPage.form.email')}
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={message('email')}
            description={t('feedbackPage.form.emailHint')}
          />
        </div>
        <TextArea
          id={fieldId('text')}
          name="text"
          label={t('feedbackPage.form.text')}
          required
          rows={5}
          value={values.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={message('text')}
          description={t('participation.freeText.counter', {
            count: values.text.trim().length,
            max: postTextMax,
          })}
        />
        <FeedbackMediaPicker
          media={media}
          error={serverField === 'media' ? t('feedbackPage.form.errors.invalid') : null}
        />
        {/*
          The bot trap (D19): off screen rather than `display: none` (which bots skip), out of the tab
          order, hidden from screen readers and from autofill. People leave it empty.
        */}
        <div aria-hidden="true" className={s.trap}>
          <label htmlFor={`${id}-trap`}>{t('feedbackPage.form.trapLabel')}</label>
          <input
            id={`${id}-trap`}
            type="text"
            name={postTrapField}
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
                {t('feedbackPage.form.consent', { name })}{' '}
                {info.privacyUrl ? (
                  <Link href={info.privacyUrl} target="_blank" rel="noopener noreferrer">
                    {t('participation.privacy')}
                  </Link>
                ) : null}
              </>
            }
          />
          {consentError ? (
            <Text id={consentErrorId} small style={{ color: 'var(--p-error)', marginTop: '0.25rem' }}>
              {consentError}
            </Text>
          ) : null}
        </div>
        {sendProblem ? <SendProblemAlert problem={sendProblem} /> : null}
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button type="submit" loading={sending}>
            {t('feedbackPage.form.submit')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
};
