import { literal, type } from 'superstruct';
import { DegreesResponse, Subject, SubjectsResponse } from '../../contract/structs/reference';
import { request } from './client';

/** Reference data: GET /api/v1/degrees and GET /api/v1/subjects. */
export const fetchDegrees = async () => (await request(DegreesResponse, { url: '/api/v1/degrees' })).data;
export const fetchSubjects = async () => (await request(SubjectsResponse, { url: '/api/v1/subjects' })).data;

/** POST /api/v1/subjects (wrapper subject): the 'Add Subject' button of /subject. 409 for a duplicate name. */
export const createSubject = async (name: string) =>
  (
    await request(type({ status: literal('success'), data: Subject }), {
      method: 'POST',
      url: '/api/v1/subjects',
      data: { subject: { name, is_active: true } },
    })
  ).data;
