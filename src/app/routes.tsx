import { lazy } from 'react';
import { Redirect, Route, Switch } from 'wouter';

/**
 * Every route of SPEC.md section 2 (as settled by DECISIONS.md section 2). Each screen is its own
 * chunk, so a route loads only its own code (charts and the visualiser stay off the product's routes).
 */
const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const RolePage = lazy(() => import('../features/auth/RolePage'));
const TermsPage = lazy(() => import('../features/auth/TermsPage'));
const PersonalDetailsPage = lazy(() => import('../features/teacher/PersonalDetailsPage'));
const EducationalDetailsPage = lazy(() => import('../features/teacher/EducationalDetailsPage'));
const PreferencesPage = lazy(() => import('../features/teacher/PreferencesPage'));
const SlotsPage = lazy(() => import('../features/teacher/SlotsPage'));
const DashboardPage = lazy(() => import('../features/teacher/DashboardPage'));
const ProfilePage = lazy(() => import('../features/teacher/ProfilePage'));
const StudentPersonalPage = lazy(() => import('../features/student/StudentPersonalPage'));
const StudentEducationPage = lazy(() => import('../features/student/StudentEducationPage'));
const SubjectRequestPage = lazy(() => import('../features/student/SubjectRequestPage'));
const TeacherFinderPage = lazy(() => import('../features/student/TeacherFinderPage'));
const JobPersonalPage = lazy(() => import('../features/jobs/JobPersonalPage'));
const JobEducationPage = lazy(() => import('../features/jobs/JobEducationPage'));
const JobListPage = lazy(() => import('../features/jobs/JobListPage'));
const AdminSignInPage = lazy(() => import('../features/admin/AdminSignInPage'));
const AdminDashboardPage = lazy(() => import('../features/admin/AdminDashboardPage'));
const AdminTeachersPage = lazy(() => import('../features/admin/AdminTeachersPage'));
const AdminTeacherFilePage = lazy(() => import('../features/admin/AdminTeacherFilePage'));
const MaintenancePage = lazy(() => import('../features/admin/MaintenancePage'));
const MachinesPage = lazy(() => import('../features/machines/MachinesPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

export function AppRoutes() {
  return (
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
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/tutor" component={DashboardPage} />
      <Route path="/profile" component={ProfilePage} />
      <Route path="/studentdetails1" component={StudentPersonalPage} />
      <Route path="/studentdetails2" component={StudentEducationPage} />
      <Route path="/subject" component={SubjectRequestPage} />
      <Route path="/teacherfinder" component={TeacherFinderPage} />
      <Route path="/jobdetails1" component={JobPersonalPage} />
      <Route path="/jobdetails2" component={JobEducationPage} />
      <Route path="/joblist" component={JobListPage} />
      <Route path="/adminsignin" component={AdminSignInPage} />
      <Route path="/admin" component={AdminDashboardPage} />
      <Route path="/Admin" component={AdminDashboardPage} />
      <Route path="/Admin_Teacher" component={AdminTeachersPage} />
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
}
