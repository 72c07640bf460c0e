import './messages';
import { StepIndicator } from '../../components/StepIndicator';
import { formatNumber, useTranslation } from '../../i18n';

/** The student's onboarding steps before their first request, in order (keys of their names). */
const STUDENT_STEPS = ['student:steps.personal', 'student:steps.education'] as const;

/** 'Step N of 2' with the student's step names, the current one marked (the teacher's indicator). */
export function StudentSteps({ step }: { step: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <StepIndicator
      label={t('student:steps.progress')}
      position={t('student:steps.stepOf', {
        step: formatNumber(step),
        count: formatNumber(STUDENT_STEPS.length),
      })}
      names={STUDENT_STEPS.map((key) => t(key))}
      step={step}
    />
  );
}
