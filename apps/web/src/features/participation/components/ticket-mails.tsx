import { IconMailOff } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@/components/plain/plain';
import { setTicketMailsOff } from '../api/ticket-conversation';
import m from './media-input.module.css';
import { useTicketTranslation } from './ticket-texts';

/** Whether the page was opened from the unsubscribe link of a conversation mail (`?mails=off`). */
export const askedToStopMails = () => new URLSearchParams(window.location.search).get('mails') === 'off';

/**
 * The mails of this conversation, on or off, saved at once (PUT …/mails), one request at a time:
 * `save` answers whether it was saved, or null when it was ignored because one is on its way.
 */
export const useTicketMails = (token: string, initial: boolean) => {
  const [mailsOff, setMailsOff] = useState(initial);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const save = async (off: boolean): Promise<boolean | null> => {
    if (busy.current) return null;
    busy.current = true;
    setSaving(true);
    try {
      const stored = await setTicketMailsOff(token, off);
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

type Mails = ReturnType<typeof useTicketMails>;

/**
 * "Stop emails about this conversation?": what the unsubscribe link of a conversation mail opens.
 * Nothing changes until the participant confirms (a mail scanner that opens the link must not turn
 * the mails off); then the confirmation takes the banner's place and the focus.
 */
export const StopMailsBanner = ({
  mails,
  manufacturerName,
  title,
}: {
  mails: Mails;
  manufacturerName: string;
  title: string;
}) => {
  const { t } = useTicketTranslation();
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
            {t('ticketPage.stopMails.doneTitle')}
          </Title>
          <span>{t(done ? 'ticketPage.stopMails.doneText' : 'ticketPage.stopMails.alreadyText')}</span>
        </div>
      </Alert>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <Paper style={{ borderColor: 'var(--p-primary)', borderWidth: 2 }}>
        <Stack gap={8}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('ticketPage.stopMails.title')}
          </Title>
          <Text>{t('ticketPage.stopMails.text', { name: manufacturerName, title })}</Text>
          {failed ? (
            <Alert tone="red" role="alert">
              {t('ticketPage.stopMails.failed')}
            </Alert>
          ) : null}
          <div>
            <Button onClick={() => void confirm()} loading={mails.saving}>
              {t('ticketPage.stopMails.confirm')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </section>
  );
};

/** "Emails about this conversation": a switch that saves at once, its state said in words beside it. */
export const MailsSwitch = ({ mails, manufacturerName }: { mails: Mails; manufacturerName: string }) => {
  const { t } = useTicketTranslation();
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
          {t('ticketPage.mails.title')}
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
              {t('ticketPage.mails.label')}
            </label>
            <span id={`${id}-state`} style={{ color: 'var(--p-dimmed)', fontSize: '0.875rem' }}>
              {on ? t('ticketPage.mails.on', { name: manufacturerName }) : t('ticketPage.mails.off')}
            </span>
          </div>
        </div>
        {failed ? (
          <Alert tone="red" role="alert">
            {t('ticketPage.mails.failed')}
          </Alert>
        ) : null}
      </Stack>
    </section>
  );
};
