import { Badge, Wrap } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { statusOf, type User, type UserStatus } from '../../api/resources/users.ts';

const PALETTE: Record<UserStatus, string> = { active: 'green', inactive: 'gray', locked: 'orange' };

/** The account's state as a badge: active, deactivated or locked after failed sign-ins. */
export const StatusBadge = ({ user }: { user: User }) => {
  const status = statusOf(user);
  return (
    <Badge colorPalette={PALETTE[status]} variant="subtle" data-status={status}>
      <FormattedMessage id={`users.status.${status}`} />
    </Badge>
  );
};

/** The user's roles by their names in the reader's language. */
export const RoleNames = ({ codes }: { codes: string[] }) =>
  codes.length ? (
    <Wrap gap="1">
      {codes.map((code) => (
        <Badge key={code} variant="outline">
          <FormattedMessage id={`role.${code}`} defaultMessage={code} />
        </Badge>
      ))}
    </Wrap>
  ) : (
    <FormattedMessage id="role.none" />
  );

export const LanguageName = ({ locale }: { locale: string }) => <FormattedMessage id={`users.locale.${locale}`} />;
