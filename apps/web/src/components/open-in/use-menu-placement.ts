import { type RefObject, useLayoutEffect, useState } from 'react';

/** Space kept between an open menu and the edge of the screen, in pixels. */
const SCREEN_MARGIN = 8;

export interface MenuPlacement {
  /** Hangs from the button's left edge rather than its right. */
  readonly alignStart: boolean;
  /** The widest the menu may be without leaving the screen, in pixels. */
  readonly maxWidth: number;
}

/**
 * Where an open menu hangs from its button. It hangs from the button's right
 * edge, as the button usually ends a row of actions; where that would reach
 * past the start of the row (the button wrapped to the start of a narrow
 * card), from its left edge. Either way it is no wider than the room left on
 * screen on that side. Measured before paint from the menu's natural width:
 * the placement is cleared whenever the menu closes, so each opening renders
 * the menu unconstrained first.
 */
export function useMenuPlacement(
  open: boolean,
  wrapperRef: RefObject<HTMLElement | null>,
  menuRef: RefObject<HTMLElement | null>,
): MenuPlacement | undefined {
  const [placement, setPlacement] = useState<MenuPlacement | undefined>(undefined);
  useLayoutEffect(() => {
    const wrapper = wrapperRef.current;
    const menu = menuRef.current;
    const row = wrapper?.parentElement;
    if (!open || !wrapper || !menu || !row) {
      setPlacement(undefined);
      return;
    }
    const box = wrapper.getBoundingClientRect();
    const alignStart = box.right - menu.offsetWidth < row.getBoundingClientRect().left;
    const room = alignStart ? document.documentElement.clientWidth - box.left : box.right;
    setPlacement({ alignStart, maxWidth: room - SCREEN_MARGIN });
  }, [open, wrapperRef, menuRef]);
  return placement;
}
