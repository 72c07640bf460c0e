// Business constants of docs/product.md#limits-and-constants. Shared by client and server.

export const ROLE = { teacher: 1, student: 2, jobSeeker: 3, admin: 4 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];
/** Roles a person may choose on the main sign-up screen. */
export const SIGN_UP_ROLES = [
  { id: ROLE.teacher, label: 'Teacher' },
  { id: ROLE.student, label: 'Student' },
  { id: ROLE.jobSeeker, label: 'Job seeker' },
] as const;
export const ROLE_NAMES: Record<number, string> = {
  1: 'teacher',
  2: 'student',
  3: 'job_seeker',
  4: 'admin',
};

/** Local storage keys of docs/product.md#sessions-and-storage, exactly. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  userId: 'user_id',
  roleId: 'role_id',
  authResponse: 'auth_response',
  teacherId: 'teacher_id',
  studentId: 'student_id',
  jobSeekerId: 'job_seeker_id',
  employerId: 'employer_id',
  userEmail: 'userEmail',
  teacherData: 'teacherData',
  personalDetails: 'personaldetails',
  userData: 'user_data',
} as const;

export const REQUEST_TIMEOUT_MS = 2 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 8;
export const TOAST_MS = 3000;
export const SCHEDULE_REDIRECT_MS = 2000;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export const IMAGE_MAX_BYTES = 512000;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const RESUME_TYPES = ['application/pdf'] as const;
/** Resumes have no size rule of their own; this keeps uploads bounded. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

export const MOBILE_DIGITS = 10;
export const MIN_AGE_TEACHER = 10;
export const MIN_AGE_JOB_SEEKER = 18;
/** A person's name (teacher, job seeker) and address (teacher, student, job seeker): the shortest accepted. */
export const NAME_MIN = 3;
export const ADDRESS_MIN = 10;
export const YEAR_MIN = 1900;
export const YEAR_MAX_AHEAD = 4;

export const GEOLOCATION_OPTIONS = { enableHighAccuracy: true, timeout: 10000, maximumAge: 0 } as const;
/**
 * Why the device gave no location, by the GeolocationPositionError code: the reason the teacher's
 * step names ('Error getting location: {reason}'), in words of ours so that it reads in the
 * person's language (a browser's own message is English whatever the page's language).
 */
export const GEOLOCATION_FAILURES = [
  { code: 1, label: 'User denied Geolocation' },
  { code: 2, label: 'Position unavailable' },
  { code: 3, label: 'Timeout expired' },
] as const;
export const COORDINATE_DECIMALS = 6;

/** Monday = 0 ... Sunday = 6. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const TIME_SLOTS = [
  { value: 'morning', label: 'Morning' },
  { value: 'afternoon', label: 'Afternoon' },
  { value: 'evening', label: 'Evening' },
] as const;
export type TimeOfDay = (typeof TIME_SLOTS)[number]['value'];

export const SCHOOL_BOARDS = [
  { value: 'cbse', label: 'CBSE' },
  { value: 'icse', label: 'ICSE' },
  { value: 'state', label: 'State Board' },
  { value: 'other', label: 'Other' },
] as const;
export const DEFAULT_SCHOOL_BOARD = 'cbse';

export const UNIVERSITIES = [
  'University of Calcutta',
  'Jadavpur University',
  "St. Xavier's University",
  'Presidency University',
  'University of Burdwan',
  'Vidyasagar University',
  'Maulana Abul Kalam Azad University of Technology (MAKAUT)',
  'University of Kalyani',
  'Barasat Government College',
  'West Bengal State University',
  'Indira Gandhi National Open University (IGNOU)',
  'Aliah University',
  'Others',
] as const;

export const MEDIUMS = ['English', 'Hindi', 'Bengali'] as const;

export const TEACHER_PREFERENCE_DEFAULTS = {
  prior_experience: 2,
  teaching_radius_km: 10,
  offline: true,
  online: false,
  mediums: ['English', 'Hindi', 'Bengali'],
} as const;
export const RADIUS_MIN = 0;
export const RADIUS_MAX = 50;
/** A teacher's experience: whole years, 0 up to this (a working life; more is a typing slip). */
export const EXPERIENCE_MAX = 60;

