import { formatList, useTranslation } from '../i18n';

/** The words for each field a review's changes can name (`teachers.review_changes`). */
const FIELD_KEYS: Record<string, string> = {
  name: 'common:reviewField.name',
  date_of_birth: 'common:reviewField.date_of_birth',
  aadhar_photo: 'common:reviewField.aadhar_photo',
  mark_sheet: 'common:reviewField.mark_sheet',
  highest_qualification_certificate: 'common:reviewField.highest_qualification_certificate',
};

/**
 * What a teacher changed since their last review, in the reader's language: 'Aadhar card and mark
 * sheet'. The teacher's verification banner and the administrators' Teacher Approvals both say it.
 */
export function useReviewChanges(): (fields: readonly string[]) => string {
  const { t } = useTranslation();
  return (fields) => formatList(fields.map((field) => (FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : field)));
}
