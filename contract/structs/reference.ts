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