export const REQUEST_STATUSES = ['request_send', 'accepted', 'declined', 'ended', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A request status as a word inside a sentence ('A request that is accepted cannot become ended.'). */
export const REQUEST_STATUS_WORDS: Record<RequestStatus, string> = {
  request_send: 'sent',
  accepted: 'accepted',
  declined: 'declined',
  ended: 'ended',
  cancelled: 'cancelled',
};
/** Allowed status changes (docs/product.md#request-statuses). */
export const REQUEST_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  request_send: ['accepted', 'declined', 'cancelled'],
  accepted: ['ended'],
  declined: [],
  ended: [],
  cancelled: [],
};

export const STUDENT_REQUEST_DEFAULTS = {
  teacher_assignment_preference: 'multiple',
  preferred_group: 'individual',
  mode_of_teaching: 'online',
  preferred_medium: 'english',
  preferred_time: ['morning', 'afternoon'],
  status: 'request_send',
} as const;
/**
 * The subjects every database starts with (seeded at start-up). Their stored English names are also
 * their message keys (`options:subject.<id>`): the interface shows them in the reader's language. A
 * subject someone added, or one renamed by an administrator, shows its name as typed.
 */
export const REFERENCE_SUBJECTS = [
  'Physics',
  'Mathematics',
  'English',
  'History',
  'Chemistry',
  'Biology',
  'Computer Science',
  'Hindi',
  'Sanskrit',
  'Bengali',
  'Geography',
  'Economics',
  'Accountancy',
  'Political Science',
  'Environmental Science',
] as const;
/** The overview's searched-subjects bar for subjects not (yet) approved. */
export const OTHER_SUBJECTS_BAR = 'Other';
export const SAMPLE_SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English'] as const;

/** Student education type -> degree id and academic level (docs/product.md#student-details-and-education). */
export const STUDENT_EDUCATION_TYPES = {
  School: { degree_id: 3, current_academic_level: 'Primary/Secondary' },
  College: { degree_id: 5, current_academic_level: 'Undergraduate' },
  University: { degree_id: 6, current_academic_level: 'Graduate' },
  Working: { degree_id: 7, current_academic_level: 'Professional' },
} as const;
export const DEFAULT_STUDENT_DEGREE_ID = 1;

/**
 * Degrees from no formal education to doctorate (reference data seeded by the server; the ids are
 * part of the contract: the student education mapping uses 3, 5, 6 and 7).
 */
export const DEGREES = [
  { id: 1, name: 'No formal education' },
  { id: 2, name: 'Primary education (up to Class 8)' },
  { id: 3, name: 'Secondary / Higher Secondary (Class 10 / 12)' },
  { id: 4, name: 'Diploma' },
  { id: 5, name: "Bachelor's degree (B.A. / B.Sc. / B.Com.)" },
  { id: 6, name: "Master's degree (M.A. / M.Sc. / M.Com.)" },
  { id: 7, name: 'Professional degree (B.Ed. / B.Tech. / MBBS / LLB)' },
  { id: 8, name: 'Doctorate (Ph.D.)' },
] as const;

/** Gender choices of the student and job seeker forms (the teacher form says 'others'). */
export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
] as const;

export const MARITAL_STATUSES = [
  { value: 'single', label: 'Single' },
  { value: 'married', label: 'Married' },
  { value: 'divorced', label: 'Divorced' },
  { value: 'widowed', label: 'Widowed' },
] as const;

