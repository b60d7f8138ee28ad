import { type PointerEvent, useRef, useState } from 'react';

type PointerDrag = { from: number; over: number };

/**
 * Drag to reorder through Pointer Events, so one gesture works with a mouse, a pen and a finger
 * (HTML5 drag and drop does not fire on most phones). The handle captures the pointer; the row
 * under it is found from the rows' boxes, and the move is made once, on release. The handle has
 * `touch-action: none`, so dragging it does not scroll the page; the rest of the row still does.
 */
export const usePointerReorder = (onMove: (from: number, to: number) => void) => {
  const [drag, setDrag] = useState<PointerDrag | null>(null);
  const rows = useRef<(HTMLElement | null)[]>([]);

  const rowRef = (index: number) => (el: HTMLElement | null) => {
    rows.current[index] = el;
  };

  /** The row whose box holds `y`; above the first or below the last, that end. */
  const indexAt = (y: number, count: number) => {
    for (let i = 0; i < count; i++) {
      const box = rows.current[i]?.getBoundingClientRect();
      if (box && y < box.bottom) return i;
    }
    return count - 1;
  };

  const handleProps = (index: number, count: number) => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      // No text selection or focus change while dragging.
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      setDrag({ from: index, over: index });
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      if (!drag) return;
      const over = indexAt(e.clientY, count);
      if (over !== drag.over) setDrag({ ...drag, over });
    },
    onPointerUp: () => {
      if (drag && drag.over !== drag.from) onMove(drag.from, drag.over);
      setDrag(null);
    },
    onPointerCancel: () => setDrag(null),
    style: { touchAction: 'none', cursor: drag ? 'grabbing' : 'grab' } as const,
  });

  /** How a row shows the drag: the dragged one faded, the one it would land on outlined. */
  const rowStyle = (index: number) => ({
    opacity: drag?.from === index ? 0.5 : 1,
    outline:
      drag?.over === index && drag.from !== index
        ? '2px dashed var(--mantine-color-blue-5, #339af0)'
        : undefined,
  });

  return { rowRef, rowStyle, handleProps };
};
