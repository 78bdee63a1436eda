/**
 * The flags every Chromium of ours runs with (the Playwright suite, the
 * bench's browser figures and Lighthouse): no sandbox for root on CI, and no
 * background traffic, which this machine's closed network refuses.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
