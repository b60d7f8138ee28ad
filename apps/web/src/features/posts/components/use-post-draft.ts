import { renderTemplate, type TemplateValues } from '@parley/contract';
import { type ChangeEvent, type SyntheticEvent, useRef, useState } from 'react';

type Caret = { start: number; end: number };

/**
 * A text the owner writes (an answer, a comment): its value, where the cursor was last, and a
 * response template put there (else at the end, on a new paragraph) with its placeholders filled
 * from `values`, since a post's texts are published as written.
 */
export const usePostDraft = (initial = '') => {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<Caret | null>(null);
  const track = (el: HTMLTextAreaElement) => {
    caret.current = { start: el.selectionStart, end: el.selectionEnd };
  };
  return {
    value,
    set: setValue,
    fieldProps: {
      ref,
      value,
      onChange: (e: ChangeEvent<HTMLTextAreaElement>) => {
        setValue(e.currentTarget.value);
        track(e.currentTarget);
      },
      onSelect: (e: SyntheticEvent<HTMLTextAreaElement>) => track(e.currentTarget),
    },
    insertTemplate: (templateText: string, values: TemplateValues) => {
      const text = renderTemplate(templateText, values);
      const at = caret.current;
      const start = Math.min(at?.start ?? value.length, value.length);
      const end = Math.min(at?.end ?? value.length, value.length);
      const before = value.slice(0, start);
      const gap = !at && before.trim() !== '' ? (before.endsWith('\n') ? '\n' : '\n\n') : '';
      const next = `${before}${gap}${text}${value.slice(end)}`;
      const position = before.length + gap.length + text.length;
      setValue(next);
      caret.current = { start: position, end: position };
      requestAnimationFrame(() => {
        const el = ref.current;
        if (!el) return;
        el.focus();
        el.setSelectionRange(position, position);
      });
    },
  };
};

export type PostDraft = ReturnType<typeof usePostDraft>;
