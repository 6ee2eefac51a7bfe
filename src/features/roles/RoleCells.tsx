import { Badge } from '@chakra-ui/react';
import { FormattedMessage, FormattedNumber } from 'react-intl';

/** A role's name in the reader's language (its code when the catalog has none). */
export const RoleName = ({ code }: { code: string }) => <FormattedMessage id={`role.${code}`} defaultMessage={code} />;

export const RoleKind = ({ system }: { system: boolean }) => (
  <Badge colorPalette={system ? 'purple' : 'gray'} variant="subtle">
    <FormattedMessage id={system ? 'roles.system' : 'roles.custom'} />
  </Badge>
);

export const Count = ({ value }: { value: number }) => <FormattedNumber value={value} />;
