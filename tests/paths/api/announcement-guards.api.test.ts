// The announcement machine's generated paths for the guards criterion (each guard passing and refusing), replayed
// against the real API: a refused PUBLISH must answer 409 with the guard's rule code; a window event whose guard
// fails is one the server's job does not send (the record stays as it was).
import { announcementAdapter } from './support/announcement-adapter.ts';
import { describeApiReplay } from './support/suite.ts';

describeApiReplay(announcementAdapter, 'guards');
