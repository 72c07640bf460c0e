import { NEW_SUBJECT_MESSAGES as M, SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import {
  choiceName,
  createReviewQueueMachine,
  decisionRefusalOf,
  itemName,
  noLongerWaiting,
} from './reviewQueue';

/**
 * 'New subjects' on the admin dashboard (D14), beside Teacher Approvals: the subjects students added
 * that wait for review, a review queue (reviewQueue.ts). Approve adds one to the shared list; Merge
 * asks which approved subject (the queue's choices) it is the same as, then moves its requests and
 * teachers there; Reject refuses it. After each decision the list is loaded again. When another
 * administrator decided on the subject first (409) or it is gone (404), the server's words show and the
 * list is loaded again as long as it was, so the subject leaves it (as in Teacher Approvals); a merge
 * target refused (422) says why; any other refusal says the decision was not saved. Both keep the
 * subject picked to merge into.
 */

export interface NewSubject {
  id: number;
  name: string;
  created_at: string;
  suggested_by: string | null;
}

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
  refusal: decisionRefusalOf(M.decisionFailed),
  noLongerWaiting,
});
