import { PRODUCT_NAME } from '../../contract/constants';
import './app-frame.css';
import { LOGO_SRC } from '../lib/logo';
import { frameText } from './frame-text';

/**
 * What the browser paints first on every route while the route's own code loads: the same header
 * as PageShell (logo and name) and a spinner. Plain elements and CSS, no component library code,
 * so it costs almost nothing in the entry chunk (issue 2's first-paint budget).
 */
export function AppFrame() {
  return (
    <div className="app-frame">
      <header className="app-frame__header">
        <a
          href="/"
          className="app-frame__brand"
          aria-label={frameText('frame:home', { product: PRODUCT_NAME })}
        >
          <img src={LOGO_SRC} alt="" width={32} height={32} />
          <span>{PRODUCT_NAME}</span>
        </a>
      </header>
      <main className="app-frame__main">
        <span className="app-frame__spinner" role="status" aria-label={frameText('frame:loading')} />
      </main>
    </div>
  );
}
