import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { CheckedJson } from '../../contract/api/route';
import {
  localityOf,
  MATCH_MAX_RADIUS_KM,
  type MatchFilter,
  ONLINE_TEACHING_AVAILABLE,
  servableTeacherModes,
} from '../../contract/rules/matching';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { MatchCard, type TeacherStudentRequest } from '../../contract/structs/request';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { jsonOf, rowsOf } from '../db/rows';
import { subjects } from '../db/schema';
import { type CheckedText, checkedTexts, type Derivation, derivedTexts } from '../lib/checked-texts';
import { unprocessable } from '../lib/http';
import { type Counter, counterOf, hitStatement } from '../lib/rate-limit';
import { type RequestRow, shapeRequest } from '../lib/requests';
import { sessionLiveSql } from '../lib/sessions';
import { storedRecords } from './teacher-records';

export interface MatchQuery {
  subjectIds: number[];
  modeOfTeaching: string;
  preferredMedium: string;
  filter: MatchFilter;
  limit: number;
  offset: number;
  /** The student's location, when shared: offline matches must have the student inside their radius. */
  location?: { latitude: number; longitude: number } | null;
  /** The request whose connections the cards show (the request sent to each teacher, if any). */
  requestId?: number | null;
  /** Defaults to what is offered today; tests may switch online teaching on. */
  onlineAvailable?: boolean;
}

export interface MatchRow {
  teacherId: number;
  coveredSubjectIds: number[];
  modeFit: boolean;
  mediumFit: boolean;
  distanceKm: number | null;
  /** The card as the contract's checked JSON text (written into the response as it is). */
  card: CheckedJson;
  connection: { id: number; status: string } | null;
}

export interface MatchResult {
  rows: MatchRow[];
  total: number;
  /** The request asks only for a mode nobody can teach yet (online while it is unavailable). */
  modeUnavailable: boolean;
  usingDistance: boolean;
}

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE = 111.32;

/**
 * The teachers (candidates `c`) who teach this group size: by their preference (none saved counts
 * as individual) or by a schedule slot open to it (a slot open to 'any' serves both sizes).
 */
const teachesGroupSize = (size: 'individual' | 'group') => {
  const wanted = sql.raw(`'${size}'`);
  return sql`EXISTS (SELECT 1 FROM teacher_preferences tp WHERE tp.teacher_id = c.teacher_id
      AND coalesce(tp.preferred_teaching_type, 'individual') IN (${wanted}, 'any', 'both'))
    OR EXISTS (SELECT 1 FROM teacher_schedules s JOIN time_slots sl ON sl.teacher_schedule_id = s.id
      WHERE s.teacher_id = c.teacher_id AND sl.preferred_group IN (${wanted}, 'any'))`;
};

/**
 * The list filters of /teacherfinder. The mode ones read the match index; group size reads the
 * candidate's preferences and schedule (only when that filter is chosen).
 */
function filterCondition(filter: MatchFilter): { index: SQL; teacher: SQL } {
  const none = sql`true`;
  switch (filter) {
    case 'online':
      return { index: sql`x.teaching_mode IN ('online', 'both')`, teacher: none };
    case 'offline':
      return { index: sql`x.teaching_mode IN ('offline', 'both')`, teacher: none };
    case 'individual':
    case 'group':
      return { index: none, teacher: teachesGroupSize(filter) };
    default:
      return { index: none, teacher: none };
  }
}

/** Great-circle distance in km (haversine), for a page's cards. */
export function greatCircleKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The student's position as a unit vector dotted with the teacher's (`x.ux`, …): the cosine of the
 * angle between them. The teacher is within `r` km (great-circle) exactly when it is at least
 * cos(r / 6371), which the match index stores per teacher as `cos_radius`; larger is nearer.
 */
