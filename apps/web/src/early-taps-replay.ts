/** What `early-taps.js`, inline in the page's head, leaves on `window` for the app. */
interface EarlyTaps {
  /** The controls tapped before the app took the page over, in order; later taps reach the app itself. */
  take(): Element[];
}

declare global {
  interface Window {
    dealershipEarlyTaps?: EarlyTaps;
  }
}

/**
 * Replays the taps `early-taps.js` held while the page's code was on its way: each control still
 * on the page is clicked again, now that its handlers are attached. Call once the page is
 * interactive (hydrated). Returns how many taps were replayed.
 */
export function replayEarlyTaps(): number {
  const taps = window.dealershipEarlyTaps?.take() ?? [];
  let replayed = 0;
  for (const control of taps) {
    // A control React had to redraw (a page that did not match the server's) is gone: its tap with it.
    if (control.isConnected && control instanceof HTMLElement) {
      control.click();
      replayed++;
    }
  }
  return replayed;
}
