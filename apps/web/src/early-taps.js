// @ts-check
// Taps and typing that arrive before the page's code: a server-rendered page is on screen (and its
// buttons and fields look ready) seconds before its code has downloaded and taken the page over on
// a phone on a slow network, and a tap in between would be lost, a search typed would show but
// filter nothing. This script runs first, inline in the page's head (its hash is in the
// Content-Security-Policy; vite.config.ts inlines it, the server hashes it): it holds each tap on a
// control that needs the code (a button, a checkbox, a menu or list opener) and shows the control
// as busy, notes each field typed into (a list chosen from, a file picked), and hands both to the
// app, which replays them in order once the page is interactive (`replayEarlyTaps` in
// early-taps-replay.ts). Links work without the code and are left alone. Plain JavaScript without
// imports: it must run before any module does.
(function () {
  const root = document.documentElement;
  const CONTROL =
    'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [aria-haspopup], summary, input[type="checkbox"], input[type="radio"]';
  const CHOICE = 'input[type="checkbox"], input[type="radio"]';
  /** @type {{ kind: 'tap' | 'edit', element: Element, text?: string }[]} */
  let held = [];

  /** @param {EventTarget | null} target */
  function controlOf(target) {
    if (!(target instanceof Element)) return null;
    const control = target.closest(CONTROL);
    if (control) return control;
    // A label stands for its checkbox or radio (a filter chip is a label beside a hidden input).
    const label = target.closest('label');
    return label && label.control && label.control.matches(CHOICE) ? label : null;
  }

  /** @param {Element} element */
  function isHeld(element) {
    return held.some(function (entry) {
      return entry.element === element;
    });
  }

  /** @param {MouseEvent} event */
  function holdTap(event) {
    if (root.hasAttribute('data-interactive')) return;
    const control = controlOf(event.target);
    if (!control || control.matches(':disabled, [aria-disabled="true"]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a control that did not answer yet is the same wish, not a toggle back.
    if (isHeld(control)) return;
    held.push({ kind: 'tap', element: control });
    control.setAttribute('data-tap-pending', '');
    control.setAttribute('aria-busy', 'true');
  }

  /** @param {Event} event */
  function noteEdit(event) {
    const field = event.target;
    const isField = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
    if (root.hasAttribute('data-interactive') || !isField || field.matches(CHOICE)) return;
    // The text as typed: a render of the page before the replay may reset the field. A list's
    // choice and a picker's files are read by the replay, before anything renders.
    const text = field.matches('select, input[type="file"]') ? undefined : field.value;
    const edit = held.find(function (entry) {
      return entry.element === field;
    });
    if (edit) edit.text = text;
    else held.push({ kind: 'edit', element: field, text: text });
  }

  document.addEventListener('click', holdTap, true);
  // `change` too: a file picker or a list may announce its choice with it alone.
  document.addEventListener('input', noteEdit, true);
  document.addEventListener('change', noteEdit, true);

  // @ts-expect-error -- a property of our own on window, typed for the app in early-taps-replay.ts.
  window.dealershipEarlyTaps = {
    /** The taps and edits held so far, in order; from then on they go straight to the app. */
    take: function () {
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('input', noteEdit, true);
      document.removeEventListener('change', noteEdit, true);
      const taken = held;
      held = [];
      taken.forEach(function (entry) {
        entry.element.removeAttribute('data-tap-pending');
        entry.element.removeAttribute('aria-busy');
      });
      return taken;
    },
  };
})();
