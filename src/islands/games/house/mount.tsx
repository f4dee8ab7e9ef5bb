import { createRoot } from 'react-dom/client';
import { pageLanguage } from '../../../lib/i18n';
import HousePlay from './HousePlay';

/**
 * The game frame's one script (src/pages/[...lang]/house/play): renders the house game client into
 * the page, replacing the spinner the build put there. A plain React root rather than an Astro
 * island: the frame has nothing to hydrate (the client only starts once the launch token is read),
 * so it skips Astro's island loader and renderer (~2.3 KB gzip of the frame's 80 KB budget).
 */
const root = document.getElementById('house-root');
if (root) createRoot(root).render(<HousePlay lang={pageLanguage()} />);
