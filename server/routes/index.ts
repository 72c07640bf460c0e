import type { FastifyInstance } from 'fastify';
import activityLog from './activity-log';
import adminDashboard from './admin-dashboard';
import adminTeachers from './admin-teachers';
import adminUsers from './admin-users';
import apiDocs from './api-docs';
import health from './health';
import jobs from './jobs';
import notifications from './notifications';
import reference from './reference';
import requests from './requests';
import studentQualifications from './student-qualifications';
import students from './students';
import subjects from './subjects';
import teacherDashboard from './teacher-dashboard';
import teacherPreferences from './teacher-preferences';
import teacherQualifications from './teacher-qualifications';
import teacherSchedules from './teacher-schedules';
import teachers from './teachers';
import tokens from './tokens';
import uploads from './uploads';
import users from './users';

/** Every route module, registered in this order by buildApp. */
export const routes: Array<(app: FastifyInstance) => Promise<void>> = [
  health,
  tokens,
  users,
  reference,
  uploads,
  teacherDashboard,
  teachers,
  teacherQualifications,
  teacherPreferences,
  teacherSchedules,
  subjects,
  students,
  studentQualifications,
  requests,
  notifications,
  adminUsers,
  adminTeachers,
  adminDashboard,
  activityLog,
  apiDocs,
  jobs,
];
