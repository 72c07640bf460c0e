import './messages';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../contract/rules/admin';
import { Textarea } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** The reason a rejection asks for (Teacher Approvals and the teacher's file). */
export function RejectionReasonField({
  value,
  error,
  busy,
  change,
  autoFocus,
}: {
  value: string;
  /** Why it cannot be sent yet, already translated. */
  error: string | null;
  busy: boolean;
  change: (value: string) => void;
  /** Focused when a dialog opens. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('admin:file.rejectionReason')}
      value={value}
      maxLength={REASON_MAX}
      tooLong={ADMIN_MESSAGES.reasonTooLong}
      onChange={(e) => change(e.currentTarget.value)}
      error={error ?? undefined}
      rows={3}
      disabled={busy}
      data-autofocus={autoFocus || undefined}
    />
  );
}
