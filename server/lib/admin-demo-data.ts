import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UNIVERSITIES } from '../../contract/constants';
import { indiaToday, isAcceptingApplications } from '../../contract/rules/job-postings';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { hashPassword } from './password';
import { uploadFilePath } from './uploads';

/**
 * Demo data for `npm run seed:demo` and the admin benchmark: realistic teachers and students of the
 * Kolkata area with qualifications, preferences, subjects, schedules and requests spread over the
 * last months. Rows go in with one INSERT ... SELECT FROM json_to_recordset per batch, so 100,000
 * teachers take seconds, on PGlite and on PostgreSQL alike. Deterministic for a given seed.
 */

const MALE = [
  'Arindam',
  'Sourav',
  'Debashis',
  'Subhajit',
  'Anirban',
  'Partha',
  'Sandip',
  'Rajarshi',
  'Abhijit',
  'Sayan',
  'Tanmoy',
  'Kaushik',
  'Indranil',
  'Pritam',
  'Soumya',
  'Arnab',
  'Biswajit',
  'Suman',
  'Rupam',
  'Amitava',
];
const FEMALE = [
  'Moumita',
  'Sharmistha',
  'Ananya',
  'Rituparna',
  'Debolina',
  'Paromita',
  'Sreejita',
  'Tanushree',
  'Madhumita',
  'Sudeshna',
  'Payel',
  'Priyanka',
  'Riya',
  'Swastika',
  'Mahua',
  'Oindrila',
  'Sohini',
  'Anwesha',
  'Tithi',
  'Rupsa',
];
const SURNAMES = [
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Ganguly',
  'Bhattacharya',
  'Chakraborty',
  'Das',
  'Ghosh',
  'Bose',
  'Sen',
  'Dutta',
  'Roy',
  'Saha',
  'Mondal',
  'Sarkar',
  'Pal',
  'Majumdar',
  'Sinha',
  'Mitra',
  'Biswas',
  'Halder',
  'Kar',
  'Nandi',
  'Guha',
];
const LOCALITIES: Array<[string, string, number, number]> = [
  ['Salt Lake Sector V', '700091', 22.5726, 88.4318],
  ['Gariahat', '700019', 22.5186, 88.3657],
  ['Behala', '700034', 22.4986, 88.3103],
  ['Dum Dum', '700028', 22.6235, 88.4225],
  ['New Town', '700156', 22.5922, 88.4847],
  ['Jadavpur', '700032', 22.4991, 88.3714],
  ['Tollygunge', '700033', 22.4986, 88.3457],
  ['Shyambazar', '700004', 22.6017, 88.3723],
  ['Howrah Maidan', '711101', 22.5867, 88.3241],
  ['Barasat', '700124', 22.7236, 88.4802],
  ['Ballygunge', '700019', 22.5276, 88.365],
  ['Park Circus', '700017', 22.5414, 88.3681],
  ['Baranagar', '700036', 22.6412, 88.377],
  ['Garia', '700084', 22.4634, 88.3932],
  ['Kasba', '700042', 22.5165, 88.3913],
  ['Lake Town', '700089', 22.605, 88.404],
  ['Serampore', '712201', 22.7505, 88.3406],
  ['Sodepur', '700110', 22.697, 88.39],
];
const STREETS = [
  'Rashbehari Avenue',
  'Lake Road',
  'Jessore Road',
  'Prince Anwar Shah Road',
  'Diamond Harbour Road',
  'B.T. Road',
  'Hazra Road',
  'Purna Das Road',
  'Southern Avenue',
  'Raja S.C. Mullick Road',
  'Station Road',
  'Netaji Subhas Road',
];
const SCHOOLS = [
  'South Point High School',
  'Hindu School',
  'Ballygunge Government High School',
  'Bethune Collegiate School',
  'Jadavpur Vidyapith',
  'Patha Bhavan',
  'Mitra Institution',
  'Sakhawat Memorial Govt. Girls High School',
  'Scottish Church Collegiate School',
  'Nava Nalanda High School',
];
const COLLEGES = [
  'Presidency College',
  'Scottish Church College',
  'Asutosh College',
  "St. Xavier's College",
  'Bethune College',
  'Jogesh Chandra Chaudhuri College',
  'Lady Brabourne College',
  'Bangabasi College',
  'Surendranath College',
  'Maharaja Manindra Chandra College',
];
const COMPANIES = [
  'TCS Salt Lake',
  'Wipro Sector V',
  'State Bank of India',
  'Cognizant New Town',
  'ITC Limited',
  'a chartered accountancy firm',
  'Calcutta High Court',
  'a logistics start-up',
];

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    some: <T>(list: readonly T[], min: number, max: number): T[] => {
      const copy = [...list];
      const n = Math.min(copy.length, min + Math.floor(next() * (max - min + 1)));
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, n);
    },
  };
}
type Rng = ReturnType<typeof rng>;

