-- PGlite runs no autovacuum, so a GIN pending list would only grow and every search would scan it:
-- write trigram entries straight into the index (teachers register rarely; searches are frequent).
ALTER INDEX teachers_search_trgm_idx SET (fastupdate = off);
