import { HttpResponse, http } from 'msw';

export const sampleDegrees = [
  { id: 1, name: 'No formal education' },
  { id: 5, name: "Bachelor's degree (B.A. / B.Sc. / B.Com.)" },
  { id: 6, name: "Master's degree (M.A. / M.Sc. / M.Com.)" },
];
export const sampleSubjects = [
  { id: 1, name: 'Physics', is_active: true },
  { id: 2, name: 'Mathematics', is_active: true },
  { id: 3, name: 'English', is_active: true },
  { id: 4, name: 'Chemistry', is_active: true },
];

export const referenceHandlers = [
  http.get('*/api/v1/degrees', () => HttpResponse.json({ status: 'success', data: sampleDegrees })),
  http.get('*/api/v1/subjects', () => HttpResponse.json({ status: 'success', data: sampleSubjects })),
];