/** Inserts `rows` (plain objects) into `table` through json_to_recordset; returns RETURNING rows. */
async function insertJson<R = Record<string, unknown>>(
  db: Db,
  table: string,
  columns: Record<string, string>,
  rows: Record<string, unknown>[],
  returning = '',
): Promise<R[]> {
  if (!rows.length) return [];
  const names = Object.keys(columns);
  const spec = names.map((c) => `${c} ${columns[c]}`).join(', ');
  const list = names.join(', ');
  const head = sql.raw(`insert into ${table} (${list}) select ${list} from json_to_recordset(`);
  const tail = sql.raw(`::json) as x(${spec})${returning ? ` returning ${returning}` : ''}`);
  return rowsOf<R>(await db.execute(sql`${head}${JSON.stringify(rows)}${tail}`));
}

/** Accounts signed in with the demo password, registered at `at`. */
const insertUsers = (
  db: Db,
  rows: Array<{ email: string; password_hash: string; role_id: number; at: string }>,
) =>
  insertJson<{ id: number; email: string; created_at: string }>(
    db,
    'users',
    {
      email: 'text',
      password_hash: 'text',
      role_id: 'int',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    rows.map(({ at, ...user }) => ({ ...user, created_at: at, updated_at: at })),
    'id, email, created_at',
  );

/** Private files (documents, resumes): the rows only; the caller writes the file when it needs one. */
const insertUploads = (
  db: Db,
  rows: Array<{
    owner_user_id: number;
    kind: string;
    stored_name: string;
    original_name: string;
    content_type: string;
    byte_size: number;
  }>,
) =>
  insertJson<{ id: number; owner_user_id: number }>(
    db,
    'uploads',
    {
      owner_user_id: 'int',
      kind: 'text',
      stored_name: 'text',
      original_name: 'text',
      content_type: 'text',
      byte_size: 'int',
      is_public: 'boolean',
    },
    rows.map((row) => ({ ...row, is_public: false })),
    'id, owner_user_id',
  );

/** A student's request: its own row, and the copies Connect sends on to a teacher. */
const REQUEST_COLUMNS = {
  student_id: 'int',
  subject_ids: 'int[]',
  status: 'text',
  mode_of_teaching: 'text',
  preferred_group: 'text',
  preferred_medium: 'text',
  teacher_assignment_preference: 'text',
  preferred_time: 'text[]',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
};

const mobile = (r: Rng) => `${r.pick(['6', '7', '8', '9'])}${String(r.int(0, 999999999)).padStart(9, '0')}`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

function address(r: Rng) {
  const [locality, pin, lat, lng] = r.pick(LOCALITIES);
  return {
    text: `${r.int(1, 220)}/${r.int(1, 9)} ${r.pick(STREETS)}, ${locality}, Kolkata ${pin}`,
    latitude: Number((lat + (r.next() - 0.5) * 0.02).toFixed(6)),
    longitude: Number((lng + (r.next() - 0.5) * 0.02).toFixed(6)),
  };
}

/** A registration instant in the last `months` months; later months busier (the marketplace grows). */
function registeredAt(r: Rng, now: Date, months: number): Date {
  const span = months * 30 * 86400000;
  const back = span * (1 - Math.sqrt(r.next()));
  return new Date(now.getTime() - back - r.int(0, 3600000));
}

export interface DemoOptions {
  teachers: number;
  students: number;
  months?: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
  /** Folder for the few demo documents of teachers waiting for approval; none written when absent. */
  uploadsDir?: string;
  onProgress?: (message: string) => void;
}

// A 1x1 PNG: the demo documents of teachers waiting for approval.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const DOCUMENTED_PENDING = 25;

export async function seedDemo(db: Db, options: DemoOptions) {
  const r = rng(options.seed ?? 2025);
  const now = options.now ?? new Date();
  const months = options.months ?? 6;
  const batch = options.batchSize ?? 5000;
  const log = options.onProgress ?? (() => {});
  const passwordHash = await hashPassword('demo-password');
  const subjectRows = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`select id, name from subjects where status = 'approved' and is_active`),
  );
  const subjectIds = subjectRows.map((s) => s.id);
  const [{ base }] = rowsOf<{ base: number }>(
    await db.execute(sql`select coalesce(max(id), 0)::int as base from users`),
  );
  let serial = base;
  let documented = 0;
  const teacherIds: number[] = [];

  for (let done = 0; done < options.teachers; done += batch) {
    const n = Math.min(batch, options.teachers - done);
    const people = Array.from({ length: n }, () => {
      const female = r.chance(0.55);
      const first = r.pick(female ? FEMALE : MALE);
      const last = r.pick(SURNAMES);
      const at = registeredAt(r, now, months);
      const addr = address(r);
      const id = ++serial;
      const status = r.chance(0.65) ? 'verified' : r.chance(0.8) ? 'pending' : 'rejected';
      return {
        email: `${first}.${last}.${id}@demo.bengaltutors.in`.toLowerCase(),
        name: `${first} ${last}`,
        female,
        at: at.toISOString(),
        addr,
        status,
        mobile: mobile(r),
      };
    });
    const users = await insertUsers(
      db,
      people.map((p) => ({ email: p.email, password_hash: passwordHash, role_id: 1, at: p.at })),
    );
    const userByEmail = new Map(users.map((u) => [u.email, u.id]));
    const teacherRows = people.map((p) => ({
      user_id: userByEmail.get(p.email),
      name: p.name,
      email: p.email,
      mobile_number: p.mobile,
      whatsapp_number: r.chance(0.7) ? p.mobile : mobile(r),
      gender: p.female ? 'female' : 'male',
      date_of_birth: isoDate(new Date(Date.UTC(r.int(1965, 2002), r.int(0, 11), r.int(1, 28)))),
      address: p.addr.text,
      latitude: p.addr.latitude,
      longitude: p.addr.longitude,
      is_active: p.status === 'rejected' ? false : r.chance(0.9),
      verification_status: p.status,
      verified_at: p.status === 'verified' ? p.at : null,
      rejection_reason: p.status === 'rejected' ? 'Documents were not readable' : null,
      created_at: p.at,
      updated_at: p.at,
    }));
    const inserted = await insertJson<{ id: number; user_id: number; verification_status: string }>(
      db,
      'teachers',
      {
        user_id: 'int',
        name: 'text',
        email: 'text',
        mobile_number: 'text',
        whatsapp_number: 'text',
        gender: 'text',
        date_of_birth: 'date',
        address: 'text',
        latitude: 'float8',
        longitude: 'float8',
        is_active: 'boolean',
        verification_status: 'text',
        verified_at: 'timestamptz',
        rejection_reason: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      teacherRows,
      'id, user_id, verification_status',
    );
    const ids = inserted.map((t) => t.id);
    teacherIds.push(...ids);

    // Documents for the first few pending teachers, so Teacher Approvals has real work in the demo.
    const docs = new Map<number, { aadhar: number; mark: number; cert: number }>();
    if (options.uploadsDir) {
      for (const t of inserted) {
        if (t.verification_status !== 'pending' || documented >= DOCUMENTED_PENDING) continue;
        documented++;
        const made: number[] = [];
        for (const kind of ['aadhar_photo', 'mark_sheet', 'highest_qualification_certificate'] as const) {
          const storedName = `${createHash('md5').update(`demo-${kind}-${t.id}`).digest('hex')}.png`;
          const path = uploadFilePath({ config: { uploadsDir: options.uploadsDir } } as FastifyInstance, {
            kind,
            storedName,
          });
          await mkdir(dirname(path), { recursive: true });
          await writeFile(path, PNG);
          const [row] = await insertUploads(db, [
            {
              owner_user_id: t.user_id,
              kind,
              stored_name: storedName,
              original_name: `${kind}.png`,
              content_type: 'image/png',
              byte_size: PNG.length,
            },
          ]);
          made.push(row.id);
        }
        docs.set(t.id, { aadhar: made[0], mark: made[1], cert: made[2] });
        await db.execute(sql`update teachers set aadhar_photo_id = ${made[0]} where id = ${t.id}`);
      }
    }

    await insertJson(
      db,
      'teacher_educational_qualifications',
      {
        teacher_id: 'int',
        degree_id: 'int',
        subject_id: 'int',
        year_of_passing: 'text',
        school_name: 'text',
        college_name: 'text',
        university_name: 'text',
        school_education_board: 'text',
      },
      ids.map((teacher_id) => ({
        teacher_id,
        degree_id: r.pick([5, 5, 6, 6, 7, 8]),
        subject_id: r.pick(subjectIds),
        year_of_passing: String(r.int(1990, 2023)),
        school_name: r.pick(SCHOOLS),
        college_name: r.pick(COLLEGES),
        university_name: r.pick(UNIVERSITIES.slice(0, -1)),
        school_education_board: r.pick(['cbse', 'icse', 'state', 'state']),
      })),
    );
    await insertJson(
      db,
      'teacher_preferences',
      {
        teacher_id: 'int',
        teaching_radius_km: 'int',
        prior_experience: 'int',
        teaching_mode: 'text',
        teaching_school: 'boolean',
        special_need_children: 'boolean',
        special_attention_children: 'boolean',
        preferred_medium: 'text[]',
        mark_sheet_id: 'int',
        highest_qualification_certificate_id: 'int',
      },
      ids.map((teacher_id) => ({
        teacher_id,
        teaching_radius_km: r.int(2, 25),
        prior_experience: r.int(0, 20),
        teaching_mode: r.pick(['offline', 'offline', 'both', 'online']),
        teaching_school: r.chance(0.3),
        special_need_children: r.chance(0.15),
        special_attention_children: r.chance(0.4),
        preferred_medium: r.some(['english', 'bengali', 'hindi'], 1, 3),
        mark_sheet_id: docs.get(teacher_id)?.mark ?? null,
        highest_qualification_certificate_id: docs.get(teacher_id)?.cert ?? null,
      })),
    );
    await insertJson(
      db,
      'teacher_subjects',
      { teacher_id: 'int', subject_id: 'int' },
      ids.flatMap((teacher_id) => r.some(subjectIds, 1, 3).map((subject_id) => ({ teacher_id, subject_id }))),
    );
    const schedules = await insertJson<{ id: number }>(
      db,
      'teacher_schedules',
      { teacher_id: 'int', week_day: 'int' },
      ids.flatMap((teacher_id) =>
        r.some([0, 1, 2, 3, 4, 5, 6], 2, 5).map((week_day) => ({ teacher_id, week_day })),
      ),
      'id',
    );
    await insertJson(
      db,
      'time_slots',
      { teacher_schedule_id: 'int', time_of_day: 'text' },
      schedules.flatMap((s) =>
        r
          .some(['morning', 'afternoon', 'evening'], 1, 2)
          .map((time_of_day) => ({ teacher_schedule_id: s.id, time_of_day })),
      ),
    );
    log(`teachers: ${done + n} / ${options.teachers}`);
  }

  const educations = [
    { degree_id: 3, level: 'Primary/Secondary', weight: 5 },
    { degree_id: 5, level: 'Undergraduate', weight: 3 },
    { degree_id: 6, level: 'Graduate', weight: 1 },
    { degree_id: 7, level: 'Professional', weight: 2 },
  ];
  const educationPool = educations.flatMap((e) => Array(e.weight).fill(e));
  let requests = 0;
  for (let done = 0; done < options.students; done += batch) {
    const n = Math.min(batch, options.students - done);
    const people = Array.from({ length: n }, () => {
      const female = r.chance(0.5);
      const first = r.pick(female ? FEMALE : MALE);
      const last = r.pick(SURNAMES);
      const id = ++serial;
      const education = r.pick(educationPool);
      const age =
        education.degree_id === 3 ? r.int(10, 17) : education.degree_id === 7 ? r.int(23, 40) : r.int(18, 24);
      return {
        email: `${first}.${last}.${id}@students.demo.bengaltutors.in`.toLowerCase(),
        name: `${first} ${last}`,
        female,
        age,
        education,
        at: registeredAt(r, now, months),
      };
    });
    const users = await insertUsers(
      db,
      people.map((p) => ({
        email: p.email,
        password_hash: passwordHash,
        role_id: 2,
        at: p.at.toISOString(),
      })),
    );
    const userByEmail = new Map(users.map((u) => [u.email, u.id]));
    const students = await insertJson<{ id: number; user_id: number }>(
      db,
      'students',
      {
        user_id: 'int',
        name: 'text',
        mobile_number: 'text',
        address: 'text',
        gender: 'text',
        age: 'int',
        guardian_number: 'text',
        is_active: 'boolean',
        date_of_birth: 'date',
        marital_status: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      people.map((p) => ({
        user_id: userByEmail.get(p.email),
        name: p.name,
        mobile_number: mobile(r),
        address: address(r).text,
        gender: p.female ? 'female' : 'male',
        age: p.age,
        guardian_number: p.age < 18 ? mobile(r) : '',
        is_active: r.chance(0.88),
        date_of_birth: isoDate(new Date(Date.UTC(now.getUTCFullYear() - p.age, r.int(0, 11), r.int(1, 28)))),
        marital_status: p.age > 26 && r.chance(0.5) ? 'married' : 'single',
        created_at: p.at.toISOString(),
        updated_at: p.at.toISOString(),
      })),
      'id, user_id',
    );
    const byUser = new Map(people.map((p) => [userByEmail.get(p.email), p]));
    const withPerson = students.map((s) => ({ ...s, person: byUser.get(s.user_id)! }));
    await insertJson(
      db,
      'student_educational_qualifications',
      {
        student_id: 'int',
        degree_id: 'int',
        current_academic_level: 'text',
        school_name: 'text',
        college_name: 'text',
        university_name: 'text',
        additional_information: 'text',
      },
      withPerson.map(({ id, person }) => ({
        student_id: id,
        degree_id: person.education.degree_id,
        current_academic_level: person.education.level,
        school_name: person.education.degree_id === 3 ? r.pick(SCHOOLS) : null,
        college_name: person.education.degree_id === 5 ? r.pick(COLLEGES) : null,
        university_name: person.education.degree_id === 6 ? r.pick(UNIVERSITIES.slice(0, -1)) : null,
        additional_information:
          person.education.degree_id === 3
            ? `Class ${r.int(5, 12)}`
            : person.education.degree_id === 7
              ? `Works at ${r.pick(COMPANIES)}`
              : null,
      })),
    );
    const requestRows = withPerson.flatMap(({ id, person }) =>
      Array.from({ length: r.int(0, 2) }, () => {
        const at = new Date(
          person.at.getTime() + r.next() * Math.max(0, now.getTime() - person.at.getTime()),
        );
        return {
          student_id: id,
          subject_ids: `{${r.some(subjectIds, 1, 3).join(',')}}`,
          status: 'request_send',
          mode_of_teaching: r.pick(['online', 'offline', 'offline', 'both']),
          preferred_group: r.pick(['individual', 'individual', 'group']),
          preferred_medium: r.pick(['english', 'bengali', 'hindi', 'any']),
          teacher_assignment_preference: r.pick(['multiple', 'single']),
          preferred_time: `{${r.some(['morning', 'afternoon', 'evening'], 1, 2).join(',')}}`,
          created_at: at.toISOString(),
          updated_at: at.toISOString(),
        };
      }),
    );
    const made = await insertJson<{ id: number; student_id: number }>(
      db,
      'teacher_student_requests',
      REQUEST_COLUMNS,
      requestRows,
      'id, student_id',
    );
    requests += made.length;
    // About a third were sent on to a teacher (Connect), some already answered.
    if (teacherIds.length) {
      const sent = made.filter(() => r.chance(0.35));
      const byId = new Map(made.map((m, i) => [m.id, requestRows[i]]));
      await insertJson(
        db,
        'teacher_student_requests',
        { ...REQUEST_COLUMNS, teacher_id: 'int', parent_request_id: 'int' },
        sent.map((m) => ({
          ...byId.get(m.id)!,
          teacher_id: r.pick(teacherIds),
          parent_request_id: m.id,
          status: r.pick(['request_send', 'accepted', 'accepted', 'declined', 'ended']),
        })),
      );
    }
    log(`students: ${done + n} / ${options.students}`);
  }
  const jobs = await seedJobs(db, { r, now, months, passwordHash, base: serial, students: options.students });
  log(`jobs: ${jobs.postings} postings, ${jobs.seekers} job seekers, ${jobs.applications} applications`);
  // Bulk loads leave no statistics and an unset visibility map; PGlite has no autovacuum to fix that.
  await db.execute(sql`vacuum analyze`);
  return { teachers: options.teachers, students: options.students, requests, ...jobs };
}

const JOB_TITLES: Array<[string, string]> = [
  ['school', 'Physics Teacher'],
  ['school', 'Mathematics Teacher'],
  ['school', 'Bengali Teacher'],
  ['coaching_centre', 'JEE Chemistry Faculty'],
  ['coaching_centre', 'NEET Biology Faculty'],
  ['college', 'Assistant Professor, English'],
  ['college', 'Guest Lecturer, History'],
  ['ed_tech', 'Online Mathematics Tutor'],
  ['ed_tech', 'Content Writer, Science'],
  ['corporate_training', 'Spoken English Trainer'],
  ['other', 'Librarian'],
];
const JOB_DISTRICTS = [
  'Kolkata',
  'Howrah',
  'North 24 Parganas',
  'South 24 Parganas',
  'Hooghly',
  'Nadia',
  'remote',
];

/**
 * The job side: postings over the months (most open, some closed or past their closing date), job
 * seekers with details and education (their resume rows point at a file that is not written: opening
 * one answers 404), and applications at every stage with their history (hired only where the posting
 * takes no more applications), and two withdrawn by their job seekers on postings still open.
 */
async function seedJobs(
  db: Db,
  o: { r: Rng; now: Date; months: number; passwordHash: string; base: number; students: number },
) {
  const { r, now } = o;
  const seekerCount = Math.max(10, Math.round(o.students / 10));
  const postingCount = Math.max(6, o.months * 4);
  const day = 86400000;
  const postingRows = Array.from({ length: postingCount }, () => {
    const [industry, title] = r.pick(JOB_TITLES);
    // About four in five take applications today (closing ahead of `now`, however old the posting);
    // the rest were closed by an administrator or ran past their closing date, weeks ago.
    const fate = r.next();
    const open = fate < 0.8;
    const closed = !open && fate < 0.9;
    const at = open
      ? registeredAt(r, now, o.months)
      : new Date(Math.min(registeredAt(r, now, o.months).getTime(), now.getTime() - r.int(25, 60) * day));
    const closing = open
      ? new Date(Math.max(at.getTime() + r.int(20, 60) * day, now.getTime() + r.int(5, 45) * day))
      : new Date(Math.min(at.getTime() + r.int(20, 60) * day, now.getTime() - r.int(2, 20) * day));
    const payMin = r.int(8, 40) * 1000;
    return {
      organisation: r.pick([...SCHOOLS, ...COLLEGES, ...COMPANIES]),
      industry,
      title,
      location: r.pick(JOB_DISTRICTS),
      employment_type: r.pick(['full_time', 'full_time', 'part_time', 'contract']),
      pay_min: r.chance(0.8) ? payMin : null,
      pay_max: r.chance(0.8) ? payMin + r.int(2, 20) * 1000 : null,
      description: `${title} wanted. Teaching experience preferred; Bengali and English spoken.`,
      closing_date: isoDate(closing),
      status: closed ? 'closed' : 'open',
      closed_at: closed ? new Date(closing.getTime() - day).toISOString() : null,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    };
  });
  const postings = await insertJson<{ id: number; created_at: string; status: string; closing_date: string }>(
    db,
    'job_postings',
    {
      organisation: 'text',
      industry: 'text',
      title: 'text',
      location: 'text',
      employment_type: 'text',
      pay_min: 'int',
      pay_max: 'int',
      description: 'text',
      closing_date: 'date',
      status: 'text',
      closed_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    postingRows,
    'id, created_at, status, closing_date::text as closing_date',
  );
  const users = await insertUsers(
    db,
    Array.from({ length: seekerCount }, (_, i) => ({
      email: `jobseeker${o.base + i + 1}@demo.bengaltutors.in`,
      password_hash: o.passwordHash,
      role_id: 3,
      at: registeredAt(r, now, o.months).toISOString(),
    })),
  );
  const seekers = await insertJson<{ id: number; user_id: number }>(
    db,
    'job_seekers',
    {
      user_id: 'int',
      name: 'text',
      mobile_number: 'text',
      gender: 'text',
      date_of_birth: 'date',
      marital_status: 'text',
      address: 'text',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    users.map((u) => {
      const female = r.chance(0.5);
      return {
        user_id: u.id,
        name: `${r.pick(female ? FEMALE : MALE)} ${r.pick(SURNAMES)}`,
        mobile_number: mobile(r),
        gender: female ? 'female' : 'male',
        date_of_birth: `${r.int(1980, 2003)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        marital_status: r.pick(['single', 'married']),
        address: address(r).text,
        created_at: u.created_at,
        updated_at: u.created_at,
      };
    }),
    'id, user_id',
  );
  const resumes = await insertUploads(
    db,
    seekers.map((s) => ({
      owner_user_id: s.user_id,
      kind: 'resume',
      stored_name: `${randomBytes(16).toString('hex')}.pdf`,
      original_name: 'resume.pdf',
      content_type: 'application/pdf',
      byte_size: 1024,
    })),
  );
  const resumeOf = new Map(resumes.map((u) => [u.owner_user_id, u.id]));
  await insertJson(
    db,
    'job_seeker_educations',
    {
      job_seeker_id: 'int',
      degree_id: 'int',
      school_name: 'text',
      year_of_passing: 'int',
      resume_upload_id: 'int',
    },
    seekers.map((s) => ({
      job_seeker_id: s.id,
      degree_id: r.pick([3, 5, 5, 6, 7]),
      school_name: r.pick([...SCHOOLS, ...COLLEGES]),
      year_of_passing: r.int(2000, now.getFullYear()),
      resume_upload_id: resumeOf.get(s.user_id),
    })),
  );
  const applicationRows: Record<string, unknown>[] = [];
  const today = indiaToday(now);
  const stillOpen = new Set<number>();
  for (const posting of postings) {
    if (isAcceptingApplications(posting, today)) stillOpen.add(posting.id);
    // Someone hired means the hiring is over: hires are only on postings that take no more
    // applications (closed, or past their closing date); an open posting's applicants still wait.
    const outcomes = stillOpen.has(posting.id)
      ? ['applied', 'applied', 'shortlisted', 'not_selected']
      : ['applied', 'shortlisted', 'hired', 'hired', 'not_selected', 'not_selected'];
    for (const seeker of r.some(seekers, 0, Math.min(6, seekers.length))) {
      const at = new Date(new Date(posting.created_at).getTime() + r.int(1, 14) * 86400000);
      if (at > now) continue;
      const status = r.pick(outcomes);
      applicationRows.push({
        job_posting_id: posting.id,
        job_seeker_id: seeker.id,
        resume_upload_id: resumeOf.get(seeker.user_id),
        status,
        status_changed_at: status === 'applied' ? null : at.toISOString(),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
    }
  }
  // Job seekers may withdraw an application in progress: the first two waiting ones on open postings
  // (two postings when there are two) were withdrawn a day after they were sent, so the board shows
  // the status. Picked in order, not drawn: the rest of the data stays as the seed makes it.
  const withdrawnOn = new Set<unknown>();
  for (const row of applicationRows) {
    if (withdrawnOn.size === 2) break;
    if (row.status !== 'applied' || !stillOpen.has(row.job_posting_id as number)) continue;
    if (withdrawnOn.has(row.job_posting_id)) continue;
    const at = new Date(Math.min(new Date(row.created_at as string).getTime() + 86400000, now.getTime()));
    Object.assign(row, {
      status: 'withdrawn',
      status_changed_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    withdrawnOn.add(row.job_posting_id);
  }
  const applications = await insertJson<{ id: number; status: string; created_at: string }>(
    db,
    'job_applications',
    {
      job_posting_id: 'int',
      job_seeker_id: 'int',
      resume_upload_id: 'int',
      status: 'text',
      status_changed_at: 'timestamptz',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    applicationRows,
    'id, status, created_at',
  );
  // History: applied, then (for decided ones) shortlisted and the outcome.
  const steps: Record<string, string[]> = {
    applied: ['applied'],
    shortlisted: ['applied', 'shortlisted'],
    hired: ['applied', 'shortlisted', 'hired'],
    not_selected: ['applied', 'not_selected'],
    withdrawn: ['applied', 'withdrawn'],
  };
  await insertJson(
    db,
    'job_application_events',
    { job_application_id: 'int', status: 'text', created_at: 'timestamptz' },
    applications.flatMap((a) =>
      (steps[a.status] ?? ['applied']).map((status) => ({
        job_application_id: a.id,
        status,
        created_at: a.created_at,
      })),
    ),
  );
  return { postings: postings.length, seekers: seekers.length, applications: applications.length };
}
