import { NEW_SUBJECT_MESSAGES as M, SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { FAILURE_ORDER, failureText } from '../common/failure';
import { choiceName, createReviewQueueMachine, itemName } from './reviewQueue';

/**
 * 'New subjects' on the admin dashboard (D14), beside Teacher Approvals: the subjects students added
 * that wait for review, a review queue (reviewQueue.ts). Approve adds one to the shared list; Merge
 * asks which approved subject (the queue's choices) it is the same as, then moves its requests and
 * teachers there; Reject refuses it. After each decision the list is loaded again.
 */

export interface NewSubject {
  id: number;
  name: string;
  created_at: string;
  suggested_by: string | null;
}

/** The server's own words for a refused decision: the field's message, else its message, else ours. */
const refusal = (error: unknown): string => failureText(error, FAILURE_ORDER.refusal, M.decisionFailed);

export const adminSubjectsMachine = createReviewQueueMachine({
  id: 'adminSubjects',
  list: 'fetchNewSubjects',
  decisions: {
    approve: { state: 'approving', actor: 'approveSubject', notice: (c) => M.approved(itemName(c) ?? '') },
    merge: {
      state: 'merging',
      actor: 'mergeSubject',
      notice: (c) => M.merged(itemName(c) ?? '', choiceName(c) ?? ''),
    },
    reject: { state: 'rejecting', actor: 'rejectSubject', notice: (c) => M.rejected(itemName(c) ?? '') },
  },
  asking: {
    verb: 'merge',
    empty: null,
    check: (c) => (c.choices.some((s) => s.id === c.value) ? null : SUBJECT_MESSAGES.mergeTargetRequired),
  },
  loadFailed: M.loadFailed,
  refusal,
});
