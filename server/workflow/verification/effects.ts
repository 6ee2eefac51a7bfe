import type { Updateable } from 'kysely';
import { addDays } from '@core/benefits/dates.ts';
import type { verificationMachine } from '@core/workflows/verification.machine.ts';
import type { DB } from '../../db/database.ts';
import { BusinessRuleError } from '../../errors.ts';
import { benefitYearEndOf } from '../shared/coverage.ts';
import type { Effects } from '../shared/define-workflow.ts';
import { activeUserExists, type VerificationRow } from './repository.ts';

/** What the machine's named actions mean for the verification's row. */
export const verificationEffects: Effects<typeof verificationMachine, VerificationRow, undefined, Updateable<DB['verifications']>> = {
  async recordAssignee({ tx, event, changes }) {
    if (event.type !== 'ASSIGN') return;
    if (!(await activeUserExists(tx, event.assigneeId))) {
      throw new BusinessRuleError('verification.assigneeUnknown', 'No such active user.', [{ path: 'body/assigneeId', keyword: 'exists' }]);
    }
    changes.assignee_id = event.assigneeId;
    changes.assigned_at = new Date().toISOString();
  },
  recordInfoRequest({ event, changes }) {
    if (event.type === 'REQUEST_INFO') changes.note = event.note.trim();
  },
  stampVerifiedAt({ actor, changes }) {
    changes.verified_at = new Date().toISOString();
    changes.verified_by = actor.id;
  },
  recordEligibility({ event, changes }) {
    if (event.type !== 'RECORD_ELIGIBLE') return;
    changes.channel = event.channel;
    changes.authorization_number = event.authorizationNumber?.trim() || null;
    changes.coverage_active = true;
  },
  setValidUntil({ row, today, changes }) {
    // R8: the validity days, but never beyond the policy's end or the benefit year's end.
    changes.valid_until = [addDays(today, row.verification_validity_days), row.ends_on, benefitYearEndOf(row, row.planned_service_date)].sort()[0];
  },
  recordNotEligible({ event, actor, changes }) {
    changes.verified_at = new Date().toISOString();
    changes.verified_by = actor.id;
    if (event.type !== 'RECORD_NOT_ELIGIBLE') return;
    changes.reason = event.reason.trim();
    changes.coverage_active = false;
  },
  recordCancellation({ event, changes }) {
    if (event.type === 'CANCEL') changes.reason = event.reason.trim();
  },
};
