import { useIntl } from 'react-intl';
import { usePreferences } from '../../session/preferences.tsx';

/** Grey bars where a screen's title and first lines will be; plain CSS, announced as loading. */
export function ContentSkeleton() {
  const intl = useIntl();
  return (
    <div className="content-skeleton" role="status" data-testid="content-skeleton">
      <span className="ui-visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
      <ContentBars />
    </div>
  );
}

function ContentBars() {
  return (
    <div aria-hidden="true">
      <div className="skeleton-bar" data-kind="title" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar" />
      <div className="skeleton-bar" data-kind="short" />
    </div>
  );
}

/**
 * The signed-in layout's outline (menu column, header with the product's name, content bars) while
 * the layout's code loads: the page keeps its shape instead of going blank. index.html draws the
 * same outline before any script runs.
 */
export function ShellSkeleton() {
  const intl = useIntl();
  const { navType, navCollapsed, locale } = usePreferences();
  // Until the user's language has loaded, the name's place stays empty rather than in Spanish.
  const named = intl.locale === locale;
  return (
    <div className="shell-skeleton" data-nav={navType === 'TOP' ? 'top' : navCollapsed ? 'collapsed' : 'side'} role="status" data-testid="shell-skeleton">
      <span className="ui-visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
      <div className="shell-skeleton-side" aria-hidden="true" />
      <div className="shell-skeleton-body">
        <div className="shell-skeleton-header">
          <p className="shell-skeleton-brand" style={named ? undefined : { visibility: 'hidden' }}>
            {intl.formatMessage({ id: 'app.title' })}
          </p>
        </div>
        <div className="shell-skeleton-main">
          <ContentBars />
        </div>
      </div>
    </div>
  );
}
