import { array, boolean, type Infer, integer, literal, nullable, optional, string, type } from 'superstruct';

export const Degree = type({ id: integer(), name: string() });
export type Degree = Infer<typeof Degree>;
export const DegreesResponse = type({ status: literal('success'), data: array(Degree) });

export const Subject = type({
  id: integer(),
  name: string(),
  is_active: optional(nullable(boolean())),
  /** approved, or pending for a subject the signed-in student added that waits for review. */
  status: optional(string()),
});
export type Subject = Infer<typeof Subject>;
export const SubjectsResponse = type({ status: literal('success'), data: array(Subject) });

/** GET /api/v1/subjects/{id}, PUT (rename) and DELETE (hide; with a message). */
export const SubjectResponse = type({
  status: literal('success'),
  data: Subject,
  message: optional(string()),
});

/** POST /api/v1/subjects (201): the subject, also under `subject`. */
export const SubjectCreated = type({ status: literal('success'), data: Subject, subject: Subject });

/** A suggested subject as administrators review it (GET /api/v1/admin/subjects). */
export const SubjectSuggestion = type({
  id: integer(),
  name: string(),
  is_active: optional(nullable(boolean())),
  status: optional(string()),
  created_at: string(),
  suggested_by: nullable(string()),
});
export const SubjectSuggestionsResponse = type({
  status: literal('success'),
  data: array(SubjectSuggestion),
});

/** PATCH /api/v1/admin/subjects/{id}/approve, /reject and /merge (with the subject it went into). */
export const SubjectReviewed = type({
  status: literal('success'),
  data: Subject,
  merged_into: optional(Subject),
});
