import { TextInput } from '@mantine/core';
import {
  defaultMassFollowUpSubject,
  type Language,
  massFollowUpSubjectMax,
  unknownPlaceholders,
} from '@parley/contract';
import { useTranslation } from 'react-i18next';

/** Today's subject in the campaign's language, as the owner edits it (docs/product-decisions.md, "Mass follow-up"). */
export const defaultFollowUpSubject = (language: Language) => defaultMassFollowUpSubject[language];

/** What is wrong with a subject, as a translation key and its values; null when it may be sent. */
const subjectProblem = (subject: string) => {
  const unknown = unknownPlaceholders(subject);
  if (unknown.length > 0) {
    return {
      key: 'tickets.followUp.unknownPlaceholders',
      values: { count: unknown.length, names: unknown.map((n) => `{{${n}}}`).join(', ') },
    } as const;
  }
  if (subject.trim() === '') return { key: 'tickets.followUp.subjectRequired', values: {} } as const;
  if (/[\r\n]/.test(subject)) return { key: 'tickets.followUp.subjectOneLine', values: {} } as const;
  if (subject.trim().length > massFollowUpSubjectMax) {
    return { key: 'common.maxLength', values: { max: massFollowUpSubjectMax } } as const;
  }
  return null;
};

export const followUpSubjectValid = (subject: string) => subjectProblem(subject) === null;

/**
 * What a mass follow-up sends as its subject: nothing when the owner kept today's suggestion (each
 * participant then gets it in their ticket's language), else the owner's text.
 */
export const followUpSubjectInput = (subject: string, language: Language) =>
  subject.trim() === defaultFollowUpSubject(language) ? {} : { subject: subject.trim() };

/**
 * The subject of a mass follow-up's mails, prefilled with today's, with the message's placeholders.
 * Its problems show at once (an unknown placeholder) or once the owner tried to send (an empty one).
 */
export const FollowUpSubjectField = ({
  value,
  onChange,
  submitted,
}: {
  value: string;
  onChange: (subject: string) => void;
  submitted: boolean;
}) => {
  const { t } = useTranslation();
  const problem = subjectProblem(value);
  const shown = problem && (submitted || problem.key !== 'tickets.followUp.subjectRequired') ? problem : null;
  return (
    <TextInput
      label={t('tickets.followUp.subject')}
      description={t('tickets.followUp.subjectHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={shown ? t(shown.key, shown.values) : null}
      required
    />
  );
};
