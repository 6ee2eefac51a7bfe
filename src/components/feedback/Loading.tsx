import { useIntl } from 'react-intl';

/**
 * The specification's loading spinner: `align` places it, `cover` lays it over the page or the
 * content. Plain CSS, so it can show before the component library has loaded.
 */
export function Loading({ align = 'center', cover = 'content' }: { align?: 'start' | 'center' | 'end'; cover?: 'page' | 'content' | 'inline' }) {
  const intl = useIntl();
  return (
    <div className="ui-loading" data-align={align} data-cover={cover} role="status">
      <span className="ui-spinner" aria-hidden="true" />
      <span className="ui-visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
