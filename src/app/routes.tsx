import { lazy, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { isGuardedPath } from '../../contract/rules/onboarding';
import { whenIdle } from '../lib/idle';
import { session } from '../lib/session';
import { type LazyPage, lazyPage } from './lazy-page';
import { PrerequisiteGuard } from './PrerequisiteGuard';
import { RequireSession } from './RequireSession';

/**
 * Every route of docs/product.md#screens-and-routes. Each screen is its own
 * chunk, so a route loads only its own code (charts and the visualiser stay off the product's routes).
 */
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RolePage = lazy(() => import('../features/auth/RolePage'));
const TermsPage = lazy(() => import('../features/auth/TermsPage'));
const loadPersonalDetailsPage = () => import('../features/teacher/PersonalDetailsPage');
const PersonalDetailsPage = lazy(loadPersonalDetailsPage);
const loadEducationalDetailsPage = () => import('../features/teacher/EducationalDetailsPage');
const EducationalDetailsPage = lazy(loadEducationalDetailsPage);
const loadPreferencesPage = () => import('../features/teacher/PreferencesPage');
const PreferencesPage = lazy(loadPreferencesPage);
const loadSlotsPage = () => import('../features/teacher/SlotsPage');
const SlotsPage = lazy(loadSlotsPage);
const loadDashboardPage = () => import('../features/teacher/DashboardPage');
const DashboardPage = lazyPage(loadDashboardPage);
const loadProfilePage = () => import('../features/teacher/ProfilePage');
const ProfilePage = lazyPage(loadProfilePage);
const loadStudentPersonalPage = () => import('../features/student/StudentPersonalPage');
const StudentPersonalPage = lazy(loadStudentPersonalPage);
const loadStudentEducationPage = () => import('../features/student/StudentEducationPage');
const StudentEducationPage = lazy(loadStudentEducationPage);
const loadSubjectRequestPage = () => import('../features/student/SubjectRequestPage');
const SubjectRequestPage = lazy(loadSubjectRequestPage);
const loadTeacherFinderPage = () => import('../features/student/TeacherFinderPage');
const TeacherFinderPage = lazyPage(loadTeacherFinderPage);
const loadRequestsPage = () => import('../features/student/RequestsPage');
const RequestsPage = lazyPage(loadRequestsPage);
const loadJobPersonalPage = () => import('../features/jobs/JobPersonalPage');
const JobPersonalPage = lazy(loadJobPersonalPage);
const loadJobEducationPage = () => import('../features/jobs/JobEducationPage');
const JobEducationPage = lazy(loadJobEducationPage);
const loadJobListPage = () => import('../features/jobs/JobListPage');
const JobListPage = lazy(loadJobListPage);
const JobPostingPage = lazy(() => import('../features/jobs/JobPostingPage'));
const MyApplicationsPage = lazy(() => import('../features/jobs/MyApplicationsPage'));
const AdminJobsPage = lazy(() => import('../features/admin/AdminJobsPage'));
const AdminApplicationsPage = lazy(() => import('../features/admin/AdminApplicationsPage'));
const AdminSignInPage = lazy(() => import('../features/admin/AdminSignInPage'));
const loadAdminDashboardPage = () => import('../features/admin/AdminDashboardPage');
const AdminDashboardPage = lazyPage(loadAdminDashboardPage);
const AdminTeachersPage = lazy(() => import('../features/admin/AdminTeachersPage'));
const AdminTeacherFilePage = lazy(() => import('../features/admin/AdminTeacherFilePage'));
const MaintenancePage = lazy(() => import('../features/admin/MaintenancePage'));
const MachinesPage = lazy(() => import('../features/machines/MachinesPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

/**
 * The signed-in homes (and the profile) by path: src/main.tsx fetches the opened one's page before
 * the first render, so it shows at once instead of after the app frame.
 */
const HOMES: Record<string, LazyPage> = {
  '/dashboard': DashboardPage,
  '/tutor': DashboardPage,
  '/profile': ProfilePage,
  '/teacherfinder': TeacherFinderPage,
  '/requests': RequestsPage,
  '/admin': AdminDashboardPage,
  '/Admin': AdminDashboardPage,
};

/** The page of a signed-in home at `path`, fetched ahead; undefined for any other path. */
export function preloadHome(path: string): Promise<unknown> | undefined {
  return HOMES[path.replace(/(.)\/$/, '$1')]?.preload();
}

/**
 * While a step of an onboarding wizard is open, the next step's code is fetched in the background
 * (when the browser is idle), so pressing Next does not wait for a round trip on a slow network.
 */
const NEXT_STEP: Record<string, () => Promise<unknown>> = {
  '/personal_details_teacher': loadEducationalDetailsPage,
  '/educational_details_teacher': loadPreferencesPage,
  '/teachersubject': loadSlotsPage,
  '/slots': loadDashboardPage,
  '/studentdetails1': loadStudentEducationPage,
  '/studentdetails2': loadSubjectRequestPage,
  '/subject': loadTeacherFinderPage,
  '/jobdetails1': loadJobEducationPage,
  '/jobdetails2': loadJobListPage,
};

export function usePrefetchNextStep() {
  const [location] = useLocation();
  useEffect(() => {
    const next = NEXT_STEP[location.toLowerCase().replace(/\/$/, '')];
    if (!next) return;
    return whenIdle(() => void next().catch(() => undefined));
  }, [location]);
}

/**
 * The signed-in homes and lists need a session: a signed-out visitor goes to / and comes back after
 * login. (Onboarding steps say so themselves and go to /.)
 */
export function AppRoutes() {
  usePrefetchNextStep();
  const [location] = useLocation();
  const routes = (
    <Switch>
      <Route path="/" component={LoginPage} />
      <Route path="/app" component={LoginPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/role" component={RolePage} />
      <Route path="/terms" component={TermsPage} />
      <Route path="/personal_details_teacher" component={PersonalDetailsPage} />
      <Route path="/educational_details_teacher" component={EducationalDetailsPage} />
      <Route path="/teacherSubject" component={PreferencesPage} />
      <Route path="/teachersubject" component={PreferencesPage} />
      <Route path="/slots" component={SlotsPage} />
      <Route path="/dashboard">
        <RequireSession>
          <DashboardPage />
        </RequireSession>
      </Route>
      <Route path="/tutor">
        <RequireSession>
          <DashboardPage />
        </RequireSession>
      </Route>
      <Route path="/profile">
        <RequireSession>
          <ProfilePage />
        </RequireSession>
      </Route>
      <Route path="/studentdetails1" component={StudentPersonalPage} />
      <Route path="/studentdetails2" component={StudentEducationPage} />
      <Route path="/subject" component={SubjectRequestPage} />
      <Route path="/teacherfinder">
        <RequireSession>
          <TeacherFinderPage />
        </RequireSession>
      </Route>
      <Route path="/requests">
        <RequireSession>
          <RequestsPage />
        </RequireSession>
      </Route>
      <Route path="/jobdetails1" component={JobPersonalPage} />
      <Route path="/jobdetails2" component={JobEducationPage} />
      <Route path="/joblist" component={JobListPage} />
      <Route path="/jobs/:id" component={JobPostingPage} />
      <Route path="/myapplications" component={MyApplicationsPage} />
      <Route path="/adminsignin" component={AdminSignInPage} />
      <Route path="/admin" component={AdminDashboardPage} />
      <Route path="/Admin" component={AdminDashboardPage} />
      <Route path="/Admin_Teacher" component={AdminTeachersPage} />
      <Route path="/admin/jobs" component={AdminJobsPage} />
      <Route path="/admin/jobs/:id" component={AdminApplicationsPage} />
      <Route path="/Admin_Teacher/:id" component={AdminTeacherFilePage} />
      <Route path="/maintainance" component={MaintenancePage} />
      <Route path="/__machines" component={MachinesPage} />
      <Route path="/__machines/:name" component={MachinesPage} />
      <Route path="/teacherSubject/">
        <Redirect to="/teacherSubject" />
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
  // A signed-in person who opens a screen before its prerequisite goes to the step they need: the
  // server says what they completed (one guard per path).
  if (session.token() && isGuardedPath(location))
    return (
      <PrerequisiteGuard key={location} path={location}>
        {routes}
      </PrerequisiteGuard>
    );
  return routes;
}