export const ADMIN_PAGE_SIZES = [3, 5, 10, 20] as const;
/** Notifications per page on the admin dashboard (the latest ten, then 'Show more'). */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Teachers waiting for review shown at first on the admin dashboard, and how many more 'Show more' loads. */
export const APPROVALS_FIRST = 3;
export const APPROVALS_MORE = 10;
export const ADMIN_DEFAULT_PAGE_SIZE = 10;
export const ADMIN_PAGE_WINDOW = 5;

export const TERMS_LAST_UPDATED = 'April 1, 2025';
/** Default maintenance target: 25 April 2025, 18:00 India time. Configurable. */
export const DEFAULT_MAINTENANCE_UNTIL = '2025-04-25T18:00:00+05:30';
/** Where HTML prerendered at build time holds the support address; the server puts the configured one there. */
export const SUPPORT_EMAIL_SLOT = '__SUPPORT_EMAIL__';
/**
 * Marks the whole stylesheet's link on a prerendered screen, which carries only the rules it uses
 * inline: the link loads without holding the first paint, and the client applies it when it starts.
 */
export const LATER_STYLESHEET = 'data-later-stylesheet';
export const DEFAULT_SUPPORT_EMAIL = 'support@bengaltutors.in';
export const PRODUCT_NAME = 'Bengal Tutors';
export const TAGLINE = 'Helping students achieve the education they deserve';

/** The 23 districts of West Bengal: where a job is (or 'remote'). */
export const WB_DISTRICTS = [
  'Alipurduar',
  'Bankura',
  'Birbhum',
  'Cooch Behar',
  'Dakshin Dinajpur',
  'Darjeeling',
  'Hooghly',
  'Howrah',
  'Jalpaiguri',
  'Jhargram',
  'Kalimpong',
  'Kolkata',
  'Malda',
  'Murshidabad',
  'Nadia',
  'North 24 Parganas',
  'Paschim Bardhaman',
  'Paschim Medinipur',
  'Purba Bardhaman',
  'Purba Medinipur',
  'Purulia',
  'South 24 Parganas',
  'Uttar Dinajpur',
] as const;
export const REMOTE_LOCATION = 'remote';

/** Who is hiring: the fixed list of industries a job posting belongs to. */
export const JOB_INDUSTRIES = [
  { value: 'school', label: 'School' },
  { value: 'coaching_centre', label: 'Coaching centre' },
  { value: 'college', label: 'College' },
  { value: 'ed_tech', label: 'Ed-tech' },
  { value: 'corporate_training', label: 'Corporate training' },
  { value: 'other', label: 'Other' },
] as const;
export type JobIndustry = (typeof JOB_INDUSTRIES)[number]['value'];

export const EMPLOYMENT_TYPES = [
  { value: 'full_time', label: 'Full-time' },
  { value: 'part_time', label: 'Part-time' },
  { value: 'contract', label: 'Contract' },
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number]['value'];

export const JOB_POSTING_STATUSES = ['open', 'closed'] as const;
export type JobPostingStatus = (typeof JOB_POSTING_STATUSES)[number];

export const APPLICATION_STATUSES = [
  { value: 'applied', label: 'Applied' },
  { value: 'shortlisted', label: 'Shortlisted' },
  { value: 'hired', label: 'Hired' },
  { value: 'not_selected', label: 'Not selected' },
  { value: 'withdrawn', label: 'Withdrawn' },
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number]['value'];
/**
 * The hiring side's moves: applied -> shortlisted -> hired or not selected. Withdrawn is the job
 * seeker's own move, from an application still in progress (IN_PROGRESS_STATUSES), and final:
 * nobody moves a withdrawn application.
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  applied: ['shortlisted', 'not_selected'],
  shortlisted: ['hired', 'not_selected'],
  hired: [],
  not_selected: [],
  withdrawn: [],
};
/** Undecided applications: the hiring side may still move them, and their job seeker may withdraw them. */
export const IN_PROGRESS_STATUSES = [
  'applied',
  'shortlisted',
] as const satisfies readonly ApplicationStatus[];
/** The overview's Hiring Ratio slices: each a name (on the wire) and the application statuses it counts. */
export const HIRING_OUTCOMES = [
  { name: 'Hired', statuses: ['hired'] },
  { name: 'Not selected', statuses: ['not_selected'] },
  { name: 'In progress', statuses: IN_PROGRESS_STATUSES },
] as const satisfies ReadonlyArray<{ name: string; statuses: readonly ApplicationStatus[] }>;
/** What a 404 names in 'User not found' and the like (HTTP_MESSAGES.recordNotFound). */
export const RECORD_NAMES = [
  'Record',
  'User',
  'Student',
  'Schedule',
  'Qualification',
  'Educational qualification',
  'Job seeker',
  'File',
] as const;
export const JOB_LIST_PAGE_SIZE = 10;
export const COVER_NOTE_MAX = 2000;
export const APPLICATION_NOTE_MAX = 1000;
export const JOB_DESCRIPTION_MAX = 5000;

