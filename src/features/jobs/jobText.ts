import {
  employmentTypeLabel,
  industryLabel,
  locationLabel,
  statusLabel,
} from '../../../contract/rules/job-postings';
import type { JobPosting } from '../../../contract/structs/jobs';

export { employmentTypeLabel, industryLabel, locationLabel, statusLabel };

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** '₹25,000 - ₹40,000 a month', 'From ₹25,000 a month', or null when no pay is given. */
export function payText(p: Pick<JobPosting, 'pay_min' | 'pay_max'>): string | null {
  if (p.pay_min !== null && p.pay_max !== null) return `${rupees(p.pay_min)} - ${rupees(p.pay_max)} a month`;
  if (p.pay_min !== null) return `From ${rupees(p.pay_min)} a month`;
  if (p.pay_max !== null) return `Up to ${rupees(p.pay_max)} a month`;
  return null;
}

/** 'YYYY-MM-DD' -> '31 Dec 2099'. */
export function dayText(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const whenText = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export const STATUS_COLOURS: Record<string, string> = {
  applied: 'blue',
  shortlisted: 'violet',
  hired: 'green',
  not_selected: 'gray',
};
