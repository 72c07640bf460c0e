import { Anchor, Checkbox, NativeSelect } from '@mantine/core';
import { ROLE, SIGN_UP_ROLES } from '../../../contract/constants';
import { Trans, useMessage, useTranslation } from '../../i18n';

/** Each role's name on the sign-up form. */
const ROLE_KEYS: Record<number, string> = {
  [ROLE.teacher]: 'auth:roles.teacher',
  [ROLE.student]: 'auth:roles.student',
  [ROLE.jobSeeker]: 'auth:roles.jobSeeker',
};

/** The sign-up-only fields: account type and the agree-to-terms checkbox with its terms link. */
export default function SignUpFields({
  roleId,
  terms,
  roleError,
  termsError,
  disabled,
  onRoleChange,
  onTermsChange,
  onOpenTerms,
}: {
  roleId: number;
  terms: boolean;
  roleError?: string;
  termsError?: string;
  disabled: boolean;
  onRoleChange: (roleId: number) => void;
  onTermsChange: (checked: boolean) => void;
  onOpenTerms: () => void;
}) {
  const { t } = useTranslation();
  const m = useMessage();
  return (
    <>
      <NativeSelect
        label={t('auth:signUp.accountType')}
        value={String(roleId)}
        onChange={(e) => onRoleChange(Number(e.currentTarget.value))}
        data={SIGN_UP_ROLES.map((r) => ({ value: String(r.id), label: t(ROLE_KEYS[r.id]) }))}
        error={m(roleError) || undefined}
        disabled={disabled}
      />
      <Checkbox
        checked={terms}
        onChange={(e) => onTermsChange(e.currentTarget.checked)}
        error={m(termsError) || undefined}
        disabled={disabled}
        label={
          <Trans
            i18nKey="auth:signUp.agree"
            components={{
              1: (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={(e) => {
                    e.preventDefault();
                    onOpenTerms();
                  }}
                />
              ),
            }}
          />
        }
      />
    </>
  );
}
