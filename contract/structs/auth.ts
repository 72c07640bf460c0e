import {
  any,
  array,
  boolean,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  string,
  type,
  union,
} from 'superstruct';

/** A profile record as it appears in `profile` (teacher or student row); only the id is relied on. */
export const ProfileItem = type({ id: integer() });

export const ResourceOwner = type({
  id: integer(),
  email: string(),
  role_id: optional(integer()),
  role: optional(string()),
});

/** POST /users/tokens/sign_in and POST /users/tokens/refresh. */
export const SignInResponse = type({
  token: string(),
  refresh_token: string(),
  expires_in: number(),
  token_type: string(),
  resource_owner: ResourceOwner,
  id: integer(),
  user_id: integer(),
  role_id: integer(),
  roles: array(type({ name: string() })),
  profile: nullable(array(ProfileItem)),
});
export type SignInResponse = Infer<typeof SignInResponse>;

/** POST /api/v1/users (201). */
export const CreatedUser = type({
  status: literal('success'),
  data: type({ id: integer(), email: string(), user_role_id: integer() }),
});

/** GET /api/v1/users/{id}. */
export const UserResponse = type({
  status: literal('success'),
  data: type({ id: integer(), email: string(), user_role_id: integer() }),
  profile: nullable(array(ProfileItem)),
});
export type UserResponse = Infer<typeof UserResponse>;

/** GET /users/tokens/info. */
export const TokenInfo = type({
  resource_owner: ResourceOwner,
  expires_in: number(),
});

/** Error bodies (DECISIONS.md section 4). */
export const ErrorBody = type({
  error: optional(union([string(), any()])),
  error_description: optional(union([string(), array(string())])),
  message: optional(string()),
  errors: optional(record(string(), any())),
});
export type ErrorBody = Infer<typeof ErrorBody>;

export const SignInPayload = object({ email: string(), password: string() });
export const SignUpPayload = object({ email: string(), password: string(), user_role_id: integer() });
export const BooleanFlag = boolean();
