// The page's first script, inlined in every page's head by BaseHead.astro (minified at build,
// src/build/inline-script.ts); `boot` is its argument: the language key and prefixes, the API's
// address and the channel. `ANALYTICS_ID` is replaced at build by the analytics id (a string) or
// null: without one, the minifier drops the gtag code.
(() => {
  // A signed-in visitor (the readable session_info cookie) never sees the signed-out header parts,
  // which the build rendered: global.css hides [data-signed-out] under html[data-session=in].
  if (/(?:^|;\s*)(?:__Host-)?session_info=/.test(document.cookie)) document.documentElement.setAttribute('data-session', 'in');
  var stored = null;
  try {
    stored = localStorage.getItem(boot.key);
  } catch (_e) {}
  var p = boot.prefixes,
    path = location.pathname,
    cur,
    bare = path;
  for (var c in p)
    if (p[c] ? path === `/${p[c]}` || path.indexOf(`/${p[c]}/`) === 0 : !cur) {
      cur = c;
      if (p[c]) bare = path.slice(p[c].length + 1) || '/';
    }
  if (stored in p && stored !== cur) {
    location.replace((p[stored] ? `/${p[stored]}${bare === '/' ? '/' : bare}` : bare) + location.search + location.hash);
    return;
  }
  window.__boot = boot;
  if (ANALYTICS_ID) {
    window.dataLayer = window.dataLayer || [];
    window.gtag = function () {
      // biome-ignore lint/complexity/noArguments: gtag reads the arguments object from dataLayer, not an array (Google's snippet).
      window.dataLayer.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', ANALYTICS_ID, { send_page_view: false });
    const tag = document.createElement('script');
    tag.async = true;
    tag.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ANALYTICS_ID)}`;
    document.head.appendChild(tag);
  }
  function pageView() {
    var view = { path: location.pathname.slice(0, 512), language: boot.lang };
    if (document.referrer) view.referrer = document.referrer.slice(0, 1024);
    if (ANALYTICS_ID) {
      window.gtag('event', 'page_view', { page_path: view.path, language: view.language });
      return;
    }
    try {
      fetch(`${boot.api}/analytics/page-view`, {
        method: 'POST',
        keepalive: true,
        credentials: 'include',
        headers: { 'content-type': 'application/json', channel: boot.channel },
        body: JSON.stringify(view),
      }).catch(() => {});
    } catch (_e) {}
  }
  // Every navigation lands at the top (a hash link keeps its target); pageshow also covers back/forward cache.
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  window.addEventListener('pageshow', () => {
    if (!location.hash) window.scrollTo(0, 0);
    pageView();
  });
})();
