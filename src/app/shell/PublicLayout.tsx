import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { HOME_REDIRECT } from '../../machines/app.machine.ts';
import { landingPath } from '../landing.ts';
import { warmSignedIn } from '../signed-in-code.ts';
import { usePreferences } from '../../session/preferences.tsx';

/**
 * The public layout: the product's name, language and theme switches, and a centred card.
 * Plain HTML and CSS: the log-in page loads no component library.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = usePreferences();
  // A key or a press on a public page (typing the e-mail, the sign-in click) starts loading the signed-in code.
  const warm = () => warmSignedIn(landingPath(HOME_REDIRECT), locale);
  return (
    <div className="pub-page" onKeyDownCapture={warm} onPointerDownCapture={warm}>
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
