import { APPROVALS_FIRST, APPROVALS_MORE } from '../../contract/constants';
import { ADMIN_MESSAGES, validateRejection } from '../../contract/rules/admin';
import {
  createReviewQueueMachine,
  type DecisionValue,
  decisionRefusalOf,
  itemName,
  noLongerWaiting,
} from './reviewQueue';

export { APPROVALS_FIRST, APPROVALS_MORE };

/**
 * Teacher Approvals on the admin dashboard (D9): teachers whose documents wait for review, a review
 * queue (reviewQueue.ts). Approve marks the teacher verified; Reject asks for a reason first, then
 * deactivates the teacher. After each decision the list is loaded again. When another administrator
 * decided first (409) or the teacher is gone (404), the server's words show and the list is loaded
 * again, so the teacher leaves it; when the teacher changed what is reviewed since the list showed
 * them (409: the decision sends back the review version shown), the words show and the list loads
 * again with the teacher as now stored. Another refusal says the decision was not saved and keeps
 * the reason typed. The first three wait on
 * the dashboard (a phone shows them before the month's figures); 'Show more' loads ten more.
 */

export interface PendingTeacher {
  id: number;
  name: string;
}

const reason = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The reason a rejection asks for, wherever a teacher is rejected (here and the teacher's file):
 * what a change keeps (all of it: over its maximum it is refused, not cut), why it cannot be sent yet (or null), what is sent.
 */
export const rejectionReason = {
  keep: (value: DecisionValue) => reason(value),
  check: (value: DecisionValue) => validateRejection({ reason: reason(value) }).reason ?? null,
  send: (value: DecisionValue) => reason(value).trim(),
};
const teacher = (context: Parameters<typeof itemName>[0]) => itemName(context) ?? '';

/** What a refused decision says, here and in the teacher's file. */
export const decisionRefusal = decisionRefusalOf(ADMIN_MESSAGES.decisionFailed);

export const adminApprovalsMachine = createReviewQueueMachine({
  id: 'adminApprovals',
  list: 'fetchApprovals',
  paging: { first: APPROVALS_FIRST, more: APPROVALS_MORE, actor: 'fetchMoreApprovals' },
  decisions: {
    approve: {
      state: 'approving',
      actor: 'approveTeacher',
      notice: (c) => ADMIN_MESSAGES.teacherVerified(teacher(c)),
    },
    reject: {
      state: 'rejecting',
      actor: 'rejectTeacher',
      notice: (c) => ADMIN_MESSAGES.teacherRejected(teacher(c)),
    },
  },
  asking: {
    verb: 'reject',
    empty: '',
    keep: rejectionReason.keep,
    check: (c) => rejectionReason.check(c.value),
    send: rejectionReason.send,
  },
  loadFailed: ADMIN_MESSAGES.approvalsLoadFailed,
  refusal: decisionRefusal,
  noLongerWaiting,
});
