import { Component, type ReactNode } from 'react';
import { frameText } from './frame-text';

/**
 * What a screen shows when its code could not be loaded: pages and dialogs arrive on demand, and a
 * phone that loses its network at that moment would otherwise be left with a blank screen (React
 * unmounts everything under a render error nobody catches). Trying again reloads the page, which
 * fetches the code afresh; what a long form had typed is kept by its draft. Its texts come with the
 * app frame's (no further code to fetch).
 */
export class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailure /> : this.props.children;
  }
}

function LoadFailure() {
  return (
    <main className="load-failure" role="alert">
      <h1>{frameText('frame:loadFailed')}</h1>
      <p>{frameText('frame:loadFailedBody')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {frameText('frame:tryAgain')}
      </button>
    </main>
  );
}
