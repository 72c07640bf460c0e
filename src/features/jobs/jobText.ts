import './messages';
import { statusLabel as englishStatusLabel } from '../../../contract/rules/job-postings';
import type { JobPosting } from '../../../contract/structs/jobs';
import { formatNumber, i18n, optionNameNow } from '../../i18n';

/** A posting's industry, employment type and place as people read them ('School', 'স্কুল'). */
export const industryLabel = (industry: string) => optionNameNow('options:industry', industry);
export const employmentTypeLabel = (type: string) => optionNameNow('options:employmentType', type);
export const locationLabel = (location: string) => optionNameNow('options:location', location);

/** What the job is: 'School · Kolkata · Full time'. */
export const kindText = (p: Pick<JobPosting, 'industry' | 'location' | 'employment_type'>) =>
  [industryLabel(p.industry), locationLabel(p.location), employmentTypeLabel(p.employment_type)].join(' · ');

const STATUS_KEYS: Record<string, string> = {
  applied: 'jobs:status.applied',
  shortlisted: 'jobs:status.shortlisted',
  hired: 'jobs:status.hired',
  not_selected: 'jobs:status.not_selected',
  withdrawn: 'jobs:status.withdrawn',
};

/** An application status as people read it ('Shortlisted', 'বাছাই তালিকায়'). */
export const statusLabel = (status: string) =>
  STATUS_KEYS[status] ? i18n.t(STATUS_KEYS[status]) : englishStatusLabel(status);

const rupees = (n: number) => `₹${formatNumber(n)}`;

/**
 * '₹25,000 - ₹40,000 a month', 'From ₹25,000 a month', or null when no pay is given; in the person's
 * language and digits (a component showing it calls useTranslation(), so it follows a switch).
 */
export function payText(p: Pick<JobPosting, 'pay_min' | 'pay_max'>): string | null {
  if (p.pay_min !== null && p.pay_max !== null)
    return i18n.t('jobs:pay.range', { min: rupees(p.pay_min), max: rupees(p.pay_max) });
  if (p.pay_min !== null) return i18n.t('jobs:pay.from', { min: rupees(p.pay_min) });
  if (p.pay_max !== null) return i18n.t('jobs:pay.upTo', { max: rupees(p.pay_max) });
  return null;
}

export const STATUS_COLOURS: Record<string, string> = {
  applied: 'blue',
  shortlisted: 'violet',
  hired: 'green',
  not_selected: 'gray',
  withdrawn: 'orange',
};
