// Several layers can hold the lock at once (a report dialog over the notes):
// the page scroll is restored only when the last lets go.
let scrollLocks = 0;

/** Stops the page behind a dialog or overlay from scrolling; call the returned function to let go. */
export function lockScroll(): () => void {
  scrollLocks += 1;
  const root = document.documentElement;
  if (scrollLocks === 1) {
    // Keep the page from jumping sideways when its scrollbar disappears.
    const scrollbar = window.innerWidth - root.clientWidth;
    root.style.setProperty('--scrollbar-compensation', `${scrollbar}px`);
    root.classList.add('scroll-locked');
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    scrollLocks -= 1;
    if (scrollLocks === 0) {
      root.classList.remove('scroll-locked');
      root.style.removeProperty('--scrollbar-compensation');
    }
  };
}
