import type { PointerEvent } from "react";

/**
 * Pause-on-hover handlers that only a mouse triggers. A tap on a phone also "enters" an element and
 * only leaves it when the visitor taps elsewhere, which would pause a carousel for good (A §4 pauses
 * on hover, a desktop behaviour).
 */
export function mouseHover(onChange: (hovered: boolean) => void) {
  return {
    onPointerEnter: (event: PointerEvent) => {
      if (event.pointerType === "mouse") onChange(true);
    },
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType === "mouse") onChange(false);
    },
  };
}
