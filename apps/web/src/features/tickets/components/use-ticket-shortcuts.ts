import { useEffect, useRef } from 'react';

export type TicketShortcutActions = {
  next: () => void;
  previous: () => void;
  toggleArchive: () => void;
  focusAnswer: () => void;
  focusComment: () => void;
};

/** Typing somewhere: a field, an editable element, or a listbox or menu taking its own keys. */
const isTyping = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="textbox"], [role="combobox"], [role="listbox"], [role="menu"]') !== null;
};

/** A dialog or popover is open: its keys are its own. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * The ticket page's keys, on the whole document but never while typing in a field or with a
 * dialog open: j or Alt+→ next, k or Alt+← previous, e archive or restore, r the answer, c a comment.
 */
export const useTicketShortcuts = (actions: TicketShortcutActions) => {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.isComposing) return;
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTyping(event.target) || dialogOpen()) return;
      const a = latest.current;
      const run = (action: () => void) => {
        event.preventDefault();
        action();
      };
      if (event.altKey) {
        if (event.key === 'ArrowRight') run(a.next);
        else if (event.key === 'ArrowLeft') run(a.previous);
        return;
      }
      switch (event.key.toLowerCase()) {
        case 'j':
          return run(a.next);
        case 'k':
          return run(a.previous);
        case 'e':
          return run(a.toggleArchive);
        case 'r':
          return run(a.focusAnswer);
        case 'c':
          return run(a.focusComment);
        default:
          return;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
};
