import {
  any,
  array,
  boolean,
  enums,
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
export const ProfileItem = type({ id: integer(), name: optional(string()), email: optional(string()) });

export const ResourceOwner = type({
  id: integer(),
  email: string(),
  role_id: optional(integer()),
  role: optional(string()),
  created_at: optional(string()),
  updated_at: optional(string()),
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
  /** Seconds since the epoch when the tokens were made. */
  created_at: optional(number()),
  user: optional(type({ id: integer(), email: string(), user_role_id: integer() })),
  /** The interface language the account chose (en, bn, hi), null until it chooses one. */
  language: optional(nullable(string())),
});
export type SignInResponse = Infer<typeof SignInResponse>;

/** An account as the API returns it. */
export const UserAccount = type({
  id: integer(),
  email: string(),
  user_role_id: integer(),
  role: optional(string()),
  created_at: optional(string()),
  updated_at: optional(string()),
});

/** POST /api/v1/users (201). */
export const CreatedUser = type({
  status: literal('success'),
  data: UserAccount,
  id: optional(integer()),
});

/** POST /users/tokens/refresh for an administrator's refresh token. */
export const AdminTokenRefresh = type({
  token: string(),
  refresh_token: string(),
  expires_in: number(),
  token_type: string(),
  created_at: optional(number()),
  resource_owner: type({ id: integer() }),
  user_id: integer(),
  role_id: integer(),
});

/** GET /api/v1/users/{id}. */
export const UserResponse = type({
  status: literal('success'),
  data: UserAccount,
  profile: nullable(array(ProfileItem)),
});
export type UserResponse = Infer<typeof UserResponse>;

/** GET /users/tokens/info. */
export const TokenInfo = type({
  resource_owner: ResourceOwner,
  expires_in: number(),
  profile: optional(nullable(array(ProfileItem))),
  /** The interface language the account chose, null until it chooses one. */
  language: optional(nullable(string())),
});

/** PUT /api/v1/me/language. */
export const LanguageResponse = type({ status: literal('success'), language: string() });

/** Error bodies (docs/product.md#api-conventions). */
export const ErrorBody = type({
  error: optional(union([string(), any()])),
  error_description: optional(union([string(), array(string())])),
  message: optional(string()),
  errors: optional(record(string(), any())),
  /** The message key of `message` in the contract's catalogue (contract/messages.ts), when it has one. */
  message_key: optional(string()),
  /** Values of a message with placeholders (`{{p1}}`…), keyed p1, p2, …. */
  message_values: optional(record(string(), string())),
  /** Per field of `errors`, the key of each message (null for a text the catalogue does not know). */
  error_keys: optional(record(string(), array(nullable(string())))),
});
export type ErrorBody = Infer<typeof ErrorBody>;

export const SignInPayload = object({ email: string(), password: string() });
export const SignUpPayload = object({ email: string(), password: string(), user_role_id: integer() });
export const BooleanFlag = boolean();

/**
 * GET /api/v1/me/progress: what the signed-in person has completed, read from the database (the
 * route guard and the routing after login decide from it; ids stored in the browser are not trusted).
 * One of `teacher`, `student`, `job_seeker` is set, by role; null before the role's first step is saved
 * means "nothing saved yet" (`personal: false`).
 */
export const OnboardingProgress = type({
  role_id: nullable(integer()),
  teacher: nullable(
    type({ personal: boolean(), education: boolean(), preferences: boolean(), schedule: boolean() }),
  ),
  student: nullable(
    type({
      personal: boolean(),
      education: boolean(),
      /** none: no request; made: made but none waiting or accepted; following: one sent and waiting or accepted. */
      requests: enums(['none', 'made', 'following']),
    }),
  ),
  job_seeker: nullable(type({ personal: boolean(), education: boolean() })),
});
export type OnboardingProgress = Infer<typeof OnboardingProgress>;

export const ProgressResponse = type({ status: literal('success'), data: OnboardingProgress });
