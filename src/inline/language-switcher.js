// The language switcher's script, inlined by LanguageSwitcher.astro (minified at build,
// src/build/inline-script.ts): opens the same page in the other language, keeping the query (an open
// popup) and the hash. A signed-in player's choice is stored on the account too (SMS codes and
// emails follow it); should that fail, the page still changes language. Static pages have no API
// client: plain fetch.
document.addEventListener('click', (event) => {
  var link = event.target instanceof Element && event.target.closest('[data-language-switcher] a[data-lang]');
  if (!link || event.defaultPrevented) return;
  event.preventDefault();
  var lang = link.dataset.lang;
  try {
    localStorage.setItem(link.dataset.storageKey, lang);
  } catch (_e) {}
  var path = location.pathname;
  var bare = path;
  link.parentNode.dataset.prefixes.split(' ').forEach((p) => {
    if (path === `/${p}` || path.indexOf(`/${p}/`) === 0) bare = path.slice(p.length + 1) || '/';
  });
  var prefix = link.dataset.prefix;
  var target = prefix ? `/${prefix}${bare === '/' ? '/' : bare}` : bare;
  function go() {
    location.href = target + location.search + location.hash;
  }
  var boot = window.__boot;
  if (!boot || lang === link.closest('[data-language-switcher]').dataset.current || document.documentElement.getAttribute('data-session') !== 'in') return go();
  fetch(`${boot.api.replace(/\/+$/, '')}/account/language`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json', channel: boot.channel },
    body: JSON.stringify({ languageCode: lang }),
  }).then(go, go);
});
