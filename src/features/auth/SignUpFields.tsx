import { Anchor, Checkbox, NativeSelect } from '@mantine/core';
import { SIGN_UP_ROLES } from '../../../contract/constants';

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
  return (
    <>
      <NativeSelect
        label="Account type"
        value={String(roleId)}
        onChange={(e) => onRoleChange(Number(e.currentTarget.value))}
        data={SIGN_UP_ROLES.map((r) => ({ value: String(r.id), label: r.label }))}
        error={roleError}
        disabled={disabled}
      />
      <Checkbox
        checked={terms}
        onChange={(e) => onTermsChange(e.currentTarget.checked)}
        error={termsError}
        disabled={disabled}
        label={
          <>
            I agree to the{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={(e) => {
                e.preventDefault();
                onOpenTerms();
              }}
            >
              terms and conditions
            </Anchor>
          </>
        }
      />
    </>
  );
}
