import { useEffect } from 'react';
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
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'));
const RolePage = lazyPage(() => import('../features/auth/RolePage'));
const TermsPage = lazyPage(() => import('../features/auth/TermsPage'));
const PersonalDetailsPage = lazyPage(() => import('../features/teacher/PersonalDetailsPage'));
const EducationalDetailsPage = lazyPage(() => import('../features/teacher/EducationalDetailsPage'));
const PreferencesPage = lazyPage(() => import('../features/teacher/PreferencesPage'));
const SlotsPage = lazyPage(() => import('../features/teacher/SlotsPage'));
const DashboardPage = lazyPage(() => import('../features/teacher/DashboardPage'));
const ProfilePage = lazyPage(() => import('../features/teacher/ProfilePage'));
const StudentPersonalPage = lazyPage(() => import('../features/student/StudentPersonalPage'));
const StudentEducationPage = lazyPage(() => import('../features/student/StudentEducationPage'));
const SubjectRequestPage = lazyPage(() => import('../features/student/SubjectRequestPage'));
const TeacherFinderPage = lazyPage(() => import('../features/student/TeacherFinderPage'));
const RequestsPage = lazyPage(() => import('../features/student/RequestsPage'));
const JobPersonalPage = lazyPage(() => import('../features/jobs/JobPersonalPage'));
const JobEducationPage = lazyPage(() => import('../features/jobs/JobEducationPage'));
const JobListPage = lazyPage(() => import('../features/jobs/JobListPage'));
const JobPostingPage = lazyPage(() => import('../features/jobs/JobPostingPage'));
const MyApplicationsPage = lazyPage(() => import('../features/jobs/MyApplicationsPage'));
const AdminJobsPage = lazyPage(() => import('../features/admin/AdminJobsPage'));
const AdminApplicationsPage = lazyPage(() => import('../features/admin/AdminApplicationsPage'));
const AdminSignInPage = lazyPage(() => import('../features/admin/AdminSignInPage'));
const AdminDashboardPage = lazyPage(() => import('../features/admin/AdminDashboardPage'));
const AdminTeachersPage = lazyPage(() => import('../features/admin/AdminTeachersPage'));
const AdminTeacherFilePage = lazyPage(() => import('../features/admin/AdminTeacherFilePage'));
const MaintenancePage = lazyPage(() => import('../features/admin/MaintenancePage'));
const MachinesPage = lazyPage(() => import('../features/machines/MachinesPage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

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
  '/personal_details_teacher': EducationalDetailsPage.preload,
  '/educational_details_teacher': PreferencesPage.preload,
  '/teachersubject': SlotsPage.preload,
  '/slots': DashboardPage.preload,
  '/studentdetails1': StudentEducationPage.preload,
  '/studentdetails2': SubjectRequestPage.preload,
  '/subject': TeacherFinderPage.preload,
  '/jobdetails1': JobEducationPage.preload,
  '/jobdetails2': JobListPage.preload,
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
