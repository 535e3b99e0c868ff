// Runs before the app: apply the stored theme mode (key theme-mode, else the
// system's), language and direction, so the first paint has the right colours.
(() => {
  const d = document.documentElement;
  let mode = 'light';
  let lang = 'id';
  let rtl = false;
  try {
    const stored = localStorage.getItem('theme-mode');
    if (stored === 'light' || stored === 'dark' || stored === 'semi-dark') mode = stored;
    else if (window.matchMedia?.('(prefers-color-scheme: dark)').matches) mode = 'dark';
    lang = localStorage.getItem('lang') || 'id';
    rtl = Boolean(JSON.parse(localStorage.getItem('settings') || '{}').rtl);
  } catch {
    // Storage unavailable: defaults.
  }
  d.setAttribute('data-mode', mode);
  d.setAttribute('lang', lang);
  d.setAttribute('dir', lang === 'ar' || rtl ? 'rtl' : 'ltr');
})();
