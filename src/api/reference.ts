import { DegreesResponse, SubjectsResponse } from '../../contract/structs/reference';
import { request } from './client';

/** Reference data: GET /api/v1/degrees and GET /api/v1/subjects. */
export const fetchDegrees = async () => (await request(DegreesResponse, { url: '/api/v1/degrees' })).data;
export const fetchSubjects = async () => (await request(SubjectsResponse, { url: '/api/v1/subjects' })).data;
