// The announcement machine's generated paths (transitions criterion), replayed against the real API.
import { announcementAdapter } from './support/announcement-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(announcementAdapter, 'transitions');
