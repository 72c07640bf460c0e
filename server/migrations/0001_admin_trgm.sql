-- pg_trgm powers the admin teacher list search (D10); PGlite loads it, PostgreSQL needs the extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
