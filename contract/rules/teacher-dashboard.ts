/** Texts of the teacher dashboard and profile (SPEC.md sections 2 and 8). */
export const TEACHER_DASHBOARD_MESSAGES = {
  featureUnavailable: (feature: 'Edit' | 'Details') => `This ${feature} feature is not available as of now`,
  endContractQuestion: (name: string) =>
    `Are you sure you want to end the contract with ${name}? This action cannot be undone.`,
  contractEnded: (name: string) => `Contract with ${name} has been ended`,
  noSubjects: 'No subjects added yet',
  noNewRequests: 'No new tutoring requests',
  noNewRequestsHint: 'New student requests will appear here',
  noActive: 'No active tutoring sessions',
  noActiveHint: 'When you approve requests, they will appear here',
  teacherLoadFailed: 'Could not load your details. Please try again.',
  requestsLoadFailed: 'Could not load your requests. Please try again.',
  statusUpdateFailed: 'Could not update the request. Please try again.',
  documentOpenFailed: 'Could not open the document. Please try again.',
  requestAccepted: (name: string) => `You accepted the request from ${name}`,
  requestDeclined: (name: string) => `You declined the request from ${name}`,
} as const;
