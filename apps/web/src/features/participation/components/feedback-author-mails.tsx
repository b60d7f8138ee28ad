import { IconMailOff } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@/components/plain/plain';
import { useFeedbackTranslation } from './feedback-texts';
import m from './media-input.module.css';
import type { AuthorMails } from './use-author-mails';

/**
 * "Stop emails about this post?": what the unsubscribe link of a post's mail opens, as on the ticket
 * page. Nothing changes until the author confirms (a mail scanner that opens the link must not turn
 * the mails off); then the confirmation takes the banner's place and the focus.
 */
export const StopMailsBanner = ({
  mails,
  manufacturerName,
}: {
  mails: AuthorMails;
  manufacturerName: string;
}) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  // Off already when the page opened: said as such, with nothing to confirm.
  const [already] = useState(mails.mailsOff);
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  const confirm = async () => {
    setFailed(false);
    const saved = await mails.save(true);
    if (saved) setDone(true);
    else if (saved === false) setFailed(true);
  };

  if (already || done) {
    return (
      <Alert tone="teal">
        <IconMailOff size={20} aria-hidden="true" style={{ flexShrink: 0 }} />
        <div>
          <Title order={2} size="h5" ref={heading} tabIndex={-1}>
            {t('feedbackPage.author.stopMails.doneTitle')}
          </Title>
          <span>
            {t(done ? 'feedbackPage.author.stopMails.doneText' : 'feedbackPage.author.stopMails.alreadyText')}
          </span>
        </div>
      </Alert>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <Paper style={{ borderColor: 'var(--p-primary)', borderWidth: 2 }}>
        <Stack gap={8}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('feedbackPage.author.stopMails.title')}
          </Title>
          <Text>{t('feedbackPage.author.stopMails.text', { name: manufacturerName })}</Text>
          {failed ? (
            <Alert tone="red" role="alert">
              {t('feedbackPage.author.stopMails.failed')}
            </Alert>
          ) : null}
          <div>
            <Button onClick={() => void confirm()} loading={mails.saving}>
              {t('feedbackPage.author.stopMails.confirm')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </section>
  );
};

/** "Emails about this post": a switch that saves at once, its state said in words beside it. */
export const MailsSwitch = ({
  mails,
  manufacturerName,
}: {
  mails: AuthorMails;
  manufacturerName: string;
}) => {
  const { t } = useFeedbackTranslation();
  const id = useId();
  const [failed, setFailed] = useState(false);
  const on = !mails.mailsOff;
  const toggle = async () => {
    setFailed(false);
    if ((await mails.save(on)) === false) setFailed(true);
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <Stack gap={8}>
        <Title order={2} size="h4" id={`${id}-title`}>
          {t('feedbackPage.author.mails.title')}
        </Title>
        <div className={m.switchRow}>
          <input
            id={`${id}-switch`}
            type="checkbox"
            role="switch"
            className={m.switch}
            checked={on}
            aria-checked={on}
            // Not disabled while saving: that would take the focus away. A second change waits its turn.
            aria-busy={mails.saving || undefined}
            aria-describedby={`${id}-state`}
            onChange={() => void toggle()}
          />
          <div style={{ display: 'flex', flexDirection: 'column', gap: '0.125rem' }}>
            <label htmlFor={`${id}-switch`} style={{ fontWeight: 600, cursor: 'pointer' }}>
              {t('feedbackPage.author.mails.label')}
            </label>
            <span id={`${id}-state`} style={{ color: 'var(--p-dimmed)', fontSize: '0.875rem' }}>
              {on
                ? t('feedbackPage.author.mails.on', { name: manufacturerName })
                : t('feedbackPage.author.mails.off')}
            </span>
          </div>
        </div>
        {failed ? (
          <Alert tone="red" role="alert">
            {t('feedbackPage.author.mails.failed')}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
};