/** The languages of the interface (English is the default; every English text is as the spec gives it). */
export const LANGUAGES = ['en', 'bn', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the browser remembers the chosen language (not a session key: logging out keeps it). */
export const LANGUAGE_STORAGE_KEY = 'language';
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Busy Hours bands and the series of the Teaching charts (docs/product.md#administration). */
export const BUSY_HOUR_BANDS = ['8am-12pm', '12pm-4pm', '4pm-8pm', '8pm-12am'] as const;
export const BUSY_HOUR_SERIES = [
  { key: 'school_students', label: 'School Students' },
  { key: 'college_students', label: 'College Students' },
  { key: 'working_pro', label: 'Working Pro' },
] as const;
export const CLASS_MODES = ['Online', 'Offline', 'Mix'] as const;

/**
 * Reasons a teacher can pick when declining, by key (the wire value, `reason_key`); the student reads
 * the preset in their own language. 'other' (or no key) means the free text `reason`, shown as typed.
 */
export const DECLINE_REASONS = {
  schedule_full: 'My schedule is full right now',
  level_or_subject: 'I do not teach this level or subject',
  mode_or_location: 'The mode or location does not suit me',
  medium: 'The medium of instruction does not suit me',
} as const;
export type DeclineReasonKey = keyof typeof DECLINE_REASONS;
export const DECLINE_REASON_PRESET_KEYS = Object.keys(DECLINE_REASONS) as DeclineReasonKey[];
/** Every key a decline may carry: the presets and 'other' (free text). */
export const DECLINE_REASON_KEYS = [...DECLINE_REASON_PRESET_KEYS, 'other'] as const;
/** The longest `reason_key` the API takes (the longest key, with room to add presets). */
export const DECLINE_REASON_KEY_MAX = 32;
/** The presets' English texts (older clients send these as `reason`). */
export const DECLINE_REASON_PRESETS = Object.values(DECLINE_REASONS);

export const isDeclineReasonPreset = (key: unknown): key is DeclineReasonKey =>
  typeof key === 'string' && Object.hasOwn(DECLINE_REASONS, key);

/**
 * A stored decline reason as its parts: the preset it names (its key, or, for a reason stored before
 * keys were kept, the preset whose English text it is) and the teacher's own words, trimmed (null
 * when none). Each reader shows the preset in their language, else the words.
 */
export function declineReasonOf(
  key: string | null | undefined,
  text: string | null | undefined,
): { preset: DeclineReasonKey | undefined; typed: string | null } {
  const typed = text?.trim() ? text.trim() : null;
  const preset = isDeclineReasonPreset(key)
    ? key
    : key
      ? undefined
      : DECLINE_REASON_PRESET_KEYS.find((k) => DECLINE_REASONS[k] === typed);
  return { preset, typed };
}

/** The months' English names (a month label, and the English month picker without Intl). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A student named nowhere (a request without its student's record), as messages about them say. */
export const UNNAMED_STUDENT = 'this student';
