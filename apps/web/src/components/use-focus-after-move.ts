import { useEffect, useRef, useState } from 'react';

/**
 * After a keyboard move in a reorderable list, the control the move was made with keeps the focus,
 * so pressing again moves the same row on. Moving a row in the DOM drops the browser's focus, so it
 * is put back once the list stands in its new order (the first new `items` ends the wait). A
 * control that became disabled (an arrow at the top or bottom) hands the focus to `fallback`.
 */
export const useFocusAfterMove = <C extends string>(items: readonly unknown[], fallback: C) => {
  const [target, setTarget] = useState<{ key: string; on: C; before: readonly unknown[] } | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());

  const controlRef = (key: string, on: C) => (el: HTMLElement | null) => {
    if (el) controls.current.set(`${key}:${on}`, el);
    else controls.current.delete(`${key}:${on}`);
  };

  useEffect(() => {
    if (!target) return;
    const wanted = controls.current.get(`${target.key}:${target.on}`);
    const usable = wanted && !(wanted as HTMLButtonElement).disabled ? wanted : undefined;
    (usable ?? controls.current.get(`${target.key}:${fallback}`))?.focus();
    if (items !== target.before) setTarget(null);
  }, [target, items, fallback]);

  const focusAfterMove = (key: string, on: C) => setTarget({ key, on, before: items });

  return { controlRef, focusAfterMove };
};
