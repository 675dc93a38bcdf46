import { announceTypedText, holdTapIfDeferred } from '@dealership/web-ui';

/** What `early-taps.js`, inline in the page's head, leaves on `window` for the app. */
interface EarlyTaps {
  /**
   * What the visitor did before the app took the page over, in order: controls tapped, fields
   * typed into. From then on taps and typing reach the app itself.
   */
  take(): { kind: 'tap' | 'edit'; element: Element; text?: string }[];
}

declare global {
  interface Window {
    dealershipEarlyTaps?: EarlyTaps;
  }
}

/**
 * Replays what `early-taps.js` held while the page's code was on its way, now that its handlers
 * are attached: first each field typed into gets its text back and announces it
 * (`announceTypedText`: its `onChange` runs, so a search typed early filters), then each control
 * tapped is clicked again, in order. Fields first: a tap's re-render would reset a field whose
 * component does not know its text yet. Call once the page is interactive (hydrated), before
 * anything renders again. Inside a deferred part that has not hydrated yet (the /cars filter
 * panel), taps are held for that part to replay once it has, and typing is announced by it
 * (`deferredComponent`). Returns how many were replayed or held.
 */
export function replayEarlyTaps(): number {
  const held = window.dealershipEarlyTaps?.take() ?? [];
  // An element React had to redraw (a page that did not match the server's) is gone, and what was done to it with it.
  const live = held.filter(({ element }) => element.isConnected && element instanceof HTMLElement);
  for (const { kind, element, text } of live) {
    if (kind === 'edit' && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) announceTypedText(element, text ?? element.value);
  }
  for (const { kind, element } of live) {
    if (kind === 'tap' && !holdTapIfDeferred(element as HTMLElement)) (element as HTMLElement).click();
  }
  return live.length;
}
