/** Texts of the teacher dashboard and profile (docs/product.md#teacher-dashboard). */
export const TEACHER_DASHBOARD_MESSAGES = {
  endContractQuestion: (name: string) =>
    `Are you sure you want to end the contract with ${name}? This action cannot be undone.`,
  contractEnded: (name: string) => `Contract with ${name} has been ended`,
  noSubjects: 'No subjects added yet',
  noNewRequests: 'No new tutoring requests',
  noNewRequestsHint: 'New student requests will appear here',
  noActive: 'No active tutoring sessions',
  noActiveHint: 'When you approve requests, they will appear here',
  teacherLoadFailed: 'Could not load your details. Please try again.',
  profileNotFound: 'Teacher profile not found',
  requestsLoadFailed: 'Could not load your requests. Please try again.',
  statusUpdateFailed: 'Could not update the request. Please try again.',
  documentOpenFailed: 'Could not open the document. Please try again.',
  requestAccepted: (name: string) => `You accepted the request from ${name}`,
  requestDeclined: (name: string) => `You declined the request from ${name}`,
} as const;

/** The verification banner at the top of the dashboard, and what the teacher is told after a review. */
export const VERIFICATION_MESSAGES = {
  pendingTitle: 'Documents under review',
  pendingBody:
    'An administrator is checking your Aadhar card, mark sheet and certificate. Students see you with a "Verification pending" label until then.',
  pendingChanged: (fields: string) => `Under review again because you changed: ${fields}.`,
  verified: 'Verified',
  verifiedBody: 'Your documents are verified. Students see you with the verified mark.',
  rejected: (reason: string) => `Rejected: ${reason}`,
  rejectedBody:
    'Students cannot find you until you fix your documents and an administrator reviews them again.',
  fixDocuments: 'Fix documents',
  /** At the top of the steps where documents are replaced, under the reason (V.rejected). */
  fixBody:
    'Replace what the reason names (the Aadhar card photo in step 1, the mark sheet and certificate in step 3) and save: an administrator then reviews your documents again.',
  fixMissing: (documents: string) => `Not on file: ${documents}.`,
  notifyVerifiedTitle: 'You are verified',
  notifyVerifiedBody: 'An administrator checked your documents. Students now see you with the verified mark.',
  notifyRejectedTitle: 'Documents rejected',
  notifyRejectedBody: (reason: string) =>
    `An administrator could not verify your documents. Reason: ${reason}. Open your dashboard to fix them.`,
} as const;
