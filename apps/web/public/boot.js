// Server-rendered pages load the app with this script instead of a module script in the head: the
// page is readable without it, so its code is fetched once the page has loaded (its images first,
// the largest one preloaded), then it hydrates. On a slow phone network the visitor sees the car
// before the code that makes its buttons work starts to download. External (not inline) because the
// pages' Content-Security-Policy allows scripts from 'self' only.
//
// `data-preload` names the other chunks the page runs (the entry's imports, the page's chunk and
// its imports): asked for with the entry, all at once, instead of each after the one importing it.
(function () {
  const boot = document.currentScript;
  const entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  const preload = (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
    for (const href of preload) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
