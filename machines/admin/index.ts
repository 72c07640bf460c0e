import type { MachineEntry } from '../registry';
import { adminApprovalsMachine } from './adminApprovals';
import { adminDashboardMachine } from './adminDashboard';
import { adminSignInMachine } from './adminSignIn';
import { adminTeacherListMachine } from './adminTeacherList';

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'adminSignIn',
    title: 'Admin sign-in',
    routes: ['/adminsignin'],
    description:
      'Login / signup card of the Admin Portal. Clears the stored session on load and on every toggle; login ' +
      'checks presence only, signup the email pattern, 8-character password and terms. Login stores token, user id ' +
      "and role 4 and goes to /admin; signup returns to login with 'Admin registration successful!...'. Failures " +
      'are shown in the SPEC.md section 8 order.',
    machine: adminSignInMachine,
    sampleEvents: {
      'field.change': { field: 'email', value: 'admin@example.com' },
      'field.clear': { field: 'password' },
      'terms.change': { checked: true },
    },
  },
  {
    name: 'adminTeacherList',
    title: 'Admin teacher list (pagination)',
    routes: ['/Admin_Teacher'],
    description:
      'Server-side pages of every teacher (D10): page, rows per page (3, 5, 10, 20; a change resets to page 1), ' +
      'status filter cycling Active / Inactive / All, and a search committed after a 300 ms pause or on Enter. ' +
      "Each change loads one page; a non-success status shows 'Failed to retrieve teacher data', a failed " +
      "request 'Failed to load teacher data. Please try again later.'",
    machine: adminTeacherListMachine,
    sampleEvents: {
      'page.go': { page: 2 },
      'pageSize.change': { limit: 5 },
      'search.change': { value: 'physics' },
    },
  },
  {
    name: 'adminDashboard',
    title: 'Admin dashboard (overview and notifications)',
    routes: ['/admin', '/Admin'],
    description:
      'Two independent regions: the month overview (cards and charts computed by the server for the chosen month, D9; ' +
      "'month.select' loads another month) and the notifications since the last 'Mark all as read'.",
    machine: adminDashboardMachine,
    sampleEvents: { 'month.select': { month: '2025-01' } },
  },
  {
    name: 'adminApprovals',
    title: 'Teacher approvals',
    routes: ['/admin', '/Admin'],
    description:
      'Teachers whose documents wait for review. Approve marks the teacher verified; Reject asks for a reason ' +
      '(required) and deactivates the teacher; the list reloads after each decision.',
    machine: adminApprovalsMachine,
    sampleEvents: {
      'approval.approve': { teacherId: 1 },
      'approval.reject': { teacherId: 1 },
      'reason.change': { value: 'Aadhar photo unreadable' },
    },
  },
];
