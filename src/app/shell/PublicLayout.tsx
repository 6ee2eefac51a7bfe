import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

/**
 * The public layout: the product's name, language and theme switches, and a centred card.
 * Plain HTML and CSS: the log-in page loads no component library.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="pub-page">
      <header className="pub-header">
        <p className="pub-brand">{intl.formatMessage({ id: 'app.title' })}</p>
        <div className="pub-tools">
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main id="content" className="pub-main">
        <div className="pub-card">{children}</div>
      </main>
    </div>
  );
}
