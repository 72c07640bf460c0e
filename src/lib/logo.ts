/**
 * The logo (the same drawing as public/logo.svg, which stays the favicon) as a data URI, so the
 * header costs no request of its own on a slow network.
 */
export const LOGO_SRC = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1c7ed6"/><path d="M14 22l18-9 18 9-18 9z" fill="#fff"/><path d="M22 27v10c0 4 20 4 20 0V27l-10 5z" fill="#ffd43b"/><path d="M50 22v14" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;
