// Server-rendered pages load the app with this script instead of a module script in the head: the
// page is readable without it, so its code is fetched once the page has loaded (its images first,
// the largest one preloaded), then it hydrates. On a slow phone network the visitor sees the car
// before the code that makes its buttons work starts to download. External (not inline) because the
// pages' Content-Security-Policy allows scripts from 'self' only.
(function () {
  const entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  function start() {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
