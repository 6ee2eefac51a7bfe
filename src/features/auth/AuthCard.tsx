import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useIntl } from 'react-intl';

export function AuthCard({ titleId, subtitleId, links, children }: { titleId: string; subtitleId?: string; links?: { href: string; labelId: string }[]; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div className="ui-stack" data-gap="lg">
      <div className="ui-stack" data-gap="xs">
        <h1 className="pub-title">{intl.formatMessage({ id: titleId })}</h1>
        {subtitleId && <p className="ui-muted">{intl.formatMessage({ id: subtitleId })}</p>}
      </div>
      {children}
      {links && (
        <nav className="ui-stack" data-gap="xs">
          {links.map((link) => (
            <Link key={link.href} href={link.href} className="text-link">
              {/* Isolated: in right-to-left a question keeps its ¿ and ? where they belong. */}
              <bdi>{intl.formatMessage({ id: link.labelId })}</bdi>
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}
