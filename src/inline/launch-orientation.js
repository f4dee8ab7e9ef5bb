// The game launch page's first script (game-launch/index.astro, minified at build): the page as
// built is a landscape game's place, until the catalogue names the game. For a game the build's
// catalogue knows as portrait, `html[data-launch=portrait]` gives the place its portrait shape
// before the first paint (GameLaunch.tsx, LaunchView). `portrait` is the argument: those games' codes.
(() => {
  var code = decodeURIComponent(location.pathname.replace(/\/+$/, '').split('/').pop() || '');
  if (portrait.indexOf(code) >= 0) document.documentElement.setAttribute('data-launch', 'portrait');
})();
