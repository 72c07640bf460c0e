import { RADIUS_MAX } from '../constants';

/**
 * Matching a student's request to teachers: which modes can be served, how a location is checked,
 * what a card says about place and verification, and the limits that keep one account from walking
 * the whole teacher base.
 */

/** Online teaching is not offered yet (the teacher's 'Online' option reads 'Currently unavailable'). */
export const ONLINE_TEACHING_AVAILABLE = false;

/** Cards per page and how deep a student may page through one request's matches. */
export const MATCH_PAGE_SIZE = 20;
export const MATCH_MAX_PAGES = 5;
/** Matching pages one student may load per hour (all their requests together). */
export const MATCH_PAGES_PER_HOUR = 120;
/** Farthest a teacher travels (the preference's maximum radius): the bounding box of the search. */
export const MATCH_MAX_RADIUS_KM = RADIUS_MAX;
/** The filter buttons of /teacherfinder (the wire values of the matching pages' `filter`). */
export const MATCH_FILTERS = ['all', 'online', 'offline', 'individual', 'group'] as const;
export type MatchFilter = (typeof MATCH_FILTERS)[number];

export const MATCH_MESSAGES = {
  filterInvalid: 'Choose All, Online, Offline, Individual or Group',
  requestNotFound: 'Could not find your request. Please try again.',
  loadFailed: 'Could not load matching teachers. Please try again.',
  changeFailed: 'Could not change your request. Please try again.',
  loadMoreFailed: 'Could not load more teachers. Please try again.',
  onlineUnavailable:
    'Online teaching is not available yet, so no teacher can take an online request. You can search teachers who teach offline instead.',
  searchOffline: 'Search offline teachers instead',
  onlineNoteOnForm: 'Online teaching is not available yet; choose Offline or Both to find teachers now.',
  notUsingDistance: 'Not using distance: share your location on the request to see teachers near you.',
  usingDistance: 'Showing teachers whose teaching radius covers your location, nearest first.',
  verificationPending: 'Verification pending',
  verified: 'Verified',
  away: (km: number) => `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`,
  pageLimit: `You can see up to ${MATCH_MAX_PAGES * MATCH_PAGE_SIZE} teachers for one request. Narrow your request to see others.`,
  rateLimited: 'You have looked through many teachers in a short time. Please wait a while and try again.',
  locationInvalid: 'Location must be a latitude between -90 and 90 and a longitude between -180 and 180',
  locationAsk: 'Use my location',
  locationAsking: 'Finding your location...',
  locationShared: 'Location shared: teachers are matched by distance.',
  locationDenied:
    'Location not shared. That is fine: we will match teachers without distance. You can try again.',
  locationUnavailable: 'Could not find your location. We will match teachers without distance.',
  locationClear: 'Do not use my location',
} as const;

/** Which teacher modes can serve a request in this mode, given what is offered today. */
export function servableTeacherModes(requestMode: string, onlineAvailable = ONLINE_TEACHING_AVAILABLE) {
  const wanted = requestMode === 'both' ? ['online', 'offline'] : [requestMode];
  const offered = wanted.filter((m) => m === 'offline' || (m === 'online' && onlineAvailable));
  return { online: offered.includes('online'), offline: offered.includes('offline') };
}

/** A latitude/longitude pair, or an error; both absent is no location (null). */
export function parseLocation(
  latitude: unknown,
  longitude: unknown,
): { value: { latitude: number; longitude: number } | null; error?: string } {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  if (blank(latitude) && blank(longitude)) return { value: null };
  const lat = Number(latitude);
  const lng = Number(longitude);
  if (
    blank(latitude) ||
    blank(longitude) ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  )
    return { value: null, error: MATCH_MESSAGES.locationInvalid };
  return { value: { latitude: lat, longitude: lng } };
}

const PIN = /\b(\d{3})\s?(\d{3})\b/;
const STATE_OR_COUNTRY = /^(west bengal|wb|india|bengal)$/i;

/**
 * The locality of an address for a card: the area and PIN, never the street. Takes the last part of
 * the address that names a place (not the state or country) and the 6-digit PIN if present:
 * '12 Park Street, Ballygunge, Kolkata 700019' -> 'Kolkata 700019';
 * 'Flat 3, Salt Lake, West Bengal' -> 'Salt Lake'.
 */
export function localityOf(address: string | null | undefined): string {
  if (!address) return '';
  const pinMatch = address.match(PIN);
  const pin = pinMatch ? `${pinMatch[1]}${pinMatch[2]}` : '';
  const parts = address
    .split(/[,\n]/)
    .map((p) =>
      p
        .replace(PIN, '')
        .replace(/[-–]\s*$/, '')
        .trim(),
    )
    .filter((p) => p && !STATE_OR_COUNTRY.test(p) && !/\d/.test(p));
  const area = parts.at(-1) ?? '';
  return [area, pin].filter(Boolean).join(' ').slice(0, 80);
}
