import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n';

/**
 * What a screen shows when its code could not be loaded: pages and dialogs arrive on demand, and a
 * phone that loses its network at that moment would otherwise be left with a blank screen (React
 * unmounts everything under a render error nobody catches). Trying again reloads the page, which
 * fetches the code afresh; what a long form had typed is kept by its draft.
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
  const { t } = useTranslation();
  return (
    <main className="load-failure" role="alert">
      <h1>{t('common:loadFailure.title')}</h1>
      <p>{t('common:loadFailure.body')}</p>
      <button type="button" onClick={() => window.location.reload()}>
        {t('common:actions.tryAgain')}
      </button>
    </main>
  );
}
