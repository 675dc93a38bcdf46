import { type FormField, heldEditOf, holdTapIfDeferred } from '@dealership/web-ui';

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

const isField = (element: Element): element is FormField =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/**
 * Replays what `early-taps.js` held while the page's code was on its way, now that its handlers
 * are attached: first each field filled gets what the visitor gave it back and announces it
 * (`heldEditOf`: text typed, a list's choice, a file picked; its `onChange` runs, so a search
 * typed early filters), then each control tapped is clicked again, in order. Fields first: a tap's
 * re-render would reset a field whose component does not know its text yet.
 *
 * Call once the page is interactive (hydrated), before anything renders again (an effect): every
 * field is read now, before a render can reset it; the replay itself runs in a microtask, once
 * React has left the effect. Inside an effect React renders nothing until all its effects are
 * done, so each announcement would reach a handler of the same render (on /import-duty each field
 * wrote the URL's query from the same old copy, and only the last stayed); outside, each one is
 * rendered before the next. Inside a deferred part that has not hydrated yet (a lead form, the
 * /cars filter panel), taps are held for that part to replay once it has, and what was filled is
 * announced by it (`deferredComponent`). Returns how many were replayed or held.
 */
export function replayEarlyTaps(): number {
  const held = window.dealershipEarlyTaps?.take() ?? [];
  // An element React had to redraw (a page that did not match the server's) is gone, and what was done to it with it.
  const live = held.filter(({ element }) => element.isConnected && element instanceof HTMLElement);
  const edits = live.flatMap(({ kind, element, text }) =>
    kind === 'edit' && isField(element) && !element.closest('[data-deferred]:not([data-hydrated])') ? [heldEditOf(element, text)] : [],
  );
  const taps = live.flatMap(({ kind, element }) => (kind === 'tap' ? [element as HTMLElement] : []));
  if (live.length > 0) {
    queueMicrotask(() => {
      for (const announce of edits) announce();
      for (const control of taps) if (!holdTapIfDeferred(control)) control.click();
    });
  }
  return live.length;
}
