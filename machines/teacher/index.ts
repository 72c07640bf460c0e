import type { MachineEntry } from '../registry';
import { dashboardMachine } from './dashboard';
import { educationalDetailsMachine } from './educationalDetails';
import { personalDetailsMachine } from './personalDetails';
import { preferencesMachine } from './preferences';
import { profileMachine } from './profile';
import { scheduleMachine } from './schedule';

const samplePhoto = { name: 'photo.png', size: 2048, type: 'image/png', blob: null };

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'teacherPersonalDetails',
    title: 'Teacher personal details',
    routes: ['/personal_details_teacher'],
    description:
      'Step 1 of teacher onboarding. Without a session: a notice, then /. Device location is asked once beside ' +
      "the form. Every change is kept as a draft ('personaldetails', photos excluded). Submit validates every " +
      'rule, scrolls to the first wrong field, then creates the teacher (multipart) or updates the stored one; ' +
      'a failure keeps everything and puts server errors under their fields. Done goes to /educational_details_teacher.',
    machine: personalDetailsMachine,
    sampleEvents: {
      'field.change': { field: 'name', value: 'Anita Sen' },
      'whatsapp.sameAsMobile': { checked: false },
      'file.pick': { field: 'profile_photo', file: samplePhoto },
      'file.remove': { field: 'profile_photo' },
      'form.submit': {},
      'form.back': {},
      'location.retry': {},
    },
  },
  {
    name: 'teacherEducationalDetails',
    title: 'Teacher educational details',
    routes: ['/educational_details_teacher'],
    description:
      "Step 2. Degrees and subjects load in parallel; if either fails, 'Could not load data' with Try Again. " +
      'Qualification (Other needs free text), subject, school, board, college, university (Others switches to free ' +
      "text, 'Show Dropdown' returns), year of passing (an invalid year is an error, D6). Done goes to /teacherSubject.",
    machine: educationalDetailsMachine,
    sampleEvents: {
      'field.change': { field: 'school_name', value: 'Hindu School' },
      'university.select': { value: 'Others' },
      'university.showDropdown': {},
      'form.submit': {},
      'form.back': {},
      'data.retry': {},
    },
  },
  {
    name: 'teacherPreferences',
    title: 'Teacher preferences',
    routes: ['/teacherSubject', '/teachersubject'],
    description:
      'Step 3. The subject list loads beside the form. Subjects, experience, mediums, yes/no questions, Offline ' +
      '(required; Online unavailable), radius 0-50 km, mark sheet and certificate images, optional PDF resume. ' +
      'A failed submit shows the red banner and keeps every choice. Done goes to /slots.',
    machine: preferencesMachine,
    sampleEvents: {
      'subjects.change': { ids: [1, 2] },
      'mediums.change': { values: ['english'] },
      'experience.change': { value: '3' },
      'radius.change': { value: 15 },
      'offline.toggle': { checked: true },
      'answer.change': { field: 'teaching_school', value: false },
      'file.pick': { field: 'mark_sheet', file: samplePhoto },
      'file.remove': { field: 'mark_sheet' },
      'form.submit': {},
      'subjects.retry': {},
    },
  },
  {
    name: 'teacherSchedule',
    title: 'Teacher schedule (Date & Time)',
    routes: ['/slots'],
    description:
      'Step 4. Toggle days Monday-Sunday and their Morning/Afternoon/Evening slots (disabling a day clears it; ' +
      "slots of disabled days cannot be toggled). 'Create Profile' only with a slot; 'Saving...', then " +
      "'User registered successfully! Redirecting...' and / after 2 seconds.",
    machine: scheduleMachine,
    sampleEvents: {
      'day.toggle': { day: 0 },
      'slot.toggle': { day: 0, slot: 'morning' },
      'form.submit': {},
      'form.back': {},
    },
  },
  {
    name: 'teacherDashboard',
    title: 'Teacher dashboard',
    routes: ['/dashboard', '/tutor'],
    description:
      'Loads the signed-in teacher (spinner until then), then their requests (D9): New Requests with Accept and ' +
      'Decline, Active with End Contract (dialog, then the status ended on the server and a toast). Edit and ' +
      'Details only show a 3-second toast.',
    machine: dashboardMachine,
    sampleEvents: {
      'account.edit': {},
      'account.details': {},
      'request.accept': { id: 1 },
      'request.decline': { id: 1 },
      'contract.end': { id: 1 },
      'dialog.confirm': {},
      'dialog.cancel': {},
      'teacher.retry': {},
      'requests.retry': {},
    },
  },
  {
    name: 'teacherProfile',
    title: 'Teacher profile',
    routes: ['/profile'],
    description:
      "The signed-in teacher's own record (D9): account details, preferences, schedule, documents on file. " +
      'Private documents open through an authenticated fetch (D8).',
    machine: profileMachine,
    sampleEvents: { 'teacher.retry': {}, 'document.open': { url: '/api/v1/uploads/1' } },
  },
];