function dotSql(lat: number, lng: number): SQL {
  const phi = (lat * Math.PI) / 180;
  const lambda = (lng * Math.PI) / 180;
  const [sx, sy, sz] = [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  return sql`(x.ux * ${sx}::float8 + x.uy * ${sy}::float8 + x.uz * ${sz}::float8)`;
}

/** The box around the student that holds every teacher who could travel to them (index-friendly). */
function boundingBox(lat: number, lng: number): SQL {
  const dLat = MATCH_MAX_RADIUS_KM / KM_PER_DEGREE;
  const cos = Math.max(Math.cos((Math.abs(lat) * Math.PI) / 180), 0.01);
  const dLng = Math.min(180, MATCH_MAX_RADIUS_KM / (KM_PER_DEGREE * cos));
  return sql`x.latitude BETWEEN ${lat - dLat}::float8 AND ${lat + dLat}::float8
    AND x.longitude BETWEEN ${lng - dLng}::float8 AND ${lng + dLng}::float8`;
}

/** Requests for up to this many subjects are ranked ahead (migration 0034 stores sets of up to three). */
const RANKED_MAX_SUBJECTS = 3;

/**
 * The teaching modes a page without a location may show, for a filter on mode only (null for a
 * filter on something else: group size).
 */
function rankedModes(servable: { online: boolean; offline: boolean }, filter: MatchFilter): string[] | null {
  if (filter === 'individual' || filter === 'group') return null;
  const modes = new Set<string>();
  if (servable.online) for (const m of ['online', 'both']) modes.add(m);
  if (servable.offline) for (const m of ['offline', 'both']) modes.add(m);
  if (filter === 'online') modes.delete('offline');
  if (filter === 'offline') modes.delete('online');
  return [...modes];
}

/** Every non-empty subset of the ids (ascending), each ascending. */
function subsetsOf(ids: number[]): number[][] {
  const out: number[][] = [];
  for (let mask = 1; mask < 1 << ids.length; mask++) out.push(ids.filter((_, i) => mask & (1 << i)));
  return out;
}

/**
 * The page and the total of a request without a location, read from what migration 0034 ranks ahead.
 * A teacher covers exactly |Q| of the requested subjects when they teach the set Q and none of the
 * others; for each Q the teachers come from the index in the page's order (verified, experience, then
 * medium fit and id sorted within an experience), each stream cut at the page's end, so only the first
 * few of every stream are read and sorted instead of ranking every candidate. The total is the number
 * of teachers who teach any of the subjects: the inclusion-exclusion sum of the counts of those who
 * teach each Q.
 */
function rankedPage(
  requested: number[],
  modes: string[],
  medium: string,
  limit: number,
  offset: number,
): SQL {
  const keyOf = (ids: number[]) => ids.join(',');
  const modeArray = sql`${`{${modes.join(',')}}`}::text[]`;
  const fit = sql`(${medium} = 'any' OR ${medium} = ANY(s.mediums))`;
  const subsets = subsetsOf(requested);
  // Each stream keeps its first offset + limit teachers in the page's order (its covered count is the
  // same for all): the page is among them. The index gives verified and experience in order, and an
  // incremental sort the medium fit and id within each experience.
  const streams = subsets.map((set) => {
    const others = requested.filter((id) => !set.includes(id));
    const none = others.length ? sql`NOT (s.subject_ids && ${`{${others.join(',')}}`}::int[])` : sql`true`;
    return sql`(SELECT s.teacher_id, s.verified, ${sql.raw(String(set.length))}::int AS covered_count,
        s.prior_experience, ${fit} AS medium_fit, NULL::float8 AS nearness
      FROM teacher_match_subset s
      WHERE s.subset = ${keyOf(set)} AND s.teaching_mode = ANY(${modeArray}) AND ${none}
      ORDER BY s.verified DESC, s.prior_experience DESC, medium_fit DESC, s.teacher_id
      LIMIT ${limit + offset})`;
  });
  // Inclusion-exclusion: + the sets of odd size, - those of even size.
  const keys = sql`${`{${subsets.map((set) => `"${keyOf(set)}"`).join(',')}}`}::text[]`;
  const signs = sql`${`{${subsets.map((set) => (set.length % 2 ? 1 : -1)).join(',')}}`}::int[]`;
  return sql`page AS (
      SELECT * FROM (${sql.join(streams, sql` UNION ALL `)}) u
      ORDER BY u.verified DESC, u.covered_count DESC, u.prior_experience DESC, u.medium_fit DESC, u.teacher_id
      LIMIT ${limit} OFFSET ${offset}
    ), total AS (
      SELECT coalesce(sum(k.sign * c.n), 0)::int AS n
      FROM unnest(${keys}, ${signs}) AS k(subset, sign),
        LATERAL (SELECT sum(n.n) AS n FROM teacher_match_count n
          WHERE n.subset = k.subset AND n.teaching_mode = ANY(${modeArray})) c
    )`;
}

/**
 * The teachers who fit a student's request, one page of cards and the total, in one query.
 * - Mode: an online request matches teachers who teach online (none while online teaching is not
 *   offered), offline matches offline, 'both' either. A teacher without preferences has no mode.
 * - Distance: when the student shared a location, an offline match needs the student inside the
 *   teacher's teaching radius of the teacher's location: the bounding box on the index's latitude
 *   first, then the great-circle test (a dot product of unit vectors against the cosine of the radius).
 * - Rejected and inactive teachers never match (they have no row in the match index).
 * - Order: verified first, then nearer, then more requested subjects covered, then experience, then
 *   medium fit (then id, so pages are stable). Pending teachers come after verified ones.
 * The candidates come from `teacher_match` (migration 0027) by its index (subject, latitude) INCLUDE
 * the rest, without touching a table; only the page's teachers' stored records (their cards) are read. A page
 * past the last still carries the total.
 */
export async function findMatchingTeachers(db: Db, q: MatchQuery): Promise<MatchResult> {
  const statement = matchStatement(q);
  if (!statement.ctes) return { rows: [], total: 0, ...statement.base };
  const [packed] = rowsOf<PackedPage>(
    await executePrepared(
      db,
      sql`WITH ${statement.ctes} SELECT ${statement.total} AS total, ${statement.page} AS page`,
    ),
  );
  return matchResultOf(db, statement, packed);
}

/** What the page's statement answers: the total and the page's cards as one text. */
interface PackedPage {
  total: unknown;
  page: unknown;
}

interface MatchStatement {
  base: { modeUnavailable: boolean; usingDistance: boolean };
  location: { latitude: number; longitude: number } | null;
  requested: number[];
  /** The statement's CTEs (`page`, `total` and what they read), null when no teacher can match. */
  ctes: SQL | null;
  /** The total and the page's cards as one text (read from those CTEs). */
  total: SQL;
  page: SQL;
}

/** The page's statement in parts, so that it can also run inside another (`loadMatchingContext`). */
function matchStatement(q: MatchQuery): MatchStatement {
  const servable = servableTeacherModes(q.modeOfTeaching, q.onlineAvailable ?? ONLINE_TEACHING_AVAILABLE);
  const location = q.location ?? null;
  const base = { modeUnavailable: !servable.online && !servable.offline, usingDistance: location !== null };
  const requested = [...new Set(q.subjectIds.map(Number))].sort((a, b) => a - b);
  if (!q.subjectIds.length || base.modeUnavailable)
    return { base, location, requested, ctes: null, total: sql`0`, page: sql`NULL` };
  const subjectArray = sql`ARRAY[${sql.join(
    q.subjectIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const medium = q.preferredMedium.toLowerCase();
  const dot = location ? dotSql(location.latitude, location.longitude) : sql`NULL::float8`;
  const modeConditions: SQL[] = [];
  if (servable.online) modeConditions.push(sql`x.teaching_mode IN ('online', 'both')`);
  if (servable.offline)
    modeConditions.push(
      location
        ? sql`(x.teaching_mode IN ('offline', 'both') AND ${boundingBox(location.latitude, location.longitude)}
            AND ${dot} >= x.cos_radius)`
        : sql`x.teaching_mode IN ('offline', 'both')`,
    );
  const modeCondition = or(...modeConditions)!;
  const filter = filterCondition(q.filter);
  const order = (t: string) =>
    sql.raw(`${t}.verified DESC, ${t}.nearness DESC NULLS LAST, ${t}.covered_count DESC, ${t}.prior_experience DESC,
      ${t}.medium_fit DESC, ${t}.teacher_id ASC`);
  const modes = rankedModes(servable, q.filter);
  // Without a location, for up to three subjects and a filter on mode only, the page is read in the
  // order of teacher_match_subset's index and the total summed from teacher_match_count (migration 0034);
  // otherwise every candidate is ranked here.
  const ranked = !location && modes !== null && requested.length <= RANKED_MAX_SUBJECTS;
  const pageAndTotal = ranked
    ? rankedPage(requested, modes, medium, q.limit, q.offset)
    : sql`c AS (
      SELECT x.teacher_id, bool_or(x.verified) AS verified, max(${dot}) AS nearness, count(*)::int AS covered_count,
        max(x.prior_experience) AS prior_experience, bool_or(${medium} = 'any' OR ${medium} = ANY(x.mediums)) AS medium_fit
      FROM teacher_match x
      WHERE x.subject_id = ANY(${subjectArray}) AND ${filter.index} AND ${modeCondition}
      GROUP BY x.teacher_id
    ), f AS (
      SELECT * FROM c WHERE ${filter.teacher}
    ), page AS (
      SELECT * FROM f ORDER BY ${order('f')} LIMIT ${q.limit} OFFSET ${q.offset}
    ), total AS (
      SELECT count(*)::int AS n FROM f
    )`;
  // Either way the candidates are ranked from an index alone (here one group per teacher: their rows
  // share every column but the subject); only the page's teachers are read further. Their cards come
  // from the stored records (teacher_record_cache, migration 0029, kept by triggers in the writing
  // transaction): the page names each record by its digest (migration 0035), and the server reads the
  // records it has not made a card of yet in a statement of its own.
  const page = sql`(SELECT string_agg(page.medium_fit::text || chr(30) || CASE WHEN r.id IS NULL THEN 'null'
            ELSE json_build_object('id', r.id, 'status', r.status)::text END
          || chr(30) || rc.teacher_id::text || chr(30) || rc.digest, chr(30) ORDER BY ${order('page')})
        FROM page
        JOIN teacher_record_cache rc ON rc.teacher_id = page.teacher_id
        LEFT JOIN teacher_student_requests r ON r.parent_request_id = ${q.requestId ?? null}::int
          AND r.teacher_id = page.teacher_id)`;
  return { base, location, requested, ctes: pageAndTotal, total: sql`(SELECT n FROM total)`, page };
}

/** A page's rows from what its statement answered (`matchStatement`). */
async function matchResultOf(
  db: Db,
  { base, location, requested }: MatchStatement,
  packed: PackedPage | undefined,
): Promise<MatchResult> {
  // The page comes back as one text, four parts per card joined by the control character U+001E
  // (which no JSON text holds unescaped): medium fit, connection, teacher id, the record's digest. On
  // PGlite, the driver's reading of 20 rows of many columns (each field copied, decoded and converted)
  // costs more CPU than PostgreSQL building the text.
  const total = Number(packed?.total ?? 0);
  const parts = typeof packed?.page === 'string' && packed.page ? packed.page.split('\u001e') : [];
  const n = parts.length / 4;
  const cards: Array<CheckedText<CardFacts> | undefined> = new Array(n);
  const unseen: number[] = [];
  for (let i = 0; i < n; i++) {
    cards[i] = cardsByDigest.get(parts[4 * i + 3] as string);
    if (!cards[i]) unseen.push(Number(parts[4 * i + 2]));
  }
  if (unseen.length) {
    const made = await cardsOfTeachers(db, unseen);
    for (let i = 0; i < n; i++) cards[i] ??= made.get(Number(parts[4 * i + 2]));
  }
  const rows: MatchRow[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards[i];
    // A teacher deleted since the page was read (their record is gone): not shown.
    if (!card) continue;
    const { checked, facts } = card;
    const connection = parts[4 * i + 1] === 'null' ? null : JSON.parse(parts[4 * i + 1] as string);
    const distanceKm =
      location && facts.latitude !== null && facts.longitude !== null
        ? greatCircleKm(location, { latitude: facts.latitude, longitude: facts.longitude })
        : null;
    rows.push({
      teacherId: facts.id,
      // The requested subjects the teacher teaches (all of a matched teacher's subjects are in the index).
      coveredSubjectIds: requested.filter((id) => facts.subjectIds.includes(id)),
      modeFit: true,
      mediumFit: parts[4 * i] === 'true',
      distanceKm,
      connection: connection && { id: Number(connection.id), status: String(connection.status) },
      card: distanceKm === null ? checked : withDistance(checked, Math.round(distanceKm * 10) / 10),
    });
  }
  return { ...base, total, rows };
}

/** What a page needs of a teacher's record besides the card. */
interface CardFacts {
  id: number;
  subjectIds: number[];
  latitude: number | null;
  longitude: number | null;
}

/**
 * Cards (checked, with their facts) by the digest of the stored record each was made from (migration
 * 0035: the database computes it from the record's text), so a page whose records this process has
 * seen reads 32 characters per card instead of the record. A digest names one text: a changed record
 * has another, whose card is made afresh. Bounded: the entries made longest ago go first.
 */
const cardsByDigest = new Map<string, CheckedText<CardFacts>>();
const CARDS_BY_DIGEST_MAX = 20_000;

/** The cards of these teachers from their stored records as they are now, remembered by digest. */
async function cardsOfTeachers(db: Db, ids: number[]): Promise<Map<number, CheckedText<CardFacts>>> {
  const stored = await storedRecords(db, ids);
  const made = derivedTexts(
    stored.map((record) => record.text),
    MatchCard,
    cardOfRecord,
  );
  const byTeacher = new Map<number, CheckedText<CardFacts>>();
  for (const [i, record] of stored.entries()) {
    const card = made[i] as CheckedText<CardFacts>;
    byTeacher.set(card.facts.id, card);
    remember(cardsByDigest, record.digest, card, CARDS_BY_DIGEST_MAX);
  }
  return byTeacher;
}

/** Sets `key` as the newest entry of `map`, then drops the oldest entries past `max`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

/** A teacher's card (without a distance) from their stored record, and the facts a page reads. */
const cardOfRecord: Derivation<CardFacts> = (t: StoredRecord) => {
  const p = t.teacher_preference;
  const card: MatchCard = {
    id: t.id,
    name: t.name,
    profile_photo: t.profile_photo ?? null,
    verified: t.verification_status === 'verified',
    verification_status: t.verification_status,
    locality: localityOf(t.address ?? ''),
    distance_km: null,
    subjects: t.subjects.map((s) => ({ id: s.id, name: s.name })),
    teacher_preference: p && {
      teaching_mode: p.teaching_mode,
      prior_experience: p.prior_experience,
      preferred_medium: p.preferred_medium ?? [],
    },
    teacher_schedules: t.teacher_schedules,
  };
  return {
    value: card,
    facts: {
      id: t.id,
      subjectIds: t.subjects.map((s) => Number(s.id)),
      latitude: t.latitude === null ? null : Number(t.latitude),
      longitude: t.longitude === null ? null : Number(t.longitude),
    },
  };
};

/**
 * A card with its distance: the card's checked text with the distance written where it says null
 * (the key's one place in the text: a quote inside a string value is escaped), checked as a card of
 * its own (remembered by its text too).
 */
function withDistance(card: CheckedJson, km: number): CheckedJson {
  const at = card.text.indexOf(DISTANCE_NONE);
  if (at < 0) throw new Error('A matching card without its distance field');
  const text = `${card.text.slice(0, at)}"distance_km":${JSON.stringify(km)}${card.text.slice(at + DISTANCE_NONE.length)}`;
  return checkedTexts([text], MatchCard)[0] as CheckedJson;
}
const DISTANCE_NONE = '"distance_km":null';

/** What a card reads of a stored teacher record (its wire shape, contract/structs/teacher.ts). */
interface StoredRecord {
  id: number;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  profile_photo: string | null;
  verification_status: string;
  subjects: Array<{ id: number; name: string }>;
  teacher_preference: {
    teaching_mode: string;
    prior_experience: number;
    preferred_medium: string[] | null;
  } | null;
  teacher_schedules: MatchCard['teacher_schedules'];
}

/** Which request a matching page is for: one by id, or the caller's latest own request (the finder). */
export type MatchTarget = { requestId: number } | { latestOfCaller: true };

export interface MatchingContext {
  /** The caller's student and teacher records (null when not one, or not yet created). */
  callerStudentId: number | null;
  callerTeacherId: number | null;
  /** The request asked for (a copy sent to a teacher, or the student's own), null when none. */
  asked: RequestRow | null;
  /** The student's own request matching works from: the asked one, or the one it was sent from. */
  request: RequestRow | null;
  /** `request` in its wire shape. */
  serialized: TeacherStudentRequest | null;
  /** This page counted against the student's hourly limit: hits in the window, seconds left in it. */
  hit: Counter | null;
  /** Whether the caller's session is live, when asked (`sessionId`). */
  live?: boolean;
  /** The matching page, when it was read in the same statement (see `loadMatchingContext`). */
  page?: MatchResult;
  /**
   * This page's response as answered before, when nothing it was made from has changed since (the
   * generation of migration 0036 is the same): sent again as it is.
   */
  answered?: CheckedJson;
  /** Keeps this page's response (the caller may see it) for the next identical request. */
  keep?: (response: CheckedJson) => void;
}

/** What matching reads of the student's request, for one page of it. */
export function matchQueryOf(
  request: RequestRow,
  page: { filter: MatchFilter; limit: number; offset: number },
): MatchQuery {
  return {
    subjectIds: request.subjectIds,
    modeOfTeaching: request.modeOfTeaching,
    preferredMedium: request.preferredMedium,
    filter: page.filter,
    limit: page.limit,
    offset: page.offset,
    location:
      request.latitude === null || request.longitude === null
        ? null
        : { latitude: request.latitude, longitude: request.longitude },
    requestId: request.id,
  };
}

/**
 * The student's request each target led to when this process last served it: the page's statement
 * is built from it and runs inside the context's (see `loadMatchingContext`). Only a guess: the
 * statement checks it against the request as stored. Bounded: the targets served longest ago go first.
 */
const requestOfTarget = new Map<string, RequestRow>();
const REQUEST_OF_TARGET_MAX = 10_000;
/**
 * Pages answered, by target and page (and whether an administrator asked: they see every page), with
 * what they were made from and the generation (migration 0036) their statement read. The generation
 * changes with every committed write to anything a page reads, so a page whose generation is still
 * the one the database reads is the page that would be made now, byte for byte. Bounded: the pages
 * answered longest ago go first. Kept per database handle: a generation numbers the states of one
 * database only (a test's database is reset to the migrations' state, generation included, for the next).
 */
interface AnsweredPage {
  generation: string;
  asked: RequestRow;
  request: RequestRow;
  serialized: TeacherStudentRequest;
  response: CheckedJson;
}
const answeredPages = new WeakMap<Db, Map<string, AnsweredPage>>();
const ANSWERED_PAGES_MAX = 1_000;

const targetKey = (target: MatchTarget, studentUserId: number | null) =>
  'requestId' in target
    ? `id:${target.requestId}`
    : studentUserId === null
      ? null
      : `latest:${studentUserId}`;

/**
 * The matching page as a part of the context's statement, for the request this target led to last
 * time: read only when the stored request still asks for exactly the same (id, subjects, mode,
 * medium, location), the session is live and the caller may see it (an administrator, or the
 * request's student); otherwise the route reads the page in a statement of its own.
 */
function guessedPage(
  guess: RequestRow,
  page: { filter: MatchFilter; limit: number; offset: number },
  admin: boolean,
) {
  const q = matchQueryOf(guess, page);
  const statement = matchStatement(q);
  if (!statement.ctes) return null;
  const same = sql`coalesce((SELECT req.id = ${guess.id}::int
        AND req.subject_ids = ${`{${guess.subjectIds.join(',')}}`}::int[]
        AND req.mode_of_teaching = ${guess.modeOfTeaching} AND req.preferred_medium = ${guess.preferredMedium}
        AND req.latitude IS NOT DISTINCT FROM ${q.location?.latitude ?? null}::float8
        AND req.longitude IS NOT DISTINCT FROM ${q.location?.longitude ?? null}::float8 FROM req), false)
      AND me.live AND (${admin}::boolean OR me.student_id = (SELECT student_id FROM asked))`;
  return {
    statement,
    ctes: sql`, guess AS (SELECT ${same} AS same FROM me), ${statement.ctes}`,
    // The page's parts are read only when the guess holds (a scalar subquery runs when first needed).
    columns: sql`, (SELECT same FROM guess) AS page_read,
        CASE WHEN (SELECT same FROM guess) THEN ${statement.total} END AS page_total,
        CASE WHEN (SELECT same FROM guess) THEN ${statement.page} END AS page_cards`,
  };
}

/**
 * Everything a matching page needs before the matching itself, in one statement: the caller's student
 * and teacher ids, the request (and the one it was sent from), what its wire shape needs (subject
 * names, the student, the teacher) and, when the caller is the request's student and `count` is
 * set, one hit on their hourly limit of pages (the same counter as `hit`, server/lib/rate-limit.ts).
 * Who may see the page is decided by the caller from what this returns; nobody else is counted.
 * Given the caller's session (`sessionId`), it also answers whether that session is live (`live`),
 * so the access check needs no statement of its own (server/plugins/auth.ts, `sessionInStatement`);
 * a page for a session that is not live is not counted.
 */
export async function loadMatchingContext(
  db: Db,
  target: MatchTarget,
  caller: { studentUserId: number | null; teacherUserId: number | null },
  limit: { count: boolean; windowSeconds: number },
  sessionId?: string,
  /** The page the caller will serve if allowed: read in this statement when its request is known. */
  page?: { filter: MatchFilter; limit: number; offset: number; admin: boolean },
): Promise<MatchingContext> {
  const key = targetKey(target, caller.studentUserId);
  const pageKey =
    page && key !== null ? `${key}|${page.filter}|${page.limit}|${page.offset}|${page.admin}` : null;
  let answered = answeredPages.get(db);
  if (!answered) {
    answered = new Map();
    answeredPages.set(db, answered);
  }
  const before = pageKey === null ? undefined : answered.get(pageKey);
  // A page answered before is checked by its generation alone; should that have changed, the route
  // reads the page in a statement of its own (two or three in all, as for a first view).
  const guess = page && key !== null && !before ? requestOfTarget.get(key) : undefined;
  const guessed = guess && page ? guessedPage(guess, page, page.admin) : null;
  // What the response is made from is read only when it is not the page answered before.
  const changed = before ? sql`(SELECT n FROM gen) IS DISTINCT FROM ${before.generation}::bigint` : sql`true`;
  const askedRow =
    'requestId' in target
      ? sql`SELECT r.* FROM teacher_student_requests r WHERE r.id = ${target.requestId}::int`
      : sql`SELECT r.* FROM teacher_student_requests r, me
          WHERE r.student_id = me.student_id AND r.teacher_id IS NULL
          ORDER BY r.created_at DESC, r.id DESC LIMIT 1`;
  const counted = hitStatement(
    sql`'matching:student:' || req.student_id`,
    limit.windowSeconds,
    sql`FROM req, asked, me WHERE ${limit.count} AND me.live AND me.student_id = asked.student_id`,
  );
  const live = sessionId === undefined ? sql`true` : sessionLiveSql(sessionId);
  const [row] = rowsOf(
    await executePrepared(
      db,
      sql`
      WITH me AS (
        SELECT (SELECT s.id FROM students s WHERE s.user_id = ${caller.studentUserId}::int) AS student_id,
          (SELECT t.id FROM teachers t WHERE t.user_id = ${caller.teacherUserId}::int) AS teacher_id,
          ${live} AS live
      ), asked AS (${askedRow}
      ), req AS (
        SELECT r.* FROM asked a JOIN teacher_student_requests r ON r.id = coalesce(a.parent_request_id, a.id)
      ), hit AS (${counted}
      ), gen AS (SELECT n FROM matching_generation WHERE id = 1)${guessed?.ctes ?? sql``}
      SELECT me.student_id AS me_student, me.teacher_id AS me_teacher, me.live, (SELECT n FROM gen)::text AS generation,
        CASE WHEN ${changed} THEN (SELECT to_jsonb(asked) FROM asked) END AS asked,
        (SELECT asked.parent_request_id IS NULL FROM asked) AS own,
        CASE WHEN ${changed} THEN (SELECT to_jsonb(req) FROM req, asked WHERE asked.parent_request_id IS NOT NULL) END AS req,
        CASE WHEN ${changed} THEN (SELECT json_agg(json_build_object('id', s.id, 'name', s.name))
           FROM req JOIN subjects s ON s.id = ANY(req.subject_ids)) END AS subjects,
        CASE WHEN ${changed} THEN (SELECT json_build_object('id', st.id, 'name', st.name, 'address', st.address,
            'mobile', st.mobile_number, 'guardian', st.guardian_number, 'email', u.email)
           FROM req JOIN students st ON st.id = req.student_id JOIN users u ON u.id = st.user_id) END AS student,
        CASE WHEN ${changed} THEN (SELECT json_build_object('id', t.id, 'name', t.name, 'mobile', t.mobile_number,
            'whatsapp', t.whatsapp_number, 'email', t.email)
           FROM req JOIN teachers t ON t.id = req.teacher_id) END AS teacher,
        (SELECT hits FROM hit) AS hits, (SELECT reset FROM hit) AS reset, (SELECT blocked FROM hit) AS blocked
        ${guessed?.columns ?? sql``}
      FROM me`,
    ),
  );
  const generation = String(row.generation);
  const fresh = {
    callerStudentId: row.me_student === null ? null : Number(row.me_student),
    callerTeacherId: row.me_teacher === null ? null : Number(row.me_teacher),
    hit: row.hits === null || row.hits === undefined ? null : counterOf(row),
    ...(sessionId === undefined ? {} : { live: row.live === true }),
  };
  // Nothing the page was made from has changed (the same generation): the same rows, the same bytes.
  if (before && before.generation === generation)
    return {
      ...fresh,
      asked: before.asked,
      request: before.request,
      serialized: before.serialized,
      answered: before.response,
    };
  const asked = row.asked ? requestRowOf(jsonOf(row.asked)) : null;
  // The student's own request is the asked one itself (read once); a copy leads to the one it was sent from.
  const request = row.own === true ? asked : row.req ? requestRowOf(jsonOf(row.req)) : null;
  if (key !== null && request) remember(requestOfTarget, key, request, REQUEST_OF_TARGET_MAX);
  const subjectRows = jsonOf<Array<{ id: number; name: string }> | null>(row.subjects) ?? [];
  const serialized = request
    ? shapeRequest(request, {
        subjects: new Map(subjectRows.map((s) => [Number(s.id), { id: Number(s.id), name: s.name }])),
        student: row.student ? jsonOf(row.student) : undefined,
        teacher: row.teacher ? jsonOf(row.teacher) : undefined,
      })
    : null;
  return {
    ...fresh,
    asked,
    request,
    serialized,
    ...(guessed && row.page_read === true
      ? { page: await matchResultOf(db, guessed.statement, { total: row.page_total, page: row.page_cards }) }
      : {}),
    ...(pageKey !== null && asked && request && serialized
      ? {
          keep: (response: CheckedJson) =>
            remember(
              answered,
              pageKey,
              { generation, asked, request, serialized, response },
              ANSWERED_PAGES_MAX,
            ),
        }
      : {}),
  };
}

/** A teacher_student_requests row from its JSON (snake_case keys, ISO times) as Drizzle returns it. */
function requestRowOf(json: Record<string, unknown>): RequestRow {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json)) {
    const camel = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    out[camel] = key.endsWith('_at') && typeof value === 'string' ? new Date(value) : value;
  }
  return out as unknown as RequestRow;
}

/**
 * Subject ids a request may use, in the given order, deduplicated; 422 if any is unknown. Approved
 * subjects are everyone's; a pending subject only its author's (and administrators').
 */
export async function knownSubjectIds(
  db: Db,
  ids: unknown[],
  viewer: { type: 'user' | 'admin'; id: number },
): Promise<number[]> {
  const wanted = [...new Set(ids.map(Number))];
  const rows = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, wanted), eq(subjects.isActive, true), visibleSubject(viewer)));
  if (rows.length !== wanted.length) throw unprocessable({ subject_ids: REQUEST_MESSAGES.subjectsUnknown });
  return wanted;
}

/** Approved subjects, plus the viewer's own pending ones (administrators see every pending one). */
export function visibleSubject(viewer: { type: 'user' | 'admin'; id: number } | null): SQL {
  if (viewer?.type === 'admin') return sql`${subjects.status} IN ('approved', 'pending')`;
  if (!viewer) return eq(subjects.status, 'approved');
  return or(
    eq(subjects.status, 'approved'),
    and(eq(subjects.status, 'pending'), eq(subjects.createdByUserId, viewer.id)),
  )!;
}
