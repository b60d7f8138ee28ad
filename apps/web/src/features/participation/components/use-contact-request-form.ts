import type { ContactRequestForm } from '@parley/contract';
import {
  type ContactRequestFormInput,
  contactRequestMessageMax,
  contactRequestProblems,
  contactRequestTrapField,
  limits,
} from '@parley/contract/plain';
import { type FormEvent, useId, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { submitContactRequest } from '../api/contact-request';
import { useFormTranslation } from './contact-request-texts';

export type Field = keyof ContactRequestFormInput;
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

/**
 * The contact-request form's state and its send: the entries, the bot trap, which field is wrong (by
 * the contract's rules once a send was tried, or by the server's 400) in words, and whether it was sent.
 */
export const useContactRequestForm = ({
  manufacturerId,
  onGone,
}: {
  manufacturerId: string;
  onGone: () => void;
}) => {
  const { t, language } = useFormTranslation();
  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
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

  return { id, fieldId, values, set, trap, setTrap, message, sending, sendProblem, sent, submit };
};
