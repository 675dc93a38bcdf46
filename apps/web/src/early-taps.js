// @ts-check
// Taps that arrive before the page's code: a server-rendered page is on screen (and its buttons look
// ready) seconds before its code has downloaded and taken the page over on a phone on a slow
// network, and a tap in between would be lost. This script runs first, inline in the page's head
// (its hash is in the Content-Security-Policy; vite.config.ts inlines it, the server hashes it):
// it holds each tap on a control that needs the code (a button, a checkbox, a menu or list opener),
// shows the control as busy, and hands the taps to the app, which replays them once the page is
// interactive (`replayEarlyTaps` in early-taps-replay.ts). Links and inputs one types into work
// without the code and are left alone. Plain JavaScript without imports: it must run before any
// module does.
(function () {
  const root = document.documentElement;
  const CONTROL =
    'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [aria-haspopup], summary, input[type="checkbox"], input[type="radio"]';
  const CHOICE = 'input[type="checkbox"], input[type="radio"]';
  /** @type {Element[]} */
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

  /** @param {MouseEvent} event */
  function hold(event) {
    if (root.hasAttribute('data-interactive')) return;
    const control = controlOf(event.target);
    if (!control || control.matches(':disabled, [aria-disabled="true"]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second tap on a control that did not answer yet is the same wish, not a toggle back.
    if (held.indexOf(control) >= 0) return;
    held.push(control);
    control.setAttribute('data-tap-pending', '');
    control.setAttribute('aria-busy', 'true');
  }

  document.addEventListener('click', hold, true);

  /** The app's side: the taps held so far, in order; from then on taps go straight to the app. */
  // @ts-expect-error -- a property of our own on window, typed for the app in early-taps-replay.ts.
  window.dealershipEarlyTaps = {
    take: function () {
      document.removeEventListener('click', hold, true);
      const taps = held;
      held = [];
      taps.forEach(function (control) {
        control.removeAttribute('data-tap-pending');
        control.removeAttribute('aria-busy');
      });
      return taps;
    },
  };
})();
