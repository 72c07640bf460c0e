import { ROLE_NAMES } from '../../contract/constants';

export function serializeUser(user: {
  id: number;
  email: string;
  roleId: number;
  createdAt: Date;
  updatedAt: Date;
}) {
  return {
    id: user.id,
    email: user.email,
    user_role_id: user.roleId,
    role: ROLE_NAMES[user.roleId] ?? 'user',
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
