import { Badge, HStack } from '@chakra-ui/react';
import { BellRing, Lock } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { FIELD_SPECS, LIST_SPECS } from '../../../openapi/field-specs.ts';
import { fieldColumns, type ListColumn } from '../../components/list/columns.tsx';
import type { Announcement } from '../../api/resources/announcements.ts';

export const ANNOUNCEMENT_FIELDS = FIELD_SPECS.announcements;
export const ANNOUNCEMENT_LIST = LIST_SPECS.announcements;

const PRIORITY_PALETTE = { low: 'gray', normal: 'blue', medium: 'orange', high: 'red' } as const;
const STATE_PALETTE = { draft: 'gray', scheduled: 'purple', published: 'green', archived: 'gray' } as const;

export const PriorityBadge = ({ priority }: { priority: Announcement['priority'] }) => (
  <Badge colorPalette={PRIORITY_PALETTE[priority]} variant="subtle">
    <FormattedMessage id={`announcements.priority.${priority}`} />
  </Badge>
);

export const StateBadge = ({ state }: { state: Announcement['state'] }) => (
  <Badge colorPalette={STATE_PALETTE[state]} variant={state === 'archived' ? 'outline' : 'subtle'}>
    <FormattedMessage id={`machine.announcement.state.${state}`} />
  </Badge>
);

/** Whom it addresses, in a few words. */
export const AudienceText = ({ announcement: a }: { announcement: Announcement }) => (
  // Isolated: a count first ("1 usuario") keeps its place on a right-to-left page.
  <bdi>
    <FormattedMessage
      id={`announcements.audience.summary.${a.audience}`}
      values={{ roles: a.audienceRoles.length, users: a.audienceUserIds.length, insurer: a.audienceInsurerName ?? '' }}
    />
  </bdi>
);

/** Asks for acknowledgement (a bell), and blocks the panel until then (a lock). */
const Flags = ({ announcement: a }: { announcement: Announcement }) => (
  <HStack gap="1" wrap="wrap">
    {a.requiresAcknowledgement && (
      <Badge variant="outline" colorPalette={a.acknowledgedAt ? 'green' : 'orange'}>
        <BellRing aria-hidden size={12} />
        <FormattedMessage id={a.acknowledgedAt ? 'announcements.acknowledged' : 'announcements.needsAcknowledgement'} />
      </Badge>
    )}
    {a.blocking && (
      <Badge variant="outline" colorPalette="red">
        <Lock aria-hidden size={12} />
        <FormattedMessage id="announcements.field.blocking" />
      </Badge>
    )}
  </HStack>
);

export const ANNOUNCEMENT_COLUMNS: ListColumn<Announcement>[] = [
  { id: 'title', labelId: 'announcements.field.title', sortable: true, primary: true, cell: (a) => <bdi>{a.title}</bdi> },
  { id: 'priority', labelId: 'announcements.field.priority', sortable: true, primary: false, cell: (a) => <PriorityBadge priority={a.priority} /> },
  { id: 'state', labelId: 'announcements.field.state', sortable: true, primary: false, cell: (a) => <StateBadge state={a.state} /> },
  { id: 'audience', labelId: 'announcements.field.audience', sortable: false, primary: false, cell: (a) => <AudienceText announcement={a} /> },
  { id: 'flags', labelId: 'announcements.column.flags', sortable: false, primary: false, cell: (a) => <Flags announcement={a} /> },
  ...fieldColumns<Announcement>('announcements', ANNOUNCEMENT_FIELDS, ANNOUNCEMENT_LIST, ['publishFrom', 'updatedAt']).map((column) => ({ ...column, primary: false })),
];
